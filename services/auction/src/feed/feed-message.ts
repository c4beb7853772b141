import {
  auctionFeedEventSchema,
  decodeLotEvent,
  FEED_HEADERS,
  FEED_SCHEMA_VERSION,
  isFeedEventType,
  type AuctionFeedEvent,
  type FeedEventType,
  type LotEvent,
} from '@trackside/contracts';
import type { RecordedEvent } from '@trackside/event-store';
import { FEED_EVENT_MAPPINGS, feedDataOf, type FeedEventMappings } from './feed-event-mappings';
import type { BrandPseudonyms } from './feed-pseudonym';
import { FeedRelayError } from './feed-relay-error';
import type { LotAround, LotFeedFacts } from './lot-feed-facts';
import type { LotOwnerDirectory } from './lot-owner-directory';

/** The events that change a lot's description (LotFeedFacts folds them). */
const DESCRIPTION_EVENTS = new Set(['LotCreated', 'LotUpdated']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One Kafka record of the feed. */
export interface FeedMessage {
  key: string;
  value: string;
  headers: Record<string, string>;
  eventId: string;
  eventType: string;
  /** Bytes of key, value and headers: what counts against the broker's size limits. */
  bytes: number;
}

/** Which events of a batch a brand's feed takes. */
export interface FeedSelection {
  brand: string;
  /** Null: every mapped type. */
  eventTypes: readonly string[] | null;
  /** Keep only events after this checkpoint (the instant the feed was enabled); null: all. */
  after: string | null;
  /** Keep only events at or after this global position / recorded instant (re-publish). */
  fromPosition?: bigint | null;
  fromDate?: Date | null;
  /** Keep only events up to this checkpoint (re-publish bound). */
  until?: string | null;
  /** Set on re-published copies (header `republish-job`). */
  republishJobId?: string;
}

/**
 * Turns a batch of recorded events into the feed messages of one brand: picks the events of lots
 * the brand owns with a mapped, selected type, maps their data through the allow-list (with the
 * lot's currency and earlier description from `LotFeedFacts`, people by the brand's pseudonyms),
 * validates the result against the published schema (which also strips anything unlisted) and
 * serialises.
 */
export class FeedMessageBuilder {
  constructor(
    private readonly owners: LotOwnerDirectory,
    private readonly facts: LotFeedFacts,
    private readonly pseudonyms: BrandPseudonyms,
    private readonly compareCheckpoints: (a: string, b: string) => number,
    private readonly mappings: FeedEventMappings = FEED_EVENT_MAPPINGS,
  ) {}

  async build(events: readonly RecordedEvent[], selection: FeedSelection): Promise<FeedMessage[]> {
    const lotEvents: Array<{ event: RecordedEvent; lotId: string }> = [];
    for (const event of events) {
      if (!isFeedEventType(event.type)) continue;
      const mapping = this.mappings[event.type];
      if (!event.streamId.startsWith(mapping.streamPrefix)) continue;
      const lotId = event.streamId.slice(mapping.streamPrefix.length);
      if (!UUID.test(lotId)) continue;
      if (event.type === 'LotCreated') {
        const created = decodeLotEvent(event);
        this.owners.remember(lotId, created?.type === 'LotCreated' ? created.data.brand : event.metadata.brand);
      }
      lotEvents.push({ event, lotId });
    }
    if (lotEvents.length === 0) return [];
    const owners = await this.owners.ownersOf(lotEvents.map((candidate) => candidate.lotId));
    const reader = selection.republishJobId ? `republish:${selection.republishJobId}` : `live:${selection.brand}`;
    const messages: FeedMessage[] = [];
    for (const { event, lotId } of lotEvents) {
      if (owners.get(lotId) !== selection.brand) continue;
      const selected = this.selected(event, selection);
      // The description events of owned lots are folded whether or not they are published, so the
      // reader's lot facts (currency, earlier details) stay current; other unpublished events are passed over.
      if (!selected && !DESCRIPTION_EVENTS.has(event.type)) continue;
      const decoded = decodeLotEvent(event);
      if (!decoded || decoded.type !== event.type) {
        if (!selected) continue;
        throw invalidEvent(event, 'the event data cannot be read');
      }
      const around = await this.facts.around(reader, lotId, event.version, decoded);
      if (selected) messages.push(this.message(event, decoded, lotId, around, selection));
    }
    return messages;
  }

  private selected(event: RecordedEvent, selection: FeedSelection): boolean {
    if (selection.eventTypes && !selection.eventTypes.includes(event.type)) return false;
    if (selection.after && this.compareCheckpoints(event.checkpoint, selection.after) <= 0) return false;
    if (selection.until && this.compareCheckpoints(event.checkpoint, selection.until) > 0) return false;
    if (selection.fromPosition !== undefined && selection.fromPosition !== null && BigInt(event.globalPosition) < selection.fromPosition)
      return false;
    if (selection.fromDate && event.createdAt.getTime() < selection.fromDate.getTime()) return false;
    return true;
  }

  private message(event: RecordedEvent, decoded: LotEvent, lotId: string, lot: LotAround, selection: FeedSelection): FeedMessage {
    const type = event.type as keyof FeedEventMappings;
    const mapping = this.mappings[type];
    const ref = this.pseudonyms(selection.brand);
    const candidate = {
      schemaVersion: FEED_SCHEMA_VERSION,
      eventId: event.eventId,
      eventType: type,
      brand: selection.brand,
      lotId,
      stream: mapping.stream,
      streamVersion: event.version,
      globalPosition: event.globalPosition,
      occurredAt: isoOr(event.metadata.occurredAt, event.createdAt),
      recordedAt: event.createdAt.toISOString(),
      actorRef: ref(typeof event.metadata.actorId === 'string' ? event.metadata.actorId : null),
      data: feedDataOf(decoded as Extract<LotEvent, { type: FeedEventType }>, { ref, brand: selection.brand, lot }, this.mappings),
    };
    const parsed = auctionFeedEventSchema.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalidEvent(event, `does not fit the feed schema: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim());
    }
    const payload: AuctionFeedEvent = parsed.data;
    const value = JSON.stringify(payload);
    const headers: Record<string, string> = {
      [FEED_HEADERS.eventId]: event.eventId,
      [FEED_HEADERS.eventType]: type,
      [FEED_HEADERS.brand]: selection.brand,
      [FEED_HEADERS.occurredAt]: payload.occurredAt,
      [FEED_HEADERS.recordedAt]: payload.recordedAt,
      [FEED_HEADERS.schemaVersion]: String(FEED_SCHEMA_VERSION),
      [FEED_HEADERS.contentType]: 'application/json',
    };
    if (selection.republishJobId) headers[FEED_HEADERS.republishJob] = selection.republishJobId;
    let bytes = Buffer.byteLength(lotId) + Buffer.byteLength(value);
    for (const [name, headerValue] of Object.entries(headers)) bytes += Buffer.byteLength(name) + Buffer.byteLength(headerValue);
    return { key: lotId, value, headers, eventId: event.eventId, eventType: type, bytes };
  }
}

function invalidEvent(event: RecordedEvent, problem: string): FeedRelayError {
  return new FeedRelayError('INVALID_EVENT', `Event ${event.eventId} (${event.type}, ${event.streamId}@${event.version}) ${problem}`, {
    eventId: event.eventId,
  });
}

function isoOr(value: unknown, fallback: Date): string {
  if (typeof value === 'string') {
    const parsed = new Date(value);
    if (!Number.isNaN(parsed.getTime())) return parsed.toISOString();
  }
  return fallback.toISOString();
}
