// Rotating the token signing key without signing everyone out (docs/operations.md, "Rotating the
// token signing key"): prints the two settings of the rotation. The new JWT_SECRET signs every new
// token; the old key moves to JWT_PREVIOUS_SECRET, where every service still accepts its tokens until
// they expire (JWT_EXPIRES_IN_SECONDS), after which it can be dropped.
//
//   JWT_SECRET=<current> [JWT_PREVIOUS_SECRET=<older>] node scripts/ops/rotate-jwt-secret.mjs [--keep-older]
//
// Without --keep-older an older previous key is dropped (rotate at most once per token lifetime);
// with it, the older keys stay listed after the current one. Reads the environment, prints
// `KEY=value` lines on stdout and nothing else, so the output can be appended to an env file.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIN_LENGTH = 32;

/** The settings after a rotation: { JWT_SECRET, JWT_PREVIOUS_SECRET }; throws on unusable input. */
export function rotateJwtSecret({ current, previous = '', keepOlder = false, newKey = randomBytes(48).toString('base64url') }) {
  if (!current || current.length < MIN_LENGTH) {
    throw new Error(`rotate-jwt-secret: JWT_SECRET must hold the current key (at least ${MIN_LENGTH} characters)`);
  }
  if (newKey === current) throw new Error('rotate-jwt-secret: the new key equals the current one');
  const older = keepOlder
    ? previous
        .split(',')
        .map((key) => key.trim())
        .filter((key) => key.length > 0 && key !== current && key !== newKey)
    : [];
  return { JWT_SECRET: newKey, JWT_PREVIOUS_SECRET: [current, ...older].join(',') };
}

/** Reads the command line; only --keep-older is known. */
export function parseRotateArgs(argv) {
  const unknown = argv.filter((arg) => arg !== '--keep-older');
  if (unknown.length > 0)
    throw new Error(`rotate-jwt-secret: unknown argument ${unknown[0]}\nusage: node scripts/ops/rotate-jwt-secret.mjs [--keep-older]`);
  return { keepOlder: argv.includes('--keep-older') };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { keepOlder } = parseRotateArgs(process.argv.slice(2));
    const settings = rotateJwtSecret({ current: process.env.JWT_SECRET, previous: process.env.JWT_PREVIOUS_SECRET, keepOlder });
    for (const [key, value] of Object.entries(settings)) console.log(`${key}=${value}`);
  } catch (error) {
    console.error(error.message);
    process.exitCode = 2;
  }
}
