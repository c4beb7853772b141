import { Field, Float, GraphQLISODateTime, Int, ObjectType, type ObjectTypeOptions } from '@nestjs/graphql';

/** What a status page shows of one log processor (the fields of the event store's `ProcessorStatus`). */
export interface ProcessorStatusFields {
  name: string;
  kind: string;
  position: string;
  lagEvents: number;
  lagSeconds: number;
  lastError: string | null;
  lastErrorAt: Date | null;
  updatedAt: Date;
}

/**
 * The processor status GraphQL type under a subgraph's own name: federation composes a type two
 * subgraphs define only when it is marked shareable, and each subgraph answers for its own
 * processors (docs/decisions.md "Processor status in every service"). One definition, one name per
 * subgraph.
 */
export function processorStatusObjectType(name: string, types: ObjectTypeOptions) {
  @ObjectType(name, types)
  class ProcessorStatusObject implements ProcessorStatusFields {
    @Field(() => String) name: string;
    @Field(() => String, { description: '"checkpoint" (a row in eventstore.checkpoints) or "follower" (in memory, this instance).' })
    kind: string;
    @Field(() => String, { description: 'The checkpoint ("<transaction>/<position>"; empty before the first event).' }) position: string;
    @Field(() => Int, { description: 'Events of the processor’s filter after its position (counted up to 100,000).' }) lagEvents: number;
    @Field(() => Float, { description: 'Age of the oldest event it has not processed yet; 0 when caught up.' }) lagSeconds: number;
    @Field(() => String, { nullable: true, description: 'Its last batch failure seen by this instance, cleared by the next success.' })
    lastError: string | null;
    @Field(() => GraphQLISODateTime, { nullable: true }) lastErrorAt: Date | null;
    @Field(() => GraphQLISODateTime, { description: 'When the position last moved.' }) updatedAt: Date;
  }
  return ProcessorStatusObject;
}
