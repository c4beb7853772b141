import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, type EventCodec, type EventMetadata } from '@trackside/event-store';
import { commentMessageFor, decodeCommentEvent, isLotOfBrand } from '@trackside/contracts';
import { CLOCK, type Clock, type AuthUser, DomainError, forbidden } from '@trackside/platform';
import {
  decideComment,
  evolveComment,
  initialCommentThreadState,
  parseCommentRelation,
  type CommentCommand,
  type CommentEvent,
  type CommentLot,
  type CommentResult,
  type CommentThreadState,
} from '../domain/comment.decider';
import type { AuctionConfig } from '../config/auction-config';
import { AUCTION_CONFIG } from '../config/auction-config.token';
import { EventStoreProvider } from '../infrastructure/event-store.provider';
import { LotCommandsService, type CommandContext } from '../lots/lot-commands.service';
import { isUuid } from '../queries/strapi-where';
import { commentStreamId } from './comment-streams';
import { AuctionCommentsProcessor } from './auction-comments.processor';

export interface AddCommentRequest {
  /** `auction:{id}`; null or malformed when the client sent no usable relation. */
  relation: string | null;
  content: unknown;
  threadOf: string | null;
  isBid: boolean;
}

export interface CommentOutcome {
  lotId: string;
  commentId: string;
  points?: number;
  reportId?: string;
  /** The CommentAdded data, for answering before the read model caught up (time-out). */
  added?: Extract<CommentEvent, { type: 'CommentAdded' }>['data'];
}

const codec: EventCodec<CommentEvent> = {
  encode: (event) => ({ type: event.type, data: event.data }),
  decode: (type, data) => decodeCommentEvent({ type, data }),
};

/**
 * Application service of the comment threads: turns API calls into decider commands and runs
 * them through the one generic command path (libs/event-store CommandHandler) on the lot's
 * `lot-comments-<lotId>` stream. The lot's current status and seller come from the lot's own
 * decided state (the log, not the read model) and travel on the command.
 */
@Injectable()
export class CommentCommandsService {
  private readonly threads: CommandHandler<CommentCommand, CommentEvent, CommentThreadState, CommentResult>;

