import { decodeCommentEvent, decodeLotReportEvent, type CommentEvent, type LotReportEvent } from '@trackside/contracts';
import type { RecordedEvent } from '@trackside/event-store';

/**
 * How the dispute desk reads moderation of a lot: reports of the lot (`lot-reports-<lotId>`) and
 * staff moderation of its comments (`lot-comments-<lotId>`). Both live apart from the lot's own
 * stream (reporting never bumps the lot's version), so they are their own list beside the events,
 * with their own stream and version (docs/decisions.md "Moderation in the dispute desk"). Pure.
 */
export interface ModerationEntry {
  eventId: string;
  /** The stream the event is in (lot-reports-… or lot-comments-…), and its version there. */
  stream: string;
  streamVersion: number;
  globalPosition: string;
  type: string;
  occurredAt: string;
  recordedAt: string;
  /** The reporter, or the staff member who dismissed, blocked or removed. */
  actorId: string | null;
  /** Whom the moderation is about: the author of the comment; null for reports of the lot itself. */
  subjectId: string | null;
  commentId: string | null;
  correlationId: string | null;
  causationId: string | null;
  channel: string | null;
  summary: string;
  data: unknown;
}

const text = (value: string | null | undefined): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

const REASONS: Record<string, string> = { BAD_LANGAUGE: 'bad language', DISCRIMINATION: 'discrimination', OTHER: 'other' };

/** "Reported as bad language: Insults everyone" (the reason's label; the decoder reads a reason it does not know as OTHER). */
const reported = (prefix: string, data: { reason: string; content: string }): string => {
  const line = `${prefix} as ${REASONS[data.reason] ?? data.reason}`;
  const content = text(data.content);
  return content ? `${line}: ${content}` : line;
};

const noted = (line: string, note: string | null | undefined): string => {
  const value = text(note);
  return value ? `${line}: ${value}` : line;
};

export type ModerationEvent = CommentEvent | LotReportEvent;

/** A recorded event of a comment or reports stream, decoded by the contract (null for anything else). */
export function decodeModerationEvent(event: RecordedEvent): ModerationEvent | null {
  return decodeCommentEvent(event) ?? decodeLotReportEvent(event);
}

/** The line and the acting user of a moderation event; null for events that are not moderation (a comment added, liked, removed by its author). */
export function moderationView(event: ModerationEvent): { summary: string; actorId: string | null } | null {
  switch (event.type) {
    case 'LotReported':
      return { summary: reported('Reported', event.data), actorId: text(event.data.reporterId) };
    case 'LotReportDismissed':
      return { summary: noted('Reports dismissed', event.data.note), actorId: text(event.data.dismissedBy) };
    case 'CommentReported':
      return { summary: reported('Comment reported', event.data), actorId: text(event.data.reporterId) };
    case 'CommentReportDismissed':
      return { summary: noted('Comment reports dismissed', event.data.note), actorId: text(event.data.dismissedBy) };
    case 'CommentBlocked':
      return { summary: noted('Comment blocked', event.data.reason), actorId: text(event.data.blockedBy) };
    case 'CommentThreadBlocked':
      return { summary: noted('Comment thread blocked', event.data.reason), actorId: text(event.data.blockedBy) };
    case 'CommentRemoved':
      return event.data.byStaff === true
        ? { summary: noted('Comment removed by staff', event.data.note), actorId: text(event.data.removedBy) }
        : null;
    default:
      return null;
  }
}

const metadataText = (event: RecordedEvent, key: string): string | null => {
  const value = event.metadata[key];
  return typeof value === 'string' ? value : null;
};

function occurredAt(event: RecordedEvent): string {
  const value = event.metadata.occurredAt;
  const date = typeof value === 'string' ? new Date(value) : event.createdAt;
  return (Number.isNaN(date.getTime()) ? event.createdAt : date).toISOString();
}

/** Global positions are decimal strings that may exceed 2^53: compared as big integers. */
function byPosition(a: ModerationEntry, b: ModerationEntry): number {
  const left = BigInt(a.globalPosition);
  const right = BigInt(b.globalPosition);
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * The moderation entries of the given streams, in log order. A comment's author comes from its
 * CommentAdded earlier in the same stream, so a block names whose comment it was.
 */
export function moderationEntries(streams: ReadonlyArray<readonly RecordedEvent[]>): ModerationEntry[] {
  const entries: ModerationEntry[] = [];
  for (const stream of streams) {
    const authors = new Map<string, string>();
    for (const event of stream) {
      const decoded = decodeModerationEvent(event);
      if (!decoded) continue;
      const commentId = 'commentId' in decoded.data ? decoded.data.commentId : null;
      if (decoded.type === 'CommentAdded') authors.set(decoded.data.commentId, decoded.data.authorId);
      const view = moderationView(decoded);
      if (!view) continue;
      entries.push({
        eventId: event.eventId,
        stream: event.streamId,
        streamVersion: event.version,
        globalPosition: event.globalPosition,
        type: event.type,
        occurredAt: occurredAt(event),
        recordedAt: event.createdAt.toISOString(),
        actorId: event.metadata.actorId ?? view.actorId,
        subjectId: commentId ? (authors.get(commentId) ?? null) : null,
        commentId,
        correlationId: event.metadata.correlationId ?? null,
        causationId: event.metadata.causationId ?? null,
        channel: metadataText(event, 'channel'),
        summary: view.summary,
        data: event.data,
      });
    }
  }
  return entries.sort(byPosition);
}
