import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, type EventCodec, type EventMetadata } from '@trackside/event-store';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type AuthUser, type JsonLogger } from '@trackside/platform';
import {
  decide,
  evolve,
  initialLotState,
  type BidResult,
  type DataField,
  type LotCommand,
  type LotEvent,
  type LotState,
  type ProxyRerun,
  decideWatchlist,
  evolveWatchlist,
  initialWatchlistState,
  type WatchlistCommand,
  type WatchlistEvent,
  type WatchlistState,
} from '../domain';
import type { AuctionConfig } from '../config/auction-config';
import { AUCTION_CONFIG } from '../config/auction-config.token';
import { BrandAuctionSettingsProvider } from '../infrastructure/brand-auction-settings';
import { EventStoreProvider } from '../infrastructure/event-store.provider';
import { AuctionReadModelsProcessor } from '../projections/auction-read-models.processor';
import { LotQueriesService } from '../queries/lot-queries.service';
import { isUuid } from '../queries/strapi-where';
import {
  AUCTION_INPUT_MESSAGES,
  decodeLotEvent,
  decodeWatchlistEvent,
  isLotOfBrand,
  receivedAmount,
  type CommandChannel,
} from '@trackside/contracts';
import { RejectedBidAudit } from '../replay/rejected-bid-audit';
import type { AuctionInput, EditAuctionInput } from './lot-inputs';
import { BidderHolds } from './bidder-holds';
import { BidIdClaims } from './bid-id-claims';
import { lotForBid } from './bid-lot-lookup';
import { actorRequired, bidIdNotUuid, lotError, lotRefusal } from './lot-errors';
import { lotStreamId, watchlistStreamId } from './lot-streams';

export interface CommandContext {
  brand: string;
  /** null for the system (scheduler, demo seeding). */
  actor: AuthUser | null;
  correlationId?: string;
  /** 'eventual' skips the read-your-writes wait (internal callers that read the log themselves). */
  consistency?: 'read-your-writes' | 'eventual';
  /** Business time of the command; defaults to the server clock (only seeding passes its own). */
  now?: Date;
  /** Where the command came from, recorded in the event metadata for the dispute desk. */
  channel?: CommandChannel;
}

export type StaffAction =
  | { kind: 'approve'; confirmUnpaid?: boolean }
  | { kind: 'disapprove'; reason: string | null }
  | { kind: 'schedule'; start: Date | null; end: Date | null }
  | { kind: 'share' }
  | { kind: 'unshare' }
  | { kind: 'accept' }
  | { kind: 'decline' }
  // Remedies (docs/decisions.md "Staff remedies").
  | { kind: 'voidBid'; bidId: string; reason: string }
  | { kind: 'cancel'; reason: string }
  | { kind: 'extend'; end: Date; reason: string }
  | { kind: 'relist'; reason: string | null };

export interface BidOutcome {
  bidId: string;
  amountCents: number;
  isFirstBid: boolean;
  placedAt: Date;
  /** True when this bid id had already been accepted (idempotent retry). */
  duplicate: boolean;
  /** Another bidder's maximum answered this bid at once (proxy bidding, docs/proxy-bidding.md). */
  outbidAutomatically?: boolean;
}

/** Stored events are read through the contract's decoders (older shapes upgraded, unknown types skipped). */
const lotCodec: EventCodec<LotEvent> = {
  encode: (event) => ({ type: event.type, data: event.data }),
  decode: (type, data) => decodeLotEvent({ type, data }),
};
const watchlistCodec: EventCodec<WatchlistEvent> = {
  encode: (event) => ({ type: event.type, data: event.data }),
  decode: (type, data) => decodeWatchlistEvent({ type, data }),
};

/**
 * Application service of the lot aggregate: turns API calls into domain commands and runs them
 * through the one generic command path (libs/event-store CommandHandler). Rejected bids are
 * appended to the lot's audit stream so disputes can see them.
 */
@Injectable()
export class LotCommandsService {
  private readonly lots: CommandHandler<LotCommand, LotEvent, LotState, BidResult>;
  private readonly watchlists: CommandHandler<WatchlistCommand, WatchlistEvent, WatchlistState>;
  private readonly log: AppLogger;
  private readonly holds: BidderHolds;
  private readonly bidIds: BidIdClaims;

