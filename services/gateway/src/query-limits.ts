import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

export interface QueryMeasure {
  depth: number;
  cost: number;
}

const LIST_ARGUMENTS = new Set(['limit', 'first', 'last', 'pageSize']);
/** A list field without a limit argument is assumed to return this many items. */
const DEFAULT_LIST_SIZE = 1;
const MAX_LIST_FACTOR = 1000;

/**
 * Depth and estimated cost of an operation: every field costs 1, and a field with a `limit`-like
 * argument multiplies the cost of what it selects by that limit (variables resolved). Fragments
 * are followed; a fragment cycle (already invalid GraphQL) stops the walk.
 */
export function measureOperation(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | undefined,
): QueryMeasure {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const walk = (set: SelectionSetNode, depth: number, seen: Set<string>): QueryMeasure => {
    let maxDepth = depth;
    let cost = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        let factor = DEFAULT_LIST_SIZE;
        for (const argument of selection.arguments ?? []) {
          if (LIST_ARGUMENTS.has(argument.name.value))
            factor = Math.max(1, Math.min(MAX_LIST_FACTOR, numberOf(argument.value, variables) ?? 1));
        }
        if (selection.selectionSet) {
          const inner = walk(selection.selectionSet, depth + 1, seen);
          maxDepth = Math.max(maxDepth, inner.depth);
          cost += 1 + factor * inner.cost;
        } else {
          cost += 1;
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const inner = walk(selection.selectionSet, depth, seen);
        maxDepth = Math.max(maxDepth, inner.depth);
        cost += inner.cost;
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment || seen.has(name)) continue;
        const inner = walk(fragment.selectionSet, depth, new Set([...seen, name]));
        maxDepth = Math.max(maxDepth, inner.depth);
        cost += inner.cost;
      }
    }
    return { depth: maxDepth, cost };
  };
  return walk(operation.selectionSet, 1, new Set());
}

function numberOf(value: ValueNode, variables: Record<string, unknown> | undefined): number | null {
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const bound = variables?.[value.name.value];
    return typeof bound === 'number' ? bound : null;
  }
  return null;
}

/** True for operations that only introspect the schema (GraphiQL, codegen). */
export function isIntrospectionOnly(operation: OperationDefinitionNode): boolean {
  return operation.selectionSet.selections.every((selection) => selection.kind === Kind.FIELD && selection.name.value.startsWith('__'));
}

export function limitError(message: string, code: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code, http: { status: 400 } } });
}
