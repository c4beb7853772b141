import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import guards of `npm run depcruise` (.dependency-cruiser.cjs; issue 19 part 9): run on a
 * small tree shaped like the repository, they refuse exactly the imports they are meant to.
 */
const ROOT = join(import.meta.dirname, '../../../..');
const rules = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as IConfiguration;

const TREE: Record<string, string> = {
  'services/b/src/index.ts': "export { inner } from './inner';\n",
  'services/b/src/inner.ts': 'export const inner = 1;\n',
  'services/b/test/support/kit.ts': 'export const kit = 1;\n',
  'services/a/src/public.ts': "import { inner } from '../../b/src/index';\nexport const a = inner;\n",
  'services/a/src/private.ts': "import { inner } from '../../b/src/inner';\nexport const b = inner;\n",
  'services/a/src/kit-in-code.ts': "import { kit } from '../../b/test/support/kit';\nexport const c = kit;\n",
  'services/a/test/kit.e2e-spec.ts': "import { kit } from '../../b/test/support/kit';\nexport const d = kit;\n",
  'services/a/test/private.e2e-spec.ts': "import { inner } from '../../b/src/inner';\nexport const e = inner;\n",
  'web/src/app.ts': "import { inner } from '../../services/b/src/index';\nexport const f = inner;\n",
  'libs/l/src/index.ts': "import { inner } from '../../../services/b/src/index';\nexport const g = inner;\n",
};

const base = mkdtempSync(join(tmpdir(), 'import-guards-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('import guards (dependency-cruiser)', () => {
  it("refuse another service's source (code and tests), a test kit in code, and services from the web app and libraries", async () => {
    for (const [path, text] of Object.entries(TREE)) {
      mkdirSync(dirname(join(base, path)), { recursive: true });
      writeFileSync(join(base, path), text);
    }
    const result = await cruise(['services', 'web', 'libs'], {
      baseDir: base,
      ruleSet: { forbidden: rules.forbidden },
      tsPreCompilationDeps: true,
      validate: true,
    });
    const output = typeof result.output === 'string' ? null : result.output;
    const found = (output?.summary.violations ?? []).map((violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`);
    expect(found.sort()).toEqual(
      [
        'no-other-service-source: services/a/src/private.ts -> services/b/src/inner.ts',
        'no-other-service-source: services/a/src/kit-in-code.ts -> services/b/test/support/kit.ts',
        'no-other-service-source-in-tests: services/a/test/private.e2e-spec.ts -> services/b/src/inner.ts',
        'no-web-to-services: web/src/app.ts -> services/b/src/index.ts',
        'no-library-to-services: libs/l/src/index.ts -> services/b/src/index.ts',
      ].sort(),
    );
  });
});
