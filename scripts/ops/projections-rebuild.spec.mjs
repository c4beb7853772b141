import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rebuildProjections, serviceCommands } from './projections-rebuild.mjs';

/**
 * The dispatcher of `npm run projections:rebuild` over stand-in service CLIs that behave like the
 * real ones (services/auction/test/e2e/projections-rebuild-cli.e2e-spec.ts and
 * services/catalogue/test/e2e/projections-rebuild-cli.e2e-spec.ts run those).
 */
describe('scripts/ops/projections-rebuild.mjs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'trackside-projections-rebuild-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A CLI owning `names`; `fails` makes a full rebuild exit 1. It notes each run in `<dir>/runs-<service>`. */
  function fakeCli(service, names, { fails = false } = {}) {
    const script = join(dir, `${service}.mjs`);
    writeFileSync(
      script,
      `import { appendFileSync } from 'node:fs';
const names = ${JSON.stringify(names)};
const only = process.argv[2] === '--only' ? process.argv[3] : undefined;
appendFileSync(${JSON.stringify(join(dir, `runs-${service}`))}, (only ?? '*') + '\\n');
console.error('Using the embedded PostgreSQL');
if (only !== undefined && !names.includes(only)) {
  console.error('No projection named "' + only + '". Projections: ' + names.join(', '));
  process.exit(2);
}
if (${fails}) { console.error('database unreachable'); process.exit(1); }
console.log('Rebuilt ' + (only ?? names.join(', ')) + ' (${service})');
`,
    );
    return { service, script };
  }

  async function run(only, commands) {
    const out = [];
    const err = [];
    const code = await rebuildProjections({
      only,
      commands,
      out: { write: (chunk) => out.push(String(chunk)) },
      err: { write: (chunk) => err.push(String(chunk)) },
    });
    return { code, stdout: out.join(''), stderr: err.join('') };
  }

  const auction = fakeCli('auction', ['auction-read-models', 'auction-search']);
  const catalogue = fakeCli('catalogue', ['catalogue-search']);

  it('runs every service in turn without --only', async () => {
    const { code, stdout } = await run(undefined, [auction, catalogue]);
    expect(code).toBe(0);
    expect(stdout).toBe('Rebuilt auction-read-models, auction-search (auction)\nRebuilt catalogue-search (catalogue)\n');
  });

  it('stops at the first service that fails, with its exit code', async () => {
    const broken = fakeCli('broken', ['x'], { fails: true });
    const last = fakeCli('last', ['y']);
    const { code, stdout, stderr } = await run(undefined, [broken, last]);
    expect(code).toBe(1);
    expect(stderr).toContain('database unreachable');
    expect(stdout).toBe('');
  });

  it('--only goes to the service that owns the name; the others’ "No projection named" is not shown', async () => {
    const owned = await run('catalogue-search', [auction, catalogue]);
    expect(owned.code).toBe(0);
    expect(owned.stdout).toBe('Rebuilt catalogue-search (catalogue)\n');
    expect(owned.stderr).not.toContain('No projection named');
    expect(owned.stderr).toContain('Using the embedded PostgreSQL');

    const first = await run('auction-search', [auction, catalogue]);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe('Rebuilt auction-search (auction)\n');
  });

  it('--only with a name no service owns exits 2 listing every service’s names', async () => {
    const { code, stderr } = await run('no-such-projection', [auction, catalogue]);
    expect(code).toBe(2);
    expect(stderr).toContain(
      'No projection named "no-such-projection" in any service. Projections: auction: auction-read-models, auction-search; catalogue: catalogue-search',
    );
  });

  it('finds the built CLIs of both services under dist/', () => {
    expect(serviceCommands('/srv/dist')).toEqual([
      { service: 'auction', script: '/srv/dist/services/auction/src/cli/rebuild-projections.js' },
      { service: 'catalogue', script: '/srv/dist/services/catalogue/src/cli/rebuild-projections.js' },
    ]);
  });
});
