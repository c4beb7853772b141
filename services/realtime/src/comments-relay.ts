import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { REALTIME_MESSAGES } from '@trackside/contracts';
import type { RecordedEvent } from '@trackside/event-store';
import type { AppLogger, AuthUser } from '@trackside/platform';
import type { AuctionClient, CallerContext } from './auction-client';
import type { AckReply } from './realtime-gateway';
import { visibleTo, type LotView } from './lot-view';

const LOT_ID = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);
const commentPayload = z.object({
  auctionId: LOT_ID,
  content: z.string().max(10_000),
  threadOf: z.union([z.string().max(100), z.number()]).nullish(),
});
const getCommentsPayload = z.union([LOT_ID, z.object({ auctionId: LOT_ID })]);

const HIERARCHY_QUERY = `query RealtimeComments($relation: String!) {
  findAllInHierarchy(relation: $relation) {
    id content created_at updated_at isBid blocked blockedThread blockReason points removed threadOf
    authorId authorName authorUsername authorAvatar authorType
    children { id content created_at updated_at isBid blocked blockedThread blockReason points removed threadOf
      authorId authorName authorUsername authorAvatar authorType }
  }
}`;

const ADD_MUTATION = `mutation RealtimeComment($input: CommentNew!, $relation: String!) {
  commentAdd(input: $input, relation: $relation) { id content authorId authorName }
}`;

/**
 * Comments over the socket: `comment` runs the auction subgraph's commentAdd with the user's
 * token; `getComments` and every comment event of a watched lot push the `comments` list.
 */
export class CommentsRelay {
  private readonly refreshes = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly io: Server,
    private readonly auction: AuctionClient,
    private readonly log: AppLogger,
    private readonly viewOf: (lotId: string) => LotView | null,
  ) {}

  stop(): void {
    for (const timer of this.refreshes.values()) clearTimeout(timer);
    this.refreshes.clear();
  }

  async comment(data: { user: AuthUser | null }, caller: CallerContext, payload: unknown): Promise<AckReply> {
    if (!data.user) return { status: 'failure', code: 'comment.login.required', message: 'Please login to make a comment.' };
    const parsed = commentPayload.safeParse(payload);
    if (!parsed.success) return { status: 'failure', code: 'comment.invalid', message: 'Something went wrong. Please try again.' };
    const { auctionId, content, threadOf } = parsed.data;
    const outcome = await this.auction.execute<{ commentAdd: { id: string } }>(
      ADD_MUTATION,
      {
        relation: `auction:${auctionId}`,
        input: { content, ...(threadOf !== null && threadOf !== undefined ? { threadOf: String(threadOf) } : {}) },
      },
      caller,
    );
    if (!outcome.ok) return { status: 'failure', code: outcome.error.code, message: outcome.error.message };
    return { status: 'success', message: 'Commented posted', data: outcome.data.commentAdd };
  }

  async getComments(socket: Socket, caller: CallerContext, payload: unknown): Promise<AckReply> {
    const parsed = getCommentsPayload.safeParse(payload);
    if (!parsed.success) return { status: 'failure', code: 'realtime.invalid.payload', message: REALTIME_MESSAGES.commentsFailed };
    const lotId = typeof parsed.data === 'string' ? parsed.data : parsed.data.auctionId;
    const list = await this.fetch(lotId, caller);
    if (!list) return { status: 'failure', code: 'comments.fetch.failed', message: REALTIME_MESSAGES.commentsFailed };
    socket.emit('comments', { auctionId: lotId, comments: list });
    return { status: 'success', data: list };
  }

  /** A comment event of a lot: refresh the room's list shortly (bursts collapse into one fetch). */
  changed(lotId: string, _event: RecordedEvent): void {
    const view = this.viewOf(lotId);
    if (!view || this.refreshes.has(lotId)) return;
    const timer = setTimeout(() => {
      this.refreshes.delete(lotId);
      void this.pushList(lotId, view);
    }, 100);
    this.refreshes.set(lotId, timer);
  }

  private async pushList(lotId: string, view: LotView): Promise<void> {
    // The lot's own brand sees the whole thread; host brands see the same lot.
    const list = await this.fetch(lotId, { token: null, brand: view.brand, correlationId: `comments-${lotId}` });
    if (list && visibleTo(view, view.brand)) this.io.to(`lot:${lotId}`).emit('comments', { auctionId: lotId, comments: list });
  }

  private async fetch(lotId: string, caller: CallerContext): Promise<unknown[] | null> {
    const outcome = await this.auction.execute<{ findAllInHierarchy: unknown[] }>(
      HIERARCHY_QUERY,
      { relation: `auction:${lotId}` },
      caller,
    );
    if (!outcome.ok) {
      this.log.warn('Fetching comments failed', { lotId, code: outcome.error.code });
      return null;
    }
    return outcome.data.findAllInHierarchy;
  }
}
