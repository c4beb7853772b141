import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:web`: the web app's pure specs (src/**\/*.spec.ts) and the browser tests
 * (e2e/*.e2e-spec.ts, Debian's chromium through playwright-core against a fresh all-in-one).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: { '@trackside/contracts/': fileURLToPath(new URL('../libs/contracts/src/', import.meta.url)) },
  },
  define: { __BUILD_DATE__: JSON.stringify('2026-01-01T00:00:00.000Z') },
  test: {
    include: ['src/**/*.spec.ts', 'e2e/**/*.e2e-spec.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
