import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rotateJwtSecret } from './rotate-jwt-secret.mjs';

const oldKey = 'o'.repeat(40);

describe('scripts/ops/rotate-jwt-secret.mjs', () => {
  const script = fileURLToPath(new URL('./rotate-jwt-secret.mjs', import.meta.url));

  it('moves the current key to JWT_PREVIOUS_SECRET, dropping older ones unless asked to keep them', () => {
    expect(rotateJwtSecret({ current: oldKey, previous: 'x'.repeat(40), newKey: 'n'.repeat(40) })).toEqual({
      JWT_SECRET: 'n'.repeat(40),
      JWT_PREVIOUS_SECRET: oldKey,
    });
    expect(rotateJwtSecret({ current: oldKey, previous: `${'x'.repeat(40)}, ${oldKey}`, keepOlder: true, newKey: 'n'.repeat(40) })).toEqual(
      {
        JWT_SECRET: 'n'.repeat(40),
        JWT_PREVIOUS_SECRET: `${oldKey},${'x'.repeat(40)}`,
      },
    );
    expect(() => rotateJwtSecret({ current: 'short' })).toThrow(/at least 32/);
  });

  it('prints KEY=value lines from the environment, and refuses unknown arguments', () => {
    const run = (args, env) =>
      spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env } });
    const ok = run([], { JWT_SECRET: oldKey });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(new RegExp(`^JWT_SECRET=[A-Za-z0-9_-]{64}\\nJWT_PREVIOUS_SECRET=${oldKey}\\n$`));
    expect(run([], {}).status).toBe(2);
    const bad = run(['--force'], { JWT_SECRET: oldKey });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/unknown argument --force/);
  });
});
