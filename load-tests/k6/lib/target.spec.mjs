// The guard shared by the k6 scripts and `npm run seed:load`, and the k6 settings built on it.
import { describe, expect, it } from 'vitest';
import { loadSettings, parseList, positiveNumber } from './settings.js';
import { checkTarget, REMOTE_OPT_IN } from './target.js';

const files = (map) => (path) => {
  if (!(path in map)) throw new Error(`no file ${path}`);
  return map[path];
};

describe('load target guard', () => {
  it('allows this machine without any opt-in', () => {
    expect(checkTarget('http://127.0.0.1:3000/')).toBe('http://127.0.0.1:3000');
    expect(checkTarget('http://127.1.2.3:8080')).toBe('http://127.1.2.3:8080');
    expect(checkTarget('http://localhost:8080')).toBe('http://localhost:8080');
    expect(checkTarget('http://[::1]:3000')).toBe('http://[::1]:3000');
  });

  it('refuses any other host without the opt-in, with a message that says how to opt in', () => {
    for (const origin of [
      'http://10.0.0.5:3000',
      'http://192.168.1.2',
      'https://example.com',
      'http://127.0.0.1.example.com',
      'http://[::2]:3000',
    ]) {
      expect(() => checkTarget(origin)).toThrow(/not this machine .*no opt-in was given.*ALLOW_REMOTE_TARGET=yes-i-own-this-deployment/);
    }
  });

  it('accepts a non-loopback host only with the exact opt-in value', () => {
    expect(checkTarget('https://auctions.example.com/', REMOTE_OPT_IN)).toBe('https://auctions.example.com');
    for (const almost of ['true', 'yes', '1', 'YES-I-OWN-THIS-DEPLOYMENT']) {
      expect(() => checkTarget('https://auctions.example.com', almost)).toThrow(/is not the expected one/);
    }
  });

  it('refuses what is not an origin (paths, other schemes, nothing)', () => {
    for (const url of ['auctions.example.com', 'ws://127.0.0.1:3000', 'http://127.0.0.1:3000/graphql', '', undefined]) {
      expect(() => checkTarget(url, REMOTE_OPT_IN)).toThrow(/must be an origin/);
    }
  });
});

describe('k6 settings', () => {
  const seed = JSON.stringify({
    target: 'http://127.0.0.1:3000',
    brand: 'trackside',
    lots: ['lot-a', 'lot-b', 'lot-c'],
    tokens: ['t1', 't2'],
    bidders: [{ email: 'b1@load.test', password: 'Pw!12345' }],
  });

  it('reads the seed:load file: target, brand, tokens and lots', () => {
    const run = loadSettings({ SEED_FILE: 'seed.json' }, files({ 'seed.json': seed }));
    expect(run).toEqual({
      target: 'http://127.0.0.1:3000',
      brand: 'trackside',
      tokenSource: 'seed',
      tokens: ['t1', 't2'],
      credentials: [],
      lots: ['lot-a', 'lot-b', 'lot-c'],
    });
  });

  it('refuses a non-loopback BASE_URL without ALLOW_REMOTE_TARGET, before reading anything', () => {
    const read = () => {
      throw new Error('read a file');
    };
    expect(() => loadSettings({ BASE_URL: 'https://auctions.example.com', SEED_FILE: 'seed.json' }, read)).toThrow(/not this machine/);
    const remote = loadSettings(
      { BASE_URL: 'https://auctions.example.com', ALLOW_REMOTE_TARGET: REMOTE_OPT_IN, TOKENS_FILE: 'tokens.txt', LOTS: 'x, y' },
      files({ 'tokens.txt': '# bidders\nt1\n\nt2\n' }),
    );
    expect(remote).toMatchObject({ target: 'https://auctions.example.com', tokenSource: 'file', tokens: ['t1', 't2'], lots: ['x', 'y'] });
  });

  it('signs in with the seeded credentials, takes lots from a file and an offset', () => {
    const run = loadSettings(
      { SEED_FILE: 'seed.json', TOKEN_SOURCE: 'sign-in', LOTS_FILE: 'lots.json', LOT_OFFSET: '1' },
      files({ 'seed.json': seed, 'lots.json': '["l1","l2","l3"]' }),
    );
    expect(run).toMatchObject({
      tokenSource: 'sign-in',
      tokens: [],
      credentials: [{ email: 'b1@load.test', password: 'Pw!12345' }],
      lots: ['l2', 'l3'],
    });
  });

  it('refuses a seed file of another deployment or brand, and runs with nothing to bid on', () => {
    const read = files({ 'seed.json': seed });
    expect(() => loadSettings({ SEED_FILE: 'seed.json', BASE_URL: 'http://127.0.0.1:4000' }, read)).toThrow(
      /written for http:\/\/127.0.0.1:3000/,
    );
    expect(() => loadSettings({ SEED_FILE: 'seed.json', BRAND: 'jewelry' }, read)).toThrow(/brand trackside/);
    expect(() => loadSettings({ SEED_FILE: 'seed.json', LOT_OFFSET: '3' }, read)).toThrow(/no lots to bid on/);
    expect(() => loadSettings({ LOTS: 'x' }, read)).toThrow(/no bidder tokens/);
    expect(() => loadSettings({ LOTS: 'x', TOKEN_SOURCE: 'magic' }, read)).toThrow(/TOKEN_SOURCE must be one of/);
  });

  it('parses lists and numbers', () => {
    expect(parseList('["a", " b ", ""]')).toEqual(['a', 'b']);
    expect(parseList('a\r\nb\n# c\n')).toEqual(['a', 'b']);
    expect(positiveNumber({ VUS: '5' }, 'VUS', 1)).toBe(5);
    expect(positiveNumber({}, 'VUS', 1)).toBe(1);
    expect(() => positiveNumber({ VUS: 'many' }, 'VUS', 1)).toThrow(/VUS must be a number/);
  });
});