  constructor(
    events: EventStoreProvider,
    private readonly lots: LotCommandsService,
    private readonly projection: AuctionCommentsProcessor,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AUCTION_CONFIG) private readonly config: AuctionConfig,
  ) {
    this.threads = new CommandHandler(
      events.store,
      events.committer,
      { initialState: initialCommentThreadState, evolve: evolveComment, decide: decideComment },
      { codec },
    );
  }

  async add(request: AddCommentRequest, ctx: CommandContext): Promise<CommentOutcome> {
    const lotId = parseCommentRelation(request.relation);
    const now = this.clock.now();
    const author = ctx.actor ? { id: ctx.actor.id, name: ctx.actor.username || null } : null;
    const command = (lot: CommentLot | null): CommentCommand => ({
      type: 'AddComment',
      commentId: randomUUID(),
      lot,
      author,
      content: request.content,
      threadOf: request.threadOf === null ? null : normalizeId(request.threadOf),
      isBid: request.isBid,
      now,
    });
    const lot = lotId ? await this.lotFor(lotId, ctx.brand) : null;
    if (!lotId || !lot) throw refusal(command(null));
    const outcome = await this.run(lotId, command(lot), ctx, now);
    const added = outcome.events.find((event) => event.type === 'CommentAdded');
    return { lotId, commentId: outcome.result.commentId, added: added?.type === 'CommentAdded' ? added.data : undefined };
  }

  async like(id: string, relation: string, ctx: CommandContext): Promise<CommentOutcome> {
    const commentId = normalizeId(id);
    const user = signedIn(ctx);
    const lotId = relationOrThrow(relation);
    const now = this.clock.now();
    const command = (lot: CommentLot | null): CommentCommand => ({ type: 'LikeComment', commentId, lot, userId: user.id, now });
    const lot = await this.lotFor(lotId, ctx.brand);
    if (!lot) throw refusal(command(null));
    const { result } = await this.run(lotId, command(lot), ctx, now);
    return { lotId, commentId, points: result.points };
  }

  async report(id: string, relation: string, reason: unknown, content: unknown, ctx: CommandContext): Promise<CommentOutcome> {
    const commentId = normalizeId(id);
    const user = signedIn(ctx);
    const lotId = relationOrThrow(relation);
    const now = this.clock.now();
    const command = (lot: CommentLot | null): CommentCommand => ({
      type: 'ReportComment',
      reportId: randomUUID(),
      commentId,
      lot,
      reporterId: user.id,
      reason,
      content,
      now,
    });
    const lot = await this.lotFor(lotId, ctx.brand);
    if (!lot) throw refusal(command(null));
    const { result } = await this.run(lotId, command(lot), ctx, now);
    return { lotId, commentId, reportId: result.reportId };
  }

  async remove(id: string, relation: string, authorId: string | null, ctx: CommandContext): Promise<CommentOutcome> {
    const commentId = normalizeId(id);
    const user = signedIn(ctx);
    const lotId = relationOrThrow(relation);
    const now = this.clock.now();
    const command = (lot: CommentLot | null): CommentCommand => ({
      type: 'RemoveComment',
      commentId,
      lot,
      actorId: user.id,
      authorId: authorId === null ? null : normalizeId(authorId),
      now,
    });
    const lot = await this.lotFor(lotId, ctx.brand);
    if (!lot) throw refusal(command(null));
    await this.run(lotId, command(lot), ctx, now);
    return { lotId, commentId };
  }

  async block(kind: 'comment' | 'thread', id: string, lotId: string | null, reason: unknown, ctx: CommandContext): Promise<CommentOutcome> {
    const commentId = normalizeId(id);
    const now = this.clock.now();
    const moderator = moderatorOf(ctx);
    const command = (lot: CommentLot | null): CommentCommand => ({
      type: kind === 'comment' ? 'BlockComment' : 'BlockCommentThread',
      commentId,
      lot,
      moderator,
      reason,
      now,
    });
    const lot = lotId ? await this.lotFor(lotId, ctx.brand) : null;
    if (!lotId || !lot) throw refusal(command(null));
    await this.run(lotId, command(lot), ctx, now);
    return { lotId, commentId };
  }

  /** Staff remove someone else's comment; its open reports are resolved with it. */
  async staffRemove(id: string, lotId: string | null, note: unknown, ctx: CommandContext): Promise<CommentOutcome> {
    const commentId = normalizeId(id);
    const moderator = moderatorOf(ctx);
    const now = this.clock.now();
    const command = (lot: CommentLot | null): CommentCommand => ({ type: 'StaffRemoveComment', commentId, lot, moderator, note, now });
    const lot = lotId ? await this.lotFor(lotId, ctx.brand) : null;
    if (!lotId || !lot) throw refusal(command(null));
    await this.run(lotId, command(lot), ctx, now);
    return { lotId, commentId };
  }

  /** Staff dismiss a report: it and the comment's other open reports leave the queue; the comment stays. */
  async dismissReport(reportId: string, lotId: string | null, note: unknown, ctx: CommandContext): Promise<CommentOutcome> {
    const moderator = moderatorOf(ctx);
    const now = this.clock.now();
    const command = (lot: CommentLot | null): CommentCommand => ({
      type: 'DismissCommentReport',
      reportId: normalizeId(reportId),
      lot,
      moderator,
      note,
      now,
    });
    const lot = lotId ? await this.lotFor(lotId, ctx.brand) : null;
    if (!lotId || !lot) throw refusal(command(null));
    const { result } = await this.run(lotId, command(lot), ctx, now);
    return { lotId, commentId: result.commentId, reportId: result.reportId };
  }

  /** The lot as the request's brand sees it (owner or accepting host), from the log. */
  private async lotFor(lotId: string, brand: string): Promise<CommentLot | null> {
    const { state } = await this.lots.current(lotId);
    if (state.status === 'Empty') return null;
    if (!isLotOfBrand(state, brand)) return null;
    return { lotId, sellerId: state.sellerId, status: state.status };
  }

  private async run(
    lotId: string,
    command: CommentCommand,
    ctx: CommandContext,
    now: Date,
  ): Promise<{ events: CommentEvent[]; result: CommentResult }> {
    const outcome = await this.threads.handle(commentStreamId(lotId), command, this.metadata(ctx, now));
    if (!outcome.ok) throw new DomainError(outcome.code, outcome.message);
    if (!outcome.result) throw new Error(`${command.type} accepted without a result`);
    // Read-your-writes: the answer (and the next query) shows this write, bounded by the time-out.
    await this.projection.waitForThreadVersion(lotId, outcome.version, this.config.READ_YOUR_WRITES_TIMEOUT_MS);
    return { events: outcome.events, result: outcome.result };
  }

  private metadata(ctx: CommandContext, now: Date): EventMetadata {
    return { brand: ctx.brand, actorId: ctx.actor?.id ?? null, correlationId: ctx.correlationId, occurredAt: now.toISOString() };
  }
}

/**
 * The decider's refusal for a lot this brand cannot see. Nothing is read from or written to
 * that lot's thread: a brand never touches another brand's stream.
 */
function refusal(command: CommentCommand): DomainError {
  const decision = decideComment(command, initialCommentThreadState());
  if (decision.ok) return new DomainError('comment.error', commentMessageFor('comment.error'));
  return new DomainError(decision.code, decision.message);
}

function relationOrThrow(relation: string): string {
  const lotId = parseCommentRelation(relation);
  if (!lotId) throw new DomainError('comment.relation.invalid', commentMessageFor('comment.relation.invalid'));
  return lotId;
}

/** Ids are lowercase UUIDs in the log; a client may send them in capitals. */
function normalizeId(id: string): string {
  return isUuid(id) ? id.toLowerCase() : id;
}

/** Staff flag `auctionEnabled` (or superAdmin) of the signed-in user. */
export function moderatorOf(ctx: CommandContext): { id: string; canModerate: boolean } {
  const user = signedIn(ctx);
  return { id: user.id, canModerate: user.permissions.superAdmin || user.permissions.auctionEnabled };
}

/** Guards already require sign-in for these calls; this keeps the type honest. */
function signedIn(ctx: CommandContext): AuthUser {
  if (!ctx.actor) throw forbidden();
  return ctx.actor;
}
