import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { ApolloFederationDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import type { DynamicModule } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { createGraphQLErrorFormatter } from '../errors/graphql-error-formatter';
import type { AppLogger } from '../logging/json-logger';

export interface SubgraphOptions {
  /** The service's module and its GraphQL types module: only their resolvers and types are in the schema. */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- Nest's own module list type
  modules: Function[];
  /** Where unexpected resolver errors are logged (the formatter answers a generic message). */
  logger: Pick<AppLogger, 'error'>;
  /** GRAPHQL_PLAYGROUND: the GraphiQL page at /graphql. */
  playground: boolean;
}

/**
 * A service's federated subgraph at /graphql, wired the same way for every service: the Apollo
 * federation driver, the request as context, the platform's error formatting (spec codes in
 * extensions.code, domain errors mapped once, no stack traces), no per-field tracing, and no
 * SIGTERM handling of its own (the process's ShutdownCoordinator owns it, libs/platform/src/boot).
 */
export function federatedGraphQLModule(options: SubgraphOptions): DynamicModule {
  return GraphQLModule.forRoot<ApolloDriverConfig>({
    driver: ApolloFederationDriver,
    // Only this service's resolvers and types, even when other subgraphs share the process
    // (@nestjs/graphql 14.0.3 drops `include` for federated schemas: includeModules too).
    include: options.modules,
    buildSchemaOptions: { includeModules: options.modules } as ApolloDriverConfig['buildSchemaOptions'],
    autoSchemaFile: { federation: 2 },
    sortSchema: true,
    path: '/graphql',
    context: ({ req }: { req: unknown }) => ({ req }),
    formatError: createGraphQLErrorFormatter(options.logger),
    graphiql: options.playground,
    includeStacktraceInErrorResponses: false,
    stopOnTerminationSignals: false,
    // No Apollo usage reporting here: skip per-field tracing of federated requests.
    plugins: [ApolloServerPluginInlineTraceDisabled()],
  });
}
