// The documented k6 settings (`k6 run -e NAME=value`, listed in load-tests/README.md) turned into
// one run description: target, brand, where the bidder tokens come from and which lots to bid on.
// Plain ES module (no k6 import) so vitest checks it; `read` is k6's open() in the scripts.
import { checkTarget, parseOrigin } from './target.js';

export const DEFAULT_TARGET = 'http://127.0.0.1:3000';
export const DEFAULT_BRAND = 'trackside';
const TOKEN_SOURCES = ['seed', 'file', 'sign-in'];

/** A JSON array of strings, or one entry per line (blank lines and `#` comments skipped). */
export function parseList(text) {
  const trimmed = String(text ?? '').trim();
  if (trimmed.startsWith('['))
    return JSON.parse(trimmed)
      .map((entry) => String(entry).trim())
      .filter(Boolean);
  return trimmed
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** `[{ email, password }]` from a credentials file or the seed file's `bidders`. */
function credentialsOf(list, where) {
  if (!Array.isArray(list) || list.length === 0) throw new Error(`TOKEN_SOURCE=sign-in needs bidder credentials: ${where} has none`);
  return list.map((entry, index) => {
    if (!entry || typeof entry.email !== 'string' || typeof entry.password !== 'string') {
      throw new Error(`${where}: entry ${index} needs "email" and "password"`);
    }
    return { email: entry.email, password: entry.password };
  });
}

function tokensOf(env, seed, read) {
  const source = env.TOKEN_SOURCE || (env.TOKENS_FILE ? 'file' : 'seed');
  if (!TOKEN_SOURCES.includes(source)) throw new Error(`TOKEN_SOURCE must be one of ${TOKEN_SOURCES.join(', ')} (got ${source})`);
  if (source === 'file') {
    if (!env.TOKENS_FILE) throw new Error('TOKEN_SOURCE=file needs TOKENS_FILE (one bidder JWT per line, or a JSON array)');
    return { tokenSource: source, tokens: parseList(read(env.TOKENS_FILE)), credentials: [] };
  }
  if (source === 'sign-in') {
    const credentials = env.CREDENTIALS_FILE
      ? credentialsOf(JSON.parse(read(env.CREDENTIALS_FILE)), 'CREDENTIALS_FILE')
      : credentialsOf(seed.bidders, 'SEED_FILE');
    return { tokenSource: source, tokens: [], credentials };
  }
  const tokens = Array.isArray(seed.tokens) ? seed.tokens : [];
  if (tokens.length === 0)
    throw new Error('no bidder tokens: give SEED_FILE (written by npm run seed:load), TOKENS_FILE, or TOKEN_SOURCE=sign-in');
  return { tokenSource: source, tokens, credentials: [] };
}

function lotsOf(env, seed, read, lotsKey) {
  let lots;
  if (env.LOTS) lots = parseList(env.LOTS.split(',').join('\n'));
  else if (env.LOTS_FILE) lots = parseList(read(env.LOTS_FILE));
  else lots = Array.isArray(seed[lotsKey]) ? seed[lotsKey] : Array.isArray(seed.lots) ? seed.lots : [];
  const offset = Number(env.LOT_OFFSET || 0);
  if (!Number.isInteger(offset) || offset < 0) throw new Error(`LOT_OFFSET must be a whole number (got ${env.LOT_OFFSET})`);
  const chosen = lots.slice(offset);
  if (chosen.length === 0)
    throw new Error('no lots to bid on: give SEED_FILE (npm run seed:load), LOTS_FILE or LOTS=<id>,<id> (and check LOT_OFFSET)');
  return chosen;
}

/**
 * The run: { target, brand, tokenSource, tokens, credentials, lots }. `lotsKey` names the seed
 * file's own list for this script (the bench seeds graphqlLots and socketLots apart); `lots` is
 * the list every seed:load file has.
 */
export function loadSettings(env, read, { lotsKey = 'lots' } = {}) {
  const target = checkTarget(env.BASE_URL || DEFAULT_TARGET, env.ALLOW_REMOTE_TARGET);
  const seed = env.SEED_FILE ? JSON.parse(read(env.SEED_FILE)) : {};
  // Tokens and lots of one deployment mean nothing on another: refuse the mix-up early.
  const seededFor = seed.target ? parseOrigin(seed.target)?.origin : null;
  if (seededFor && seededFor !== target) throw new Error(`SEED_FILE was written for ${seededFor}, but BASE_URL is ${target}`);
  const brand = env.BRAND || seed.brand || DEFAULT_BRAND;
  if (seed.brand && env.BRAND && env.BRAND !== seed.brand)
    throw new Error(`SEED_FILE was written for brand ${seed.brand}, but BRAND is ${env.BRAND}`);
  return { target, brand, ...tokensOf(env, seed, read), lots: lotsOf(env, seed, read, lotsKey) };
}

/** A positive number from the environment, or `fallback`; anything else stops the run with its name. */
export function positiveNumber(env, name, fallback) {
  if (env[name] === undefined || env[name] === '') return fallback;
  const value = Number(env[name]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0 (got ${env[name]})`);
  return value;
}
