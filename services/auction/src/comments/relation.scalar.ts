import { Scalar, type CustomScalar } from '@nestjs/graphql';
import { RELATION_SCALAR_MESSAGE } from '@trackside/contracts';
import { GraphQLError, Kind, type ValueNode } from 'graphql';

/** Marker type of the `Relation` scalar in `@Args(..., { type: () => Relation })`. */
export class Relation {}

/**
 * The plugin's `Relation` scalar (strapi-plugin-comments, Strapi v3): the related slug a comment
 * was created with, here always `auction:{id}`. Parsed as text; the resolvers check its shape so
 * a wrong relation gets the comment catalogue's code rather than a generic scalar error.
 * A Nest `@Scalar` class (registered as a provider), so Nest builds the GraphQL type itself.
 */
@Scalar('Relation', () => Relation)
export class RelationScalar implements CustomScalar<string, string> {
  description = 'The related slug of a comment thread: auction:{id}.';

  parseValue(value: unknown): string {
    if (typeof value !== 'string') throw new GraphQLError(RELATION_SCALAR_MESSAGE);
    return value;
  }

  serialize(value: unknown): string {
    return String(value);
  }

  parseLiteral(ast: ValueNode): string {
    if (ast.kind !== Kind.STRING) throw new GraphQLError(RELATION_SCALAR_MESSAGE);
    return ast.value;
  }
}
