import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GraphQLError, Kind, type DocumentNode, type OperationDefinitionNode, type ValidationRule } from 'graphql';
import type { NextFunction, Request, Response } from 'express';
import { GATEWAY_MESSAGES } from '@trackside/contracts';
import type { AppLogger, AuthUser } from '@trackside/platform';
import type { GatewayConfig } from './config/gateway-config';
import { hasNulInput, isIntrospectionOnly, limitError, measureOperation, nulInputError } from './query-limits';
import type { GatewayRateLimits } from './rate-limiter';

/** Who sent an operation, as the limits key it. */
export interface LimitSubject {
  user: AuthUser | null;
  address: string;
}

/** The standard introspection query (GraphiQL, codegen) nests `ofType` this deep; other limits still apply. */
const INTROSPECTION_DEPTH = 15;

/**
 * Every limit an operation must pass before the gateway runs it, whatever way it came in (JSON or a
 * GraphQL multipart upload, issue 18 M2/M3):
 * - graphql-armor validation rules: aliases, depth, directives (tokens are capped while parsing,
 *   see `parseOptions`; suggestions are dropped by formatGatewayError);
 * - the weighted cost and depth of query-limits.ts (database-backed root fields weigh more);
 * - no NUL character in any string input (PostgreSQL text cannot hold one, L4);
 * - a per-address request rate (`requestRate`, before parsing) and the per-user and per-address mutation rates (one token per
 *   top-level mutation field, so aliases cannot batch past them).
 * Introspection goes through all of them (with a deeper depth allowance for its `ofType` chains).
 */
export class OperationLimits {
  readonly armor: { plugins: ApolloServerPlugin[]; validationRules: ValidationRule[] };
  /** For ApolloServer `parseOptions`: graphql-js counts tokens while it parses. */
  readonly parseOptions: { maxTokens: number };

  constructor(
    private readonly config: GatewayConfig,
    private readonly log: AppLogger,
    /** Shared by every gateway instance when the gateway has a database (rate-limiter.ts). */
    private readonly rates: GatewayRateLimits,
  ) {
    const { plugins, validationRules } = new ApolloArmor({
      // Suggestions are removed by the gateway's formatError (gateway-errors.ts): armor's mask only
      // replaces the quoted names and leaves a stray "?" in the message.
      blockFieldSuggestion: { enabled: false },
      // The weighted cost below replaces armor's flat one (it has no per-field weights).
      costLimit: { enabled: false },
      maxAliases: { n: config.GRAPHQL_MAX_ALIASES, exposeLimits: true },
      maxDepth: { n: Math.max(config.GRAPHQL_MAX_DEPTH, INTROSPECTION_DEPTH), exposeLimits: true },
      maxDirectives: { n: config.GRAPHQL_MAX_DIRECTIVES, exposeLimits: true },
      // Tokens are capped by graphql-js's own parser option (ApolloServer parseOptions.maxTokens):
      // armor's token plugin throws from parsingDidStart, which Apollo answers as a 500.
      maxTokens: { enabled: false },
    }).protect();
    this.armor = { plugins, validationRules };
    this.parseOptions = { maxTokens: config.GRAPHQL_MAX_TOKENS };
  }

  /** Rejects with the GraphQL error (400 or 429) of the first limit the operation exceeds. */
  async check(
    document: DocumentNode,
    operation: OperationDefinitionNode,
    variables: Record<string, unknown> | undefined,
    who: LimitSubject,
  ): Promise<void> {
    if (hasNulInput(document, variables)) throw nulInputError();
    const introspection = isIntrospectionOnly(operation);
    const maxDepth = introspection ? Math.max(this.config.GRAPHQL_MAX_DEPTH, INTROSPECTION_DEPTH) : this.config.GRAPHQL_MAX_DEPTH;
    const measure = measureOperation(document, operation, variables);
    if (measure.depth > maxDepth)
      throw limitError(`Query is too deep: ${measure.depth} levels, at most ${maxDepth}.`, 'query.depth.exceeded');
    if (measure.cost > this.config.GRAPHQL_MAX_COST)
      throw limitError(`Query is too expensive: cost ${measure.cost}, at most ${this.config.GRAPHQL_MAX_COST}.`, 'query.cost.exceeded');
    if (operation.operation !== 'mutation') return;
    const fields = Math.max(1, operation.selectionSet.selections.filter((selection) => selection.kind === Kind.FIELD).length);
    // One point per field, both counts at once (one round trip each when they live in PostgreSQL).
    const [byUser, byAddress] = await Promise.all([
      who.user ? this.rates.mutationsPerUser.take(`${who.user.brand}:${who.user.id}`, fields) : true,
      this.rates.mutationsPerAddress.take(who.address, fields),
    ]);
    if (!byUser || !byAddress) throw this.tooMany('Mutation', who);
  }

  /**
   * Express middleware in front of /graphql: one token per request and client address, taken before
   * the body is read or parsed, so refused, malformed and introspection requests count too.
   */
  requestRate() {
    return (req: Request, res: Response, next: NextFunction): void => {
      const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
      this.rates.queriesPerAddress.take(address).then((allowed) => {
        if (allowed) return next();
        const error = this.tooMany('Query', { user: null, address });
        res.status(429).json({ errors: [{ message: error.message, extensions: { code: error.extensions.code } }] });
      }, next);
    };
  }

  /** The Apollo plugin running `check` on every resolved operation, plus armor's own plugins. */
  plugins(): Array<ApolloServerPlugin<LimitSubject>> {
    const limits: ApolloServerPlugin<LimitSubject> = {
      requestDidStart: async () => ({
        didResolveOperation: async ({ document, operation, request, contextValue }) => {
          if (operation) await this.check(document, operation, request.variables, contextValue);
        },
      }),
    };
    return [...(this.armor.plugins as Array<ApolloServerPlugin<LimitSubject>>), limits];
  }

  private tooMany(kind: 'Query' | 'Mutation', who: LimitSubject): GraphQLError {
    this.log.warn(`${kind} rate limit reached`, { user: who.user?.id ?? null, address: who.address });
    return new GraphQLError(GATEWAY_MESSAGES.tooManyRequests, {
      extensions: { code: 'TOO_MANY_REQUESTS', http: { status: 429 } },
    });
  }
}