  constructor(
    private readonly events: EventStoreProvider,
    private readonly projections: AuctionReadModelsProcessor,
    private readonly queries: LotQueriesService,
    private readonly settings: BrandAuctionSettingsProvider,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AUCTION_CONFIG) private readonly config: AuctionConfig,
    @Inject(APP_LOGGER) logger: JsonLogger,
    private readonly audit: RejectedBidAudit,
  ) {
    this.log = logger.child(LotCommandsService.name);
    this.holds = new BidderHolds(events);
    this.bidIds = new BidIdClaims(events, queries);
    this.lots = new CommandHandler(events.store, events.committer, { initialState: initialLotState, evolve, decide }, { codec: lotCodec });
    this.watchlists = new CommandHandler(
      events.store,
      events.committer,
      { initialState: initialWatchlistState, evolve: evolveWatchlist, decide: decideWatchlist },
      { codec: watchlistCodec },
    );
  }

  async createLot(input: AuctionInput, ctx: CommandContext): Promise<string> {
    const seller = requireActor(ctx);
    const lotId = randomUUID();
    const now = this.now(ctx);
    const result = await this.lots.handle(
      lotStreamId(lotId),
      {
        type: 'CreateLot',
        lotId,
        brand: ctx.brand,
        sellerId: seller.id,
        now,
        title: input.title ?? '',
        sellerType: input.sellerType ?? '',
        description: input.description ?? null,
        userDescription: input.userDescription ?? '',
        excerpt: input.excerpt ?? null,
        reserve: input.reserve ?? null,
        currency: input.currency ?? 'USD',
        dataFields: (input.dataFields ?? {}) as Record<string, DataField>,
        address: { ...(input.address ?? {}) },
        contactInfo: { ...(input.contactInfo ?? {}) },
        hasAgreedToTerms: input.hasAgreedToTerms ?? false,
        packageId: input.packageId ?? null,
        paymentType: input.paymentType ?? null,
        templateType: input.templateType ?? null,
        serviceSnappr: input.serviceSnappr ?? false,
        images: imagesOf(input),
      } satisfies LotCommand,
      this.metadata(ctx, now),
    );
    if (!result.ok) throw lotRefusal(result.code, result.message);
    await this.settle(lotId, result.version);
    return lotId;
  }

  async updateLot(lotId: string, input: EditAuctionInput, ctx: CommandContext): Promise<void> {
    const actor = requireActor(ctx);
    await this.assertVisible(lotId, ctx.brand, 'auction.notFound');
    const now = this.now(ctx);
    const changes: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input))
      if (value !== undefined && !['exterior', 'interior', 'mechanical', 'documents', 'coverImage'].includes(key)) changes[key] = value;
    const images = imagesOf(input);
    if (Object.keys(images).length > 0) changes.images = images;
    const result = await this.lots.handle(
      lotStreamId(lotId),
      { type: 'UpdateLot', actorId: actor.id, now, changes } satisfies LotCommand,
      this.metadata(ctx, now),
    );
    if (!result.ok) throw lotRefusal(result.code, result.message);
    await this.settle(lotId, result.version);
  }

  async placeBid(request: { lotId: string; bidId?: string; amount: number | string }, ctx: CommandContext): Promise<BidOutcome> {
    const started = Date.now();
    const bidder = requireActor(ctx);
    const now = this.now(ctx);
    if (!isUuid(request.lotId)) throw lotError('bid.invalid.no.auction');
    const lot = await lotForBid(this.lots, lotStreamId(request.lotId), ctx.brand);
    if (!visibleTo(lot.state, ctx.brand)) throw lotError('bid.invalid.no.auction');
    if (request.bidId !== undefined && !isUuid(request.bidId)) {
      const message = AUCTION_INPUT_MESSAGES.bidIdNotUuid;
      await this.recordRejectedBid(
        request.lotId,
        { bidId: request.bidId, bidderId: bidder.id, amount: request.amount, code: 'bid.invalid', message },
        ctx,
        now,
      );
      throw bidIdNotUuid();
    }
    const settings = this.settings.forBrand(ownerBrand(lot.state) ?? ctx.brand);
    const bidId = request.bidId?.toLowerCase() ?? randomUUID();
    // A client's id may already be another bidder's or another lot's: refused before the lot sees it.
    if (
      request.bidId !== undefined &&
      !(await this.bidIds.claim(bidId, { lotId: request.lotId, bidderId: bidder.id }, this.metadata(ctx, now)))
    ) {
      const message = AUCTION_INPUT_MESSAGES.bidIdTaken;
      await this.recordRejectedBid(
        request.lotId,
        { bidId, bidderId: bidder.id, amount: request.amount, code: 'bid.invalid', message },
        ctx,
        now,
      );
      throw lotError('bid.invalid');
    }
    // The decider stays pure: whether the bidder holds a hold is read here and passed in the command.
    const bidderHasHold = settings.bidHoldRequired ? await this.holds.hasActiveHold(request.lotId, bidder.id) : false;
    const command = {
      type: 'PlaceBid',
      bidId,
      bidderId: bidder.id,
      amount: request.amount,
      now,
      sniperProtectionSeconds: settings.sniperProtectionSeconds,
      defaultMinimumIncrementCents: settings.bidMinimumIncrementCents,
      incrementLadder: settings.bidIncrementLadder ?? null,
      bidHoldRequired: settings.bidHoldRequired,
      bidderHasHold,
      // A maximum may answer this bid: the automatic bid's id comes with the command (the decider stays pure).
      automaticBidId: randomUUID(),
    } satisfies LotCommand;
    const result = await this.lots.handle(lotStreamId(request.lotId), command, this.metadata(ctx, now));
    if (!result.ok) {
      // A lot that does not exist gets no audit stream (that would let anyone create streams).
      if (result.code !== 'bid.invalid.no.auction')
        await this.recordRejectedBid(request.lotId, { bidId, bidderId: bidder.id, amount: request.amount, code: result.code }, ctx, now);
      throw lotRefusal(result.code, result.message);
    }
    const outcome = result.result;
    if (!outcome) throw new Error('PlaceBid accepted without a result');
    if (ctx.consistency !== 'eventual') await this.settle(request.lotId, result.version, started);
    return {
      bidId: outcome.bidId,
      amountCents: outcome.amountCents,
      isFirstBid: outcome.isFirstBid,
      placedAt: new Date(outcome.placedAt),
      duplicate: result.events.length === 0,
      ...(outcome.outbidAutomatically ? { outbidAutomatically: true } : {}),
    };
  }

  /** A bidder's maximum (proxy bidding, docs/proxy-bidding.md): the bid's checks, then the maxima settle the price. */
  async setMaxBid(request: { lotId: string; maxBidId?: string; amount: number | string }, ctx: CommandContext): Promise<MaxBidResult> {
    const started = Date.now();
    const bidder = requireActor(ctx);
    const now = this.now(ctx);
    if (!isUuid(request.lotId)) throw lotError('bid.invalid.no.auction');
    // The bid's first look (bid-lot-lookup.ts): a fresh read here queued every maximum behind the lot's appends.
    const lot = await lotForBid(this.lots, lotStreamId(request.lotId), ctx.brand);
    if (!visibleTo(lot.state, ctx.brand)) throw lotError('bid.invalid.no.auction');
    const settings = this.settings.forBrand(ownerBrand(lot.state) ?? ctx.brand);
    const bidderHasHold = settings.bidHoldRequired ? await this.holds.hasActiveHold(request.lotId, bidder.id) : false;
    const command = {
      type: 'SetMaxBid',
      maxBidId: request.maxBidId && isUuid(request.maxBidId) ? request.maxBidId.toLowerCase() : randomUUID(),
      bidderId: bidder.id,
      amount: request.amount,
      now,
      sniperProtectionSeconds: settings.sniperProtectionSeconds,
      defaultMinimumIncrementCents: settings.bidMinimumIncrementCents,
      incrementLadder: settings.bidIncrementLadder ?? null,
      bidHoldRequired: settings.bidHoldRequired,
      bidderHasHold,
      automaticBidId: randomUUID(),
    } satisfies LotCommand;
    const result = await this.lots.handle(lotStreamId(request.lotId), command, this.metadata(ctx, now));
    if (!result.ok) throw lotRefusal(result.code, result.message);
    const state = result.state as LotState;
    const outcome = maxBidOf(state, bidder.id);
    if (!outcome) throw new Error('SetMaxBid accepted without a maximum');
    if (ctx.consistency !== 'eventual') await this.settle(request.lotId, result.version, started);
    return outcome;
  }

  /** The signed-in bidder's own maximum on a lot, from the decided state (never another bidder's). */
  async ownMaxBid(lotId: string, ctx: CommandContext): Promise<MaxBidResult | null> {
    const bidder = requireActor(ctx);
    if (!isUuid(lotId)) return null;
    const lot = await this.lots.load(lotStreamId(lotId));
    if (!visibleTo(lot.state, ctx.brand)) return null;
    return maxBidOf(lot.state, bidder.id);
  }

  async staff(lotId: string, action: StaffAction, ctx: CommandContext): Promise<void> {
    const actor = requireActor(ctx);
    if (!isUuid(lotId)) throw lotError('auction.notFound');
    const now = this.now(ctx);
    const current = await this.lots.load(lotStreamId(lotId));
    const network = action.kind === 'accept' || action.kind === 'decline';
    // Owners' staff act on their own lots; other brands' staff only answer a network share.
    const visible = network ? isShared(current.state) : ownerBrand(current.state) === ctx.brand;
    if (!visible) throw lotError('auction.notFound');
    const settings = this.settings.forBrand(ctx.brand);
    // A void re-runs the maxima with the brand's bid settings (docs/proxy-bidding.md "Voids and maxima").
    const proxy = {
      automaticBidId: randomUUID(),
      sniperProtectionSeconds: settings.sniperProtectionSeconds,
      defaultMinimumIncrementCents: settings.bidMinimumIncrementCents,
      incrementLadder: settings.bidIncrementLadder ?? null,
    };
    const command = staffCommand(action, {
      actorId: actor.id,
      now,
      brand: ctx.brand,
      dateRangeLimitDays: settings.dateRangeLimitDays,
      proxy,
    });
    const result = await this.lots.handle(lotStreamId(lotId), command, this.metadata(ctx, now));
    if (!result.ok) throw lotRefusal(result.code, result.message);
    await this.settle(lotId, result.version);
  }

  /** Scheduler: open a due lot. False when it was not due or already open (another instance). */
  async startLot(lotId: string, brand: string, now = this.clock.now()): Promise<boolean> {
    const result = await this.lots.handle(
      lotStreamId(lotId),
      { type: 'StartLot', now } satisfies LotCommand,
      this.metadata({ brand, actor: null, channel: 'scheduler' }, now),
    );
    return result.ok && result.events.length > 0;
  }

  /** Scheduler: end an expired lot. False when not due (extended) or already ended. */
  async endLot(lotId: string, brand: string, now = this.clock.now()): Promise<boolean> {
    const result = await this.lots.handle(
      lotStreamId(lotId),
      { type: 'EndLot', now } satisfies LotCommand,
      this.metadata({ brand, actor: null, channel: 'scheduler' }, now),
    );
    if (result.ok && result.events.length > 0) this.log.info('Lot ended', { lotId, status: (result.state as { status?: string }).status });
    return result.ok && result.events.length > 0;
  }

  async watch(lotId: string, watch: boolean, ctx: CommandContext): Promise<boolean> {
    const user = requireActor(ctx);
    await this.assertVisible(lotId, ctx.brand, 'auction.notFound');
    const now = this.now(ctx);
    const command = {
      type: watch ? 'WatchLot' : 'UnwatchLot',
      userId: user.id,
      lotId,
      brand: ctx.brand,
      now,
    } satisfies WatchlistCommand;
    const result = await this.watchlists.handle(watchlistStreamId(user.id), command, this.metadata(ctx, now));
    if (!result.ok) throw lotRefusal(result.code, result.message);
    // Read-your-writes: the lot page's `watching` (and the dashboard) show the toggle at once.
    if (ctx.consistency !== 'eventual' && this.config.READ_YOUR_WRITES_TIMEOUT_MS > 0)
      await this.projections.waitForLotChange(
        lotId,
        this.config.READ_YOUR_WRITES_TIMEOUT_MS,
        async () => (await this.queries.isWatching(user.id, lotId)) === watch,
      );
    return watch;
  }

  /** Current decided state of a lot (from the log, not the read model). */
  async current(lotId: string): Promise<{ state: LotState; version: number }> {
    return this.lots.load(lotStreamId(lotId));
  }

  private async assertVisible(lotId: string, brand: string, code: string): Promise<void> {
    if (!isUuid(lotId)) throw lotError(code);
    const lot = await this.lots.load(lotStreamId(lotId));
    if (!visibleTo(lot.state, brand)) throw lotError(code);
  }

  /** The refusal goes to the lot's bounded audit stream (docs/operations.md "Audit of refused bids"). */
  private async recordRejectedBid(
    lotId: string,
    attempt: { bidId: string; bidderId: string; amount: unknown; code: string; message?: string },
    ctx: CommandContext,
    now: Date,
  ): Promise<void> {
    const data = { ...attempt, bidId: attempt.bidId.slice(0, 100), amount: receivedAmount(attempt.amount), attemptedAt: now.toISOString() };
    await this.audit.record(lotId, data, this.metadata(ctx, now));
  }

  /** Read-your-writes: wait (bounded) until the read model shows this version of the lot (appended after `since`, wall clock). */
  private async settle(lotId: string, version: number, since?: number): Promise<void> {
    if (this.config.READ_YOUR_WRITES_TIMEOUT_MS === 0) return;
    await this.projections.waitForLotVersion(
      lotId,
      version,
      this.config.READ_YOUR_WRITES_TIMEOUT_MS,
      () => this.queries.projectedVersion(lotId),
      since,
    );
  }

  private now(ctx: CommandContext): Date {
    return ctx.now ?? this.clock.now();
  }

  private metadata(ctx: CommandContext, now: Date): EventMetadata {
    return {
      brand: ctx.brand,
      actorId: ctx.actor?.id ?? null,
      correlationId: ctx.correlationId,
      occurredAt: now.toISOString(),
      ...(ctx.channel ? { channel: ctx.channel } : {}),
    };
  }
}

