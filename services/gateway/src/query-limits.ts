import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
  visit,
} from 'graphql';
import { GATEWAY_MESSAGES } from '@trackside/contracts';

export interface QueryMeasure {
  depth: number;
  cost: number;
}

const LIST_ARGUMENTS = new Set(['limit', 'first', 'last', 'pageSize']);
/** A list field without a limit argument is assumed to return this many items. */
const DEFAULT_LIST_SIZE = 1;
const MAX_LIST_FACTOR = 1000;

/**
 * What a root query field costs before its selection (issue 18, M3): each one is at least one
 * database round trip in a subgraph, so none is as cheap as a nested scalar. Full-text search,
 * filtered lists with counts and the staff's log/report scans cost most; any other root field costs
 * ROOT_FIELD_WEIGHT. Nested fields cost 1 (read from the row their parent loaded).
 */
export const ROOT_FIELD_WEIGHTS: Readonly<Record<string, number>> = {
  auctionSearch: 100,
  listingsByDetails: 50,
  directories: 50,
  mediaArticles: 30,
  auctionsByBrandAndStatus: 30,
  auctionMarketplace: 30,
  auctionsByNetwork: 30,
  auctionsAcceptedFromNetwork: 30,
  myAuctions: 20,
  myAuctionsBidByUser: 20,
  myListings: 20,
  myDirectories: 20,
  bids: 20,
  users: 30,
  cmsUsers: 30,
  usersCount: 20,
  cmsAuctions: 30,
  cmsAuctionCounts: 30,
  cmsCatalogueCounts: 30,
  cmsPaymentCounts: 30,
  cmsCommentReports: 30,
  eventLogStream: 50,
  eventLogStreams: 50,
  capturedEmails: 30,
  newsletterSubscribers: 30,
  findAllFlat: 20,
  findAllInHierarchy: 20,
};
export const ROOT_FIELD_WEIGHT = 5;

/**
 * Depth and estimated cost of an operation: a root query field costs its weight (ROOT_FIELD_WEIGHTS),
 * any other field 1, and a field with a `limit`-like argument multiplies the cost of what it selects by that limit (variables resolved). Fragments
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
  const rootWeight = (name: string, depth: number): number =>
    depth === 1 && operation.operation === 'query' && !name.startsWith('__') ? (ROOT_FIELD_WEIGHTS[name] ?? ROOT_FIELD_WEIGHT) : 1;
  const walk = (set: SelectionSetNode, depth: number, seen: Set<string>): QueryMeasure => {
    let maxDepth = depth;
    let cost = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const weight = rootWeight(selection.name.value, depth);
        let factor = DEFAULT_LIST_SIZE;
        for (const argument of selection.arguments ?? []) {
          if (LIST_ARGUMENTS.has(argument.name.value))
            factor = Math.max(1, Math.min(MAX_LIST_FACTOR, numberOf(argument.value, variables) ?? 1));
        }
        if (selection.selectionSet) {
          const inner = walk(selection.selectionSet, depth + 1, seen);
          maxDepth = Math.max(maxDepth, inner.depth);
          cost += weight + factor * inner.cost;
        } else {
          cost += weight;
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

/**
 * True when a string argument (a literal in the document or any variable value) holds a NUL
 * character: PostgreSQL cannot store or compare one in text, so a search or filter with it failed
 * as an internal error (issue 18, L4). The gateway refuses it as bad input before any subgraph runs.
 */
export function hasNulInput(document: DocumentNode, variables: Record<string, unknown> | undefined): boolean {
  let found = false;
  visit(document, {
    StringValue(node) {
      if (node.value.includes('\u0000')) found = true;
    },
  });
  return found || containsNul(variables, 0);
}

function containsNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  const items = Array.isArray(value) ? (value as unknown[]) : Object.entries(value).flat();
  return items.some((item) => containsNul(item, depth + 1));
}

export function nulInputError(): GraphQLError {
  return new GraphQLError(GATEWAY_MESSAGES.nulInput, {
    extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
  });
}
