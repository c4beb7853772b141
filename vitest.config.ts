import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const lib = (name: string): string => fileURLToPath(new URL(`./libs/${name}/src/index.ts`, import.meta.url));

export default defineConfig({
  plugins: [
    // SWC instead of esbuild: NestJS, TypeORM and GraphQL code-first need emitted decorator metadata.
    swc.vite({
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        target: 'es2022',
        keepClassNames: true,
      },
    }),
  ],
  resolve: {
    alias: {
      '@trackside/event-store': lib('event-store'),
      '@trackside/contracts': lib('contracts'),
      '@trackside/platform': lib('platform'),
      '@trackside/testing': lib('testing'),
      '@trackside/auction-service': fileURLToPath(new URL('./services/auction/src/index.ts', import.meta.url)),
      '@trackside/identity-service': fileURLToPath(new URL('./services/identity/src/index.ts', import.meta.url)),
      '@trackside/catalogue-service': fileURLToPath(new URL('./services/catalogue/src/index.ts', import.meta.url)),
      '@trackside/realtime-service': fileURLToPath(new URL('./services/realtime/src/index.ts', import.meta.url)),
      '@trackside/gateway-service': fileURLToPath(new URL('./services/gateway/src/index.ts', import.meta.url)),
      '@trackside/all-in-one-service': fileURLToPath(new URL('./services/all-in-one/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: [
      'libs/**/*.spec.ts',
      'libs/**/*.int-spec.ts',
      'services/**/*.spec.ts',
      'services/**/*.int-spec.ts',
      'services/**/*.e2e-spec.ts',
      'load-tests/**/*.spec.mjs',
      'scripts/**/*.spec.mjs',
    ],
    exclude: ['**/node_modules/**', 'dist/**', 'web/**'],
    globalSetup: ['libs/testing/src/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