function requireActor(ctx: CommandContext): AuthUser {
  if (!ctx.actor) throw actorRequired();
  return ctx.actor;
}

function imagesOf(input: EditAuctionInput): Record<string, unknown> {
  const images: Record<string, unknown> = {};
  for (const group of ['exterior', 'interior', 'mechanical', 'documents'] as const) if (input[group]) images[group] = input[group];
  if (input.coverImage !== undefined && input.coverImage !== null) images.coverImage = input.coverImage;
  return images;
}

function staffCommand(
  action: StaffAction,
  base: { actorId: string; now: Date; brand: string; dateRangeLimitDays: number; proxy: ProxyRerun },
): LotCommand {
  switch (action.kind) {
    case 'approve':
      return {
        type: 'ApproveLot',
        actorId: base.actorId,
        now: base.now,
        confirmUnpaid: action.confirmUnpaid === true,
      } satisfies LotCommand;
    case 'disapprove':
      return { type: 'DisapproveLot', actorId: base.actorId, now: base.now, reason: action.reason } satisfies LotCommand;
    case 'schedule':
      return {
        type: 'ScheduleLot',
        actorId: base.actorId,
        now: base.now,
        start: action.start,
        end: action.end,
        dateRangeLimitDays: base.dateRangeLimitDays,
      } satisfies LotCommand;
    case 'share':
      return { type: 'ShareLot', actorId: base.actorId, now: base.now } satisfies LotCommand;
    case 'unshare':
      return { type: 'UnshareLot', actorId: base.actorId, now: base.now } satisfies LotCommand;
    case 'accept':
      return { type: 'AcceptNetworkLot', actorId: base.actorId, now: base.now, hostBrand: base.brand } satisfies LotCommand;
    case 'decline':
      return { type: 'DeclineNetworkLot', actorId: base.actorId, now: base.now, hostBrand: base.brand } satisfies LotCommand;
    case 'voidBid':
      // Bid ids are stored lower case (placeBid); a staff member may paste one in capitals.
      return {
        type: 'VoidBid',
        actorId: base.actorId,
        now: base.now,
        bidId: action.bidId.toLowerCase(),
        reason: action.reason,
        proxy: base.proxy,
      } satisfies LotCommand;
    case 'cancel':
      return { type: 'CancelLot', actorId: base.actorId, now: base.now, reason: action.reason } satisfies LotCommand;
    case 'extend':
      return { type: 'ExtendLot', actorId: base.actorId, now: base.now, newEnd: action.end, reason: action.reason } satisfies LotCommand;
    case 'relist':
      return { type: 'RelistLot', actorId: base.actorId, now: base.now, reason: action.reason } satisfies LotCommand;
  }
}

/** What a bidder sees of their own maximum: the amount, the visible price, and whether they lead. */
export interface MaxBidResult {
  maximumCents: number;
  priceCents: number | null;
  highBidder: boolean;
}

function maxBidOf(state: LotState, bidderId: string): MaxBidResult | null {
  if (state.status === 'Empty') return null;
  const max = state.proxy?.maxima.find((entry) => entry.bidderId === bidderId);
  if (!max) return null;
  return { maximumCents: max.maximumCents, priceCents: state.topBid?.amountCents ?? null, highBidder: state.topBid?.bidderId === bidderId };
}

function ownerBrand(state: LotState): string | null {
  return state.status === 'Empty' ? null : state.brand;
}
function isShared(state: LotState): boolean {
  return state.status !== 'Empty' && state.shared;
}
/** The owner brand and brands that accepted the shared lot see it; nobody sees a missing lot. */
function visibleTo(state: LotState, brand: string): boolean {
  return state.status !== 'Empty' && isLotOfBrand(state, brand);
}
