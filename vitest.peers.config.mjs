import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:peers`: tests against real peers started by scripts of the repo (a Kafka broker
 * from Maven Central jars, scripts/peers/kafka.mjs; stripe-mock built with `go install`,
 * scripts/peers/stripe-mock.mjs; SeaweedFS, an S3-compatible server built from its Go module,
 * scripts/peers/seaweedfs.mjs), one file at a time. Each file starts and stops its own peer, so
 * the Kafka, Stripe and S3 tests do not depend on each other. `npm test` never picks up *.peer-spec.ts.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['services/**/*.peer-spec.ts', 'libs/**/*.peer-spec.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
