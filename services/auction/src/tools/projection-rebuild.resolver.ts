import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CurrentBrand, CurrentUser, Staff, type AuthUser } from '@trackside/platform';
import { ProcessorStatusObject } from './event-log.objects';
import { EventLogService } from './event-log.service';
import { ProjectionRebuildService } from './projection-rebuild.service';

/** Tools (superAdmin): rebuild one auction projection from the log while the service runs. */
@Resolver()
@Staff('superAdmin')
export class ProjectionRebuildResolver {
  constructor(
    private readonly rebuilds: ProjectionRebuildService,
    private readonly log: EventLogService,
  ) {}

  @Mutation(() => ProcessorStatusObject, {
    description:
      'Empties ONE auction projection (name as processorStatuses lists it) and its checkpoint; its running processor then replays the whole log into it. It holds every brand’s rows: all brands’ lists are incomplete until it has caught up (auction-search excepted: it replays into a copy beside the live one and switches when caught up, docs/search.md). Answers the processor’s status right after the reset.',
  })
  async rebuildProjections(
    @Args('name') name: string,
    @CurrentUser() user: AuthUser,
    @CurrentBrand() brand: string,
  ): Promise<ProcessorStatusObject> {
    await this.rebuilds.rebuild(name, { actorId: user.id, brand });
    const status = (await this.log.processors()).find((processor) => processor.name === name);
    if (!status) throw new Error(`No checkpoint row for ${name} after its reset`);
    return status;
  }
}
