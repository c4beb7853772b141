import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMBINATIONS, ROOT, checkAll, ensureComposeCheck, hasGo, prepareWorkspace, runComposeCheck } from './compose-config.mjs';

// The checker is a Go program: without a Go toolchain these tests cannot build it (CI has Go; it
// installs stripe-mock and SeaweedFS with it too).
const GO = hasGo();
const title = GO
  ? 'compose-config: compose files through the docker compose loader'
  : 'compose-config (skipped: Go is not on the PATH, so deploy/compose-check cannot be built)';

describe.skipIf(!GO)(title, () => {
  let binary = '';
  const workspaces = [];

  beforeAll(() => {
    // Cached in $(go env GOPATH)/bin after the first build (about 10 s, longer with a cold module cache).
    binary = ensureComposeCheck({ log: () => {} });
  });

  afterEach(() => {
    for (const workspace of workspaces.splice(0)) workspace.remove();
  });

  /** A scratch copy of deploy/ and docker-compose.yml; `dotEnv: null` leaves deploy/.env out. */
  function workspace(options) {
    const created = prepareWorkspace(options);
    workspaces.push(created);
    return created.root;
  }

  /** Loads deploy/compose.yml plus one extra override file with the given content. */
  function loadWithOverride(content) {
    const root = workspace();
    writeFileSync(join(root, 'deploy/compose.broken.yml'), content);
    return runComposeCheck(binary, { cwd: root, files: ['deploy/compose.yml', 'deploy/compose.broken.yml'], args: ['-q'] });
  }

  it('loads every compose file set the docs name, with and without all profiles', () => {
    expect(COMBINATIONS.map((combination) => combination.name)).toEqual(['base', 'opensearch', 'eventstoredb', 'root']);
    expect(checkAll(binary, { log: () => {} })).toEqual([]);
  });

  it('fails on a key the compose schema does not know, naming it', () => {
    const result = loadWithOverride('services:\n  auction:\n    enviroment: { SEARCH_ENGINE: opensearch }\n');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/compose\.broken\.yml: services\.auction\.enviroment/);
  });

  it('fails on a malformed interpolation', () => {
    const result = loadWithOverride('services:\n  auction:\n    environment: { OPENSEARCH_URL: "${OPENSEARCH_URL" }\n');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/invalid interpolation format for services\.auction\.environment\.OPENSEARCH_URL/);
  });

  it('fails on a value of the wrong type and on a dependency on a service that does not exist', () => {
    const replicas = loadWithOverride('services:\n  gateway:\n    deploy: { replicas: two }\n');
    expect(replicas.status).toBe(1);
    expect(replicas.stderr).toMatch(/services\.gateway\.deploy\.replicas/);
    const dependency = loadWithOverride('services:\n  gateway:\n    depends_on: { search: { condition: service_healthy } }\n');
    expect(dependency.status).toBe(1);
    expect(dependency.stderr).toMatch(/service "gateway" depends on undefined service "search"/);
  });

  it('fails when a required env file is missing', () => {
    const root = workspace();
    unlinkSync(join(root, 'deploy/env/gateway.env.example'));
    const result = runComposeCheck(binary, { cwd: root, files: ['deploy/compose.yml'], args: ['-q'] });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/env file .*deploy\/env\/gateway\.env\.example not found/);
  });

  it('refuses the unfilled deploy/.env.example, naming each secret to set', () => {
    const root = workspace({ dotEnv: null });
    writeFileSync(join(root, 'deploy/.env'), readFileSync(join(ROOT, 'deploy/.env.example'), 'utf8'));
    const result = runComposeCheck(binary, { cwd: root, files: ['deploy/compose.yml'], args: ['-q'] });
    expect(result.status).toBe(1);
    for (const name of ['POSTGRES_PASSWORD', 'JWT_SECRET', 'FEED_PSEUDONYM_KEY'])
      expect(result.stderr).toContain(`required variable ${name} is missing a value: set ${name} in deploy/.env`);
  });

  it('from the repository root without deploy/.env, says which secret is missing (not a missing file)', () => {
    const root = workspace({ dotEnv: null });
    const result = runComposeCheck(binary, { cwd: root, files: ['docker-compose.yml'], args: ['-q'] });
    expect(result.status).toBe(1);
    expect(result.stderr).not.toMatch(/no such file/);
    expect(result.stderr).toContain('required variable JWT_SECRET is missing a value: set JWT_SECRET in deploy/.env');
  });

  it('fails on loader warnings with --strict (an obsolete version key)', () => {
    const root = workspace();
    writeFileSync(join(root, 'deploy/compose.old.yml'), "version: '3.8'\nservices:\n  gateway:\n    init: true\n");
    const files = ['deploy/compose.yml', 'deploy/compose.old.yml'];
    expect(runComposeCheck(binary, { cwd: root, files, args: ['-q'] }).status).toBe(0);
    const strict = runComposeCheck(binary, { cwd: root, files, args: ['-q', '--strict'] });
    expect(strict.status).toBe(1);
    expect(strict.stderr).toMatch(/the attribute `version` is obsolete/);
  });

  it('prints the normalised configuration: overrides merged, env files resolved, secrets interpolated', () => {
    const root = workspace();
    const result = runComposeCheck(binary, { cwd: root, files: ['deploy/compose.yml', 'deploy/compose.opensearch.yml'] });
    expect(result.status).toBe(0);
    const auction = result.stdout.slice(result.stdout.indexOf('\n  auction:\n'), result.stdout.indexOf('\n  catalogue:\n'));
    expect(auction).toContain('SEARCH_ENGINE: opensearch'); // from the overlay
    expect(auction).toContain('KAFKA_BROKERS: kafka:9092'); // from env/auction.env.example
    expect(auction).toContain(`JWT_SECRET: ${'j'.repeat(64)}`); // from deploy/.env
    expect(result.stdout).toMatch(/\n {2}opensearch:\n/);
  });
});
