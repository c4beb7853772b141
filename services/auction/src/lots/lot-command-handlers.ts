import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { observeBid } from '@trackside/platform';
import { LotCommandsService, type BidOutcome } from './lot-commands.service';
import {
  CreateLotCommand,
  EndLotCommand,
  PlaceBidCommand,
  StaffLotCommand,
  StartLotCommand,
  UpdateLotCommand,
  WatchLotCommand,
} from './lot-commands';

/*
 * One handler per command, each running the one generic command path of LotCommandsService
 * (load the stream -> the pure decider -> append with the expected version). The decider knows
 * nothing of Nest; there is no AggregateRoot (docs/decisions.md "Commands on the CommandBus").
 */

@CommandHandler(CreateLotCommand)
export class CreateLotHandler implements ICommandHandler<CreateLotCommand> {
  constructor(private readonly lots: LotCommandsService) {}
  execute(command: CreateLotCommand): Promise<string> {
    return this.lots.createLot(command.input, command.context);
  }
}

@CommandHandler(UpdateLotCommand)
export class UpdateLotHandler implements ICommandHandler<UpdateLotCommand> {
  constructor(private readonly lots: LotCommandsService) {}
  execute(command: UpdateLotCommand): Promise<void> {
    return this.lots.updateLot(command.lotId, command.input, command.context);
  }
}

@CommandHandler(PlaceBidCommand)
export class PlaceBidHandler implements ICommandHandler<PlaceBidCommand> {
  constructor(private readonly lots: LotCommandsService) {}
  execute(command: PlaceBidCommand): Promise<BidOutcome> {
    // Counted and timed by outcome and error code for /metrics (docs/operations.md).
    return observeBid(() => this.lots.placeBid(command.request, command.context));
  }
}

@CommandHandler(StaffLotCommand)
export class StaffLotHandler implements ICommandHandler<StaffLotCommand> {
  constructor(private readonly lots: LotCommandsService) {}
  execute(command: StaffLotCommand): Promise<void> {
    return this.lots.staff(command.lotId, command.action, command.context);
  }
}

@CommandHandler(StartLotCommand)
export class StartLotHandler implements ICommandHandler<StartLotCommand> {
  constructor(private readonly lots: LotCommandsService) {}
  execute(command: StartLotCommand): Promise<boolean> {
    return this.lots.startLot(command.lotId, command.brand, command.now);
  }
}

@CommandHandler(EndLotCommand)
export class EndLotHandler implements ICommandHandler<EndLotCommand> {
  constructor(private readonly lots: LotCommandsService) {}
  execute(command: EndLotCommand): Promise<boolean> {
    return this.lots.endLot(command.lotId, command.brand, command.now);
  }
}

@CommandHandler(WatchLotCommand)
export class WatchLotHandler implements ICommandHandler<WatchLotCommand> {
  constructor(private readonly lots: LotCommandsService) {}
  execute(command: WatchLotCommand): Promise<boolean> {
    return this.lots.watch(command.lotId, command.watch, command.context);
  }
}

/** Registered in AuctionModule; CqrsModule binds them to the CommandBus at bootstrap. */
export const LOT_COMMAND_HANDLERS = [
  CreateLotHandler,
  UpdateLotHandler,
  PlaceBidHandler,
  StaffLotHandler,
  StartLotHandler,
  EndLotHandler,
  WatchLotHandler,
];
