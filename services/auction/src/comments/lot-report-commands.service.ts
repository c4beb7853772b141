import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, type EventCodec, type EventMetadata } from '@trackside/event-store';
import { decodeLotReportEvent, isLotOfBrand, reportMessageFor } from '@trackside/contracts';
import { CLOCK, type Clock, type AuthUser, DomainError, forbidden } from '@trackside/platform';
import {
  decideLotReport,
  evolveLotReports,
  initialLotReportsState,
  type LotReportCommand,
  type LotReportEvent,
  type LotReportResult,
  type LotReportsState,
  type ReportedLot,
} from '../domain/lot-report.decider';
import type { AuctionConfig } from '../config/auction-config';
import { AUCTION_CONFIG } from '../config/auction-config.token';
import { EventStoreProvider } from '../infrastructure/event-store.provider';
import { LotCommandsService, type CommandContext } from '../lots/lot-commands.service';
import { isUuid } from '../queries/strapi-where';
import { moderatorOf } from './comment-commands.service';
import { lotReportStreamId } from './comment-streams';
import { AuctionCommentsProcessor } from './auction-comments.processor';

const codec: EventCodec<LotReportEvent> = {
  encode: (event) => ({ type: event.type, data: event.data }),
  decode: (type, data) => decodeLotReportEvent({ type, data }),
};

/**
 * Reports of lots through the one generic command path, on `lot-reports-<lotId>` (never the lot's
 * own stream). The lot's status and brands come from the lot's decided state, as for comments.
 */
@Injectable()
export class LotReportCommandsService {
  private readonly reports: CommandHandler<LotReportCommand, LotReportEvent, LotReportsState, LotReportResult>;

  constructor(
    events: EventStoreProvider,
    private readonly lots: LotCommandsService,
    private readonly projection: AuctionCommentsProcessor,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AUCTION_CONFIG) private readonly config: AuctionConfig,
  ) {
    this.reports = new CommandHandler(
      events.store,
      events.committer,
      { initialState: initialLotReportsState, evolve: evolveLotReports, decide: decideLotReport },
      { codec },
    );
  }

  async report(lotId: string, reason: unknown, content: unknown, ctx: CommandContext): Promise<{ lotId: string; reportId: string }> {
    const reporter = signedIn(ctx);
    const id = normalizeId(lotId);
    const now = this.clock.now();
    const command = (lot: ReportedLot | null): LotReportCommand => ({
      type: 'ReportLot',
      reportId: randomUUID(),
      lot,
      reporterId: reporter.id,
      reason,
      content,
      now,
    });
    const lot = isUuid(id) ? await this.lotFor(id, ctx.brand) : null;
    if (!lot) throw refusal(command(null));
    const result = await this.run(id, command(lot), ctx, now);
    return { lotId: id, reportId: result.reportId };
  }

  /** Staff dismiss a report: every open report of the lot leaves the queue; the lot is untouched. */
  async dismiss(reportId: string, lotId: string | null, note: unknown, ctx: CommandContext): Promise<{ lotId: string; reportId: string }> {
    const moderator = moderatorOf(ctx);
    const now = this.clock.now();
    const command = (lot: ReportedLot | null): LotReportCommand => ({
      type: 'DismissLotReport',
      reportId: normalizeId(reportId),
      lot,
      moderator,
      note,
      now,
    });
    const lot = lotId ? await this.lotFor(lotId, ctx.brand) : null;
    if (!lotId || !lot) throw refusal(command(null));
    const result = await this.run(lotId, command(lot), ctx, now);
    return { lotId, reportId: result.reportId };
  }

  private async lotFor(lotId: string, brand: string): Promise<ReportedLot | null> {
    const { state } = await this.lots.current(lotId);
    if (state.status === 'Empty') return null;
    if (!isLotOfBrand(state, brand)) return null;
    return { lotId, status: state.status };
  }

  private async run(lotId: string, command: LotReportCommand, ctx: CommandContext, now: Date): Promise<LotReportResult> {
    const outcome = await this.reports.handle(lotReportStreamId(lotId), command, this.metadata(ctx, now));
    if (!outcome.ok) throw new DomainError(outcome.code, outcome.message);
    if (!outcome.result) throw new Error(`${command.type} accepted without a result`);
    // Read-your-writes: the queue (and the next query) shows this write, bounded by the time-out.
    await this.projection.waitForThreadVersion(lotId, outcome.version, this.config.READ_YOUR_WRITES_TIMEOUT_MS, 'reports');
    return outcome.result;
  }

  private metadata(ctx: CommandContext, now: Date): EventMetadata {
    return { brand: ctx.brand, actorId: ctx.actor?.id ?? null, correlationId: ctx.correlationId, occurredAt: now.toISOString() };
  }
}

/** The decider's refusal for a lot this brand cannot see; nothing is read from or written to its stream. */
function refusal(command: LotReportCommand): DomainError {
  const decision = decideLotReport(command, initialLotReportsState());
  if (decision.ok) return new DomainError('auction.report.failed', reportMessageFor('auction.report.failed'));
  return new DomainError(decision.code, decision.message);
}

function normalizeId(id: string): string {
  return isUuid(id) ? id.toLowerCase() : id;
}

function signedIn(ctx: CommandContext): AuthUser {
  if (!ctx.actor) throw forbidden();
  return ctx.actor;
}
