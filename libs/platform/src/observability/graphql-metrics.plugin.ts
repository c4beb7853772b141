import { performance } from 'node:perf_hooks';
import { graphqlSeconds } from './metrics-registry';

interface RequestContextLike {
  operationName?: string | null;
  operation?: { operation?: string } | null;
  errors?: ReadonlyArray<unknown>;
}

/**
 * An Apollo Server plugin timing each GraphQL operation by name (`trackside_graphql_operation_seconds`).
 * An anonymous operation counts as `anonymous`; one refused before it was parsed or validated as `invalid`.
 */
export function graphqlMetricsPlugin() {
  return {
    async requestDidStart() {
      const started = performance.now();
      return {
        async willSendResponse(context: RequestContextLike) {
          const type = context.operation?.operation ?? 'invalid';
          const operation = context.operation ? (context.operationName ?? 'anonymous') : 'invalid';
          const outcome = context.errors && context.errors.length > 0 ? 'error' : 'ok';
          graphqlSeconds.observe({ operation, type, outcome }, (performance.now() - started) / 1000);
        },
      };
    },
  };
}
