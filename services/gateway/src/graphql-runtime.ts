import { createRequire } from 'node:module';

/**
 * graphql-js exactly as @apollo/gateway and graphql-armor load it (CommonJS). Validating a document
 * against the gateway's composed schema needs the functions of the module that built the schema: a
 * second copy (the ES module build a bundler or test runner may resolve) refuses it as "from another
 * module or realm".
 */
export const graphqlRuntime = createRequire(import.meta.url)('graphql') as typeof import('graphql');
