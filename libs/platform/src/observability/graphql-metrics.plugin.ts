import { performance } from 'node:perf_hooks';
import { graphqlSeconds } from './metrics-registry';

interface RequestContextLike {
  operationName?: string | null;
  operation?: { operation?: string } | null;
  errors?: ReadonlyArray<unknown>;
}

/** Operation names are the client's choice: at most this many distinct ones become series, the rest count as `other`. */
export const MAX_OPERATION_NAMES = 500;
const seen = new Set<string>();

function operationLabel(name: string | null | undefined): string {
  if (!name) return 'anonymous';
  if (!/^[A-Za-z_]\w{0,99}$/.test(name)) return 'other';
  if (seen.has(name)) return name;
  if (seen.size >= MAX_OPERATION_NAMES) return 'other';
  seen.add(name);
  return name;
}

/**
 * An Apollo Server plugin timing each GraphQL operation by name (`trackside_graphql_operation_seconds`).
 * An anonymous operation counts as `anonymous`; one refused before it was parsed or validated as
 * `invalid`; names past MAX_OPERATION_NAMES as `other`, so a client cannot grow the series without bound.
 */
export function graphqlMetricsPlugin() {
  return {
    async requestDidStart() {
      const started = performance.now();
      return {
        async willSendResponse(context: RequestContextLike) {
          const type = context.operation?.operation ?? 'invalid';
          const operation = context.operation ? operationLabel(context.operationName) : 'invalid';
          const outcome = context.errors && context.errors.length > 0 ? 'error' : 'ok';
          graphqlSeconds.observe({ operation, type, outcome }, (performance.now() - started) / 1000);
        },
      };
    },
  };
}
