import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LotCommandsService, type MaxBidResult } from './lot-commands.service';
import { SetMaxBidCommand } from './lot-commands';

/** Runs a bidder's maximum through the one lot command path (docs/proxy-bidding.md). */
@CommandHandler(SetMaxBidCommand)
export class SetMaxBidHandler implements ICommandHandler<SetMaxBidCommand> {
  constructor(private readonly lots: LotCommandsService) {}
  execute(command: SetMaxBidCommand): Promise<MaxBidResult> {
    return this.lots.setMaxBid(command.request, command.context);
  }
}
