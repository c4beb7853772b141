import { Inject } from '@nestjs/common';
import { Query, Resolver } from '@nestjs/graphql';
import { readProcessorStatuses, sqlExecutorOf } from '@trackside/event-store';
import {
  CLOCK,
  type Clock,
  AccountStatusCache,
  accountStatusProcessor,
  processorStatusObjectType,
  Staff,
  type ProcessorStatusFields,
} from '@trackside/platform';
import { IDENTITY_TYPES } from '../graphql/identity-graphql-types';
import { IdentityEventStore } from '../infrastructure/event-store.provider';
import { IDENTITY_PROCESSORS } from './identity-processors';

export const IdentityProcessorStatusObject = processorStatusObjectType('IdentityProcessorStatus', IDENTITY_TYPES);
export type IdentityProcessorStatusObject = ProcessorStatusFields;

/** The back office's Tools (superAdmin): where identity's log processors stand. */
@Resolver()
export class IdentityProcessorStatusResolver {
  constructor(
    private readonly events: IdentityEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly accounts: AccountStatusCache,
  ) {}

  @Query(() => [IdentityProcessorStatusObject], { description: 'Where each of the identity service’s log processors stands (superAdmin).' })
  @Staff('superAdmin')
  identityProcessorStatuses(): Promise<IdentityProcessorStatusObject[]> {
    return readProcessorStatuses(
      sqlExecutorOf(this.events.pool),
      [...IDENTITY_PROCESSORS, accountStatusProcessor(this.accounts)],
      this.clock.now(),
    );
  }
}
