import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { CurrentBrand, Staff } from '@trackside/platform';
import { invalid } from '../queries/strapi-where';
import { EventLogPageObject, EventLogStreamsResultObject, ProcessorStatusObject } from './event-log.objects';
import { EventLogService } from './event-log.service';

/** The back office's Tools (superAdmin): an event-log browser by stream and the processors' status. */
@Resolver()
@Staff('superAdmin')
export class EventLogResolver {
  constructor(private readonly log: EventLogService) {}

  @Query(() => EventLogStreamsResultObject, {
    description: 'This brand’s streams (whose first event it wrote), by id; prefix e.g. "lot-".',
  })
  async eventLogStreams(
    @Args('prefix', { type: () => String, nullable: true }) prefix: string | null,
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @CurrentBrand() brand: string,
  ): Promise<EventLogStreamsResultObject> {
    if ((prefix?.length ?? 0) > 200) throw invalid('prefix is at most 200 characters');
    return this.log.streams(brand, prefix ?? null, start ?? null, limit ?? null);
  }

  @Query(() => EventLogPageObject, { nullable: true, description: 'A page of one stream’s events of this brand, from a version on.' })
  async eventLogStream(
    @Args('streamId') streamId: string,
    @Args('fromVersion', { type: () => Int, nullable: true }) fromVersion: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @CurrentBrand() brand: string,
  ): Promise<EventLogPageObject | null> {
    if (streamId.length === 0 || streamId.length > 300) throw invalid('streamId must be 1 to 300 characters');
    return this.log.stream(brand, streamId, fromVersion ?? null, limit ?? null);
  }

  @Query(() => [ProcessorStatusObject], { description: 'Where each of the auction service’s log processors stands.' })
  processorStatuses(): Promise<ProcessorStatusObject[]> {
    return this.log.processors();
  }
}
