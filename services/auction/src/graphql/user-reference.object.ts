import { AUCTION_TYPES } from './auction-graphql-types';
import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';

/**
 * A user owned by the identity subgraph; this subgraph only knows the id. The gateway resolves
 * the other fields (username, avatar, ...) once identity is composed.
 */
@ObjectType('UsersPermissionsUser', AUCTION_TYPES)
@Directive('@key(fields: "id", resolvable: false)')
export class UserReference {
  @Field(() => ID)
  id: string;
}
