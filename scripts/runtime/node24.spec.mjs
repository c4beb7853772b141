import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedBin, defaultCacheDir, parseRuntimeArgs, versionMatches } from './node24.mjs';

const script = fileURLToPath(new URL('./node24.mjs', import.meta.url));
const env = { HOME: '/home/ci' };
const scratch = [];

/** A cache directory whose bin/node is a shell script reporting the given version. */
function fakeCache(version) {
  const dir = mkdtempSync(join(tmpdir(), 'node24-spec-'));
  scratch.push(dir);
  mkdirSync(join(dir, 'bin'));
  writeFileSync(join(dir, 'bin', 'node'), `#!/bin/sh\necho ${version}\n`);
  chmodSync(join(dir, 'bin', 'node'), 0o755);
  return dir;
}

afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('node24 runtime script: arguments', () => {
  it('defaults to Node 24 in the user cache, outside the repository', () => {
    expect(parseRuntimeArgs(['install'], env)).toEqual({
      command: 'install',
      dir: '/home/ci/.cache/trackside/node24',
      version: '24',
      commandArgs: [],
    });
    expect(defaultCacheDir({ HOME: '/h', XDG_CACHE_HOME: '/xdg' })).toBe('/xdg/trackside/node24');
    expect(defaultCacheDir({ HOME: '/h', TRACKSIDE_NODE24_DIR: '/opt/n24' })).toBe('/opt/n24');
  });

  it('takes --dir and --version as separate or inline values', () => {
    expect(parseRuntimeArgs(['install', '--dir', 'rel/cache', '--version=24.21.0'], env)).toMatchObject({
      dir: resolve('rel/cache'),
      version: '24.21.0',
    });
    expect(parseRuntimeArgs(['bin', '--dir=/c', '--version', '24.21'], env)).toMatchObject({ dir: '/c', version: '24.21' });
  });

  it('passes everything after -- to run, options included', () => {
    expect(parseRuntimeArgs(['run', '--dir', '/c', '--', 'npm', 'test', '--', '--dir', 'x'], env)).toMatchObject({
      command: 'run',
      dir: '/c',
      commandArgs: ['npm', 'test', '--', '--dir', 'x'],
    });
  });

  it.each([
    [[], /unknown command ""/],
    [['fetch'], /unknown command "fetch"/],
    [['install', '--force'], /unknown option --force/],
    [['install', '--dir'], /--dir needs a value/],
    [['install', '--dir', '--version', '24'], /--dir needs a value/],
    [['install', '--version='], /--version needs a value/],
    [['install', '--version', '22'], /must be 24 or 24\.x\.y, not 22/],
    [['install', '--version', '24.x'], /must be 24 or 24\.x\.y/],
    [['install', '--version', '240'], /must be 24 or 24\.x\.y/],
    [['run'], /run needs a command after --/],
    [['run', '--'], /run needs a command after --/],
    [['install', '--', 'npm'], /install takes no command/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseRuntimeArgs(argv, env)).toThrow(message);
  });
});

describe('node24 runtime script: the cache', () => {
  it('matches versions by their leading parts', () => {
    expect(versionMatches('v24.21.0', '24')).toBe(true);
    expect(versionMatches('v24.21.0', '24.21')).toBe(true);
    expect(versionMatches('v24.21.0', '24.2')).toBe(false);
    expect(versionMatches('v22.12.0', '24')).toBe(false);
    expect(versionMatches(null, '24')).toBe(false);
  });

  it('reuses a cached Node 24 and ignores another major or an empty cache', () => {
    const node24 = fakeCache('v24.21.0');
    expect(cachedBin(node24)).toBe(join(node24, 'bin'));
    expect(cachedBin(node24, '24.20')).toBeNull();
    expect(cachedBin(fakeCache('v22.12.0'))).toBeNull();
    expect(cachedBin(join(tmpdir(), 'node24-spec-missing'))).toBeNull();
  });

  it('bin prints the cached directory, and fails with a message when nothing is cached', () => {
    const node24 = fakeCache('v24.21.0');
    const found = spawnSync(process.execPath, [script, 'bin', '--dir', node24], { encoding: 'utf8' });
    expect(found.status).toBe(0);
    expect(found.stdout.trim()).toBe(join(node24, 'bin'));
    const missing = spawnSync(process.execPath, [script, 'bin', '--dir', fakeCache('v20.20.2')], { encoding: 'utf8' });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/no Node 24 in .* \(run install first\)/);
  });

  it('run puts the cached bin first on PATH without fetching again', () => {
    const node24 = fakeCache('v24.21.0');
    const child = spawnSync(process.execPath, [script, 'run', '--dir', node24, '--', 'sh', '-c', 'node'], { encoding: 'utf8' });
    expect(child.status).toBe(0);
    expect(child.stdout.trim()).toBe('v24.21.0');
  });

  it('exits 2 with the usage line on bad arguments', () => {
    const child = spawnSync(process.execPath, [script, 'install', '--version', '20'], { encoding: 'utf8' });
    expect(child.status).toBe(2);
    expect(child.stderr).toMatch(/--version must be 24/);
  });
});
