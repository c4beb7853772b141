import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';

/**
 * A user owned by the identity subgraph; this subgraph only knows the id. The gateway resolves
 * the other fields (username, avatar, ...) once identity is composed.
 */
@ObjectType('UsersPermissionsUser')
@Directive('@key(fields: "id", resolvable: false)')
export class UserReference {
  @Field(() => ID)
  id: string;
}
