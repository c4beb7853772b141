import { Command } from '@nestjs/cqrs';
import type { AuctionInput, EditAuctionInput } from './lot-inputs';
import type { BidOutcome, CommandContext, MaxBidResult, StaffAction } from './lot-commands.service';

/**
 * The lot commands dispatched on the CommandBus (docs/decisions.md "Commands on the CommandBus").
 * They carry what the API layer knows (the input, who and where from); the handlers load the lot,
 * run the framework-free decider and append. Each class names its result type for `execute`.
 */

export class CreateLotCommand extends Command<string> {
  constructor(
    readonly input: AuctionInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export class UpdateLotCommand extends Command<void> {
  constructor(
    readonly lotId: string,
    readonly input: EditAuctionInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export interface PlaceBidRequest {
  lotId: string;
  /** Client-chosen bid id (a retry with the same id answers the same). */
  bidId?: string;
  amount: number | string;
}

export class PlaceBidCommand extends Command<BidOutcome> {
  constructor(
    readonly request: PlaceBidRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export interface SetMaxBidRequest {
  lotId: string;
  /** Client-chosen id of the request (a UUID); otherwise the handler picks one. */
  maxBidId?: string;
  amount: number | string;
}

/** A bidder's maximum (proxy bidding, docs/proxy-bidding.md). */
export class SetMaxBidCommand extends Command<MaxBidResult> {
  constructor(
    readonly request: SetMaxBidRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Back-office decisions, schedule and status changes, and the remedies (one union: StaffAction). */
export class StaffLotCommand extends Command<void> {
  constructor(
    readonly lotId: string,
    readonly action: StaffAction,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** The scheduler's: true when this instance opened the lot (false: not due, or already open). */
export class StartLotCommand extends Command<boolean> {
  constructor(
    readonly lotId: string,
    readonly brand: string,
    readonly now?: Date,
  ) {
    super();
  }
}

/** The scheduler's: true when this instance ended the lot (false: not due, extended, or already ended). */
export class EndLotCommand extends Command<boolean> {
  constructor(
    readonly lotId: string,
    readonly brand: string,
    readonly now?: Date,
  ) {
    super();
  }
}

/** Watch (true) or unwatch (false); answers whether the user now watches the lot. */
export class WatchLotCommand extends Command<boolean> {
  constructor(
    readonly lotId: string,
    readonly watch: boolean,
    readonly context: CommandContext,
  ) {
    super();
  }
}
