// `docker compose config` for every compose file set the docs name, without Docker: the Go program
// in deploy/compose-check loads them with compose-go, the library docker compose itself loads
// compose files with (schema validation, include, overrides, interpolation, normalisation,
// consistency, env_file resolution), and fails with the loader's message. docs/operations.md,
// "The topology", says what it checks and what deploy/check.mjs checks besides.
//
//   node scripts/deploy/compose-config.mjs                 validate every combination (CI does this)
//   node scripts/deploy/compose-config.mjs --print [name]  also print the normalised configuration
//                                                          (of one combination: base, opensearch, eventstoredb, root)
//   node scripts/deploy/compose-config.mjs install         build the checker only, print its path
//
// The checker is built once per source version (a hash of deploy/compose-check/*) and cached in
// $(go env GOPATH)/bin, like the other Go tools of the peer tests. Needs Go on the PATH.
//
// Each combination is loaded in a scratch copy of deploy/ and docker-compose.yml whose deploy/.env
// is deploy/.env.example with stand-ins for the secrets an operator fills in: the documented set-up
// (`cp deploy/.env.example deploy/.env`), independent of the caller's shell and of a developer's
// own deploy/.env (never copied). Every combination is loaded twice: with no profile, and with
// every profile enabled (`--profile '*'`).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE = join(ROOT, 'deploy/compose-check');

/** The compose file sets docs/operations.md and the files' own headers name, as `docker compose -f ...` takes them. */
export const COMBINATIONS = [
  { name: 'base', files: ['deploy/compose.yml'] },
  { name: 'opensearch', files: ['deploy/compose.yml', 'deploy/compose.opensearch.yml'] },
  { name: 'eventstoredb', files: ['deploy/compose.yml', 'deploy/compose.eventstoredb.yml'] },
  { name: 'root', files: ['docker-compose.yml'] },
];

/** Stand-ins for the secrets deploy/.env must set (the same shapes deploy/check.mjs uses). */
export const SECRET_STAND_INS = {
  POSTGRES_PASSWORD: 'p'.repeat(32),
  JWT_SECRET: 'j'.repeat(64),
  FEED_PSEUDONYM_KEY: 'f'.repeat(64),
};

function go(args, options = {}) {
  const result = spawnSync('go', args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, ...options });
  if (result.error) throw new Error(`compose-check: could not run go (${result.error.message}); Go is required`);
  return result;
}

/** True when a Go toolchain is on the PATH (the spec skips without one). */
export function hasGo() {
  return !spawnSync('go', ['version'], { encoding: 'utf8' }).error;
}

function goBinDir() {
  const gobin = go(['env', 'GOBIN']).stdout.trim();
  if (gobin) return gobin;
  return join(go(['env', 'GOPATH']).stdout.trim().split(':')[0], 'bin');
}

/** Hash of the checker's sources: a changed program or pinned version builds a new binary. */
function sourceHash() {
  const hash = createHash('sha256');
  for (const file of readdirSync(SOURCE).sort()) {
    if (!/\.go$|^go\.(mod|sum)$/.test(file)) continue;
    hash.update(`${file}\0`).update(readFileSync(join(SOURCE, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/** Path of the cached checker binary, building it when this source version has none yet. */
export function ensureComposeCheck({ log = (line) => console.error(line) } = {}) {
  const binDir = goBinDir();
  const binary = join(binDir, `trackside-compose-check-${sourceHash()}`);
  if (existsSync(binary)) return binary;
  log(`compose-check: building deploy/compose-check (once per source version; cached as ${binary})`);
  mkdirSync(binDir, { recursive: true });
  const partial = `${binary}.partial-${process.pid}`;
  const build = go(['build', '-trimpath', '-buildvcs=false', '-o', partial, '.'], {
    cwd: SOURCE,
    env: { ...process.env, CGO_ENABLED: '0' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0) {
    rmSync(partial, { force: true });
    throw new Error(`compose-check: go build failed with exit code ${build.status}`);
  }
  // Renamed only when complete, so an interrupted build is never taken for a cached binary.
  renameSync(partial, binary);
  return binary;
}

/** deploy/.env.example with every empty secret of SECRET_STAND_INS filled in. */
export function standInDotEnv(example = readFileSync(join(ROOT, 'deploy/.env.example'), 'utf8')) {
  return example
    .split('\n')
    .map((line) => {
      const match = /^([A-Z0-9_]+)=\s*$/.exec(line);
      return match && match[1] in SECRET_STAND_INS ? `${match[1]}=${SECRET_STAND_INS[match[1]]}` : line;
    })
    .join('\n');
}

/**
 * A scratch copy of the compose inputs (deploy/ without .env files the developer made, plus
 * docker-compose.yml) with deploy/.env from standInDotEnv(). Returns its root and a remover.
 */
export function prepareWorkspace({ dotEnv = standInDotEnv() } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'trackside-compose-config-'));
  cpSync(join(ROOT, 'deploy'), join(root, 'deploy'), {
    recursive: true,
    // Real env files may hold real secrets; compose-check is Go source, not compose input.
    filter: (source) => !/^\.env$|^[a-z-]+\.env$|^compose-check$/.test(basename(source)),
  });
  cpSync(join(ROOT, 'docker-compose.yml'), join(root, 'docker-compose.yml'));
  if (dotEnv !== null) writeFileSync(join(root, 'deploy/.env'), dotEnv);
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * Runs the checker like `docker compose -f <files> config` in `cwd`, with only PATH and HOME from
 * the caller's environment (plus `env`), so a variable set in the shell cannot hide a missing one.
 */
export function runComposeCheck(binary, { cwd, files, args = [], env = {} }) {
  const result = spawnSync(binary, [...files.flatMap((file) => ['-f', file]), ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PWD: cwd, ...env },
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Loads every combination with and without all profiles; returns the failures (empty when all pass). */
export function checkAll(binary, { print = null, log = console.log } = {}) {
  const workspace = prepareWorkspace();
  const failures = [];
  try {
    for (const combination of COMBINATIONS) {
      for (const profiles of [[], ['--profile', '*']]) {
        const printing = print !== null && (print === '' || print === combination.name) && profiles.length === 0;
        const args = ['--strict', ...profiles, ...(printing ? [] : ['-q'])];
        const result = runComposeCheck(binary, { cwd: workspace.root, files: combination.files, args });
        const label = `${combination.files.map((file) => `-f ${file}`).join(' ')}${profiles.length ? " --profile '*'" : ''}`;
        const stderr = result.stderr.split(workspace.root).join(ROOT).trim();
        if (result.status !== 0) failures.push(`docker compose ${label} config:\n${stderr}`);
        else log(`compose-config: docker compose ${label} config: valid${stderr ? `\n${stderr}` : ''}`);
        if (printing && result.status === 0) log(result.stdout.split(workspace.root).join(ROOT));
      }
    }
  } finally {
    workspace.remove();
  }
  return failures;
}

function main(argv) {
  if (argv[0] === 'install') {
    console.log(ensureComposeCheck());
    return 0;
  }
  const printIndex = argv.indexOf('--print');
  const print = printIndex === -1 ? null : (argv[printIndex + 1] ?? '');
  if (print && !COMBINATIONS.some((combination) => combination.name === print)) {
    console.error(`compose-config: unknown combination ${print} (${COMBINATIONS.map((c) => c.name).join(', ')})`);
    return 2;
  }
  const failures = checkAll(ensureComposeCheck(), { print });
  for (const failure of failures) console.error(`compose-config: ${failure}`);
  if (failures.length > 0) return 1;
  console.log(`compose-config: ${COMBINATIONS.length} compose file sets load as docker compose config loads them`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    process.exit(main(process.argv.slice(2)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
