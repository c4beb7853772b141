/**
 * An example consumer of the Trackside brand event feed (docs/events.md, docs/feed-asyncapi.yaml),
 * for a brand's engineers to copy. It reads the brand's topic with kafkajs, validates each value
 * against the contract (zod schemas in libs/contracts/src/feed; without TypeScript, validate with
 * libs/contracts/src/feed/auction-feed-event.v2.schema.json), drops copies by `eventId`, notices
 * gaps in a lot's `streamVersion` and prices amounts from ISO 4217 minor units.
 *
 * Kept true by services/auction/src/feed/feed-consumer-example.spec.ts (type check and a run).
 *
 * In your project: copy this file, depend on kafkajs and zod, copy libs/contracts/src/feed (or
 * generate types from the JSON Schema), and call runFeedConsumer with your brokers and brand.
 */
import { auctionFeedEventSchema, currencyMinorUnitDigits, feedTopicName, type AuctionFeedEvent } from '@trackside/contracts';
import { Kafka, type KafkaMessage } from 'kafkajs';

/** What the consumer makes of one message. */
export type FeedOutcome =
  | { kind: 'event'; event: AuctionFeedEvent; gapBefore: boolean; text: string }
  | { kind: 'duplicate'; eventId: string }
  | { kind: 'invalid'; problem: string };

/** A minor-unit amount as a decimal text: 1500 JPY is "1500 JPY", 150000 USD cents "1500.00 USD". */
export function formatMinor(amountMinor: number, currency: string): string {
  const digits = currencyMinorUnitDigits(currency);
  if (digits === 0) return `${amountMinor} ${currency}`;
  // Integer digits only, no division: minor units stay exact however large the amount.
  const padded = String(amountMinor).padStart(digits + 1, '0');
  return `${padded.slice(0, -digits)}.${padded.slice(-digits)} ${currency}`;
}

/** One line about an event, amounts priced in their own currency. */
function describe(event: AuctionFeedEvent): string {
  switch (event.eventType) {
    case 'BidPlaced':
      return `bid ${formatMinor(event.data.amountMinor, event.data.currency)} by ${event.data.bidderRef}`;
    case 'LotEnded':
      // salePriceMinor is set only for a sale; highestBidMinor of RESERVE_NOT_MET is not a price paid.
      return event.data.status === 'SOLD' && event.data.salePriceMinor !== null
        ? `sold for ${formatMinor(event.data.salePriceMinor, event.data.currency)}`
        : `not sold (${event.data.status})`;
    case 'LotCreated':
      return `listed "${event.data.title}", reserve ${formatMinor(event.data.reserveMinor, event.data.currency)}`;
    default:
      return event.eventType;
  }
}

/**
 * The consumer's state: delivery is at least once, so copies are dropped by `eventId` (a bounded
 * memory here; use your database's unique key in production), and a lot's events are in order by
 * `streamVersion`, with gaps when the brand publishes only some event types.
 */
export class FeedConsumerState {
  private readonly seen = new Set<string>();
  private readonly lastVersion = new Map<string, number>();

  constructor(private readonly memory = 100_000) {}

  handle(value: string): FeedOutcome {
    let json: unknown;
    try {
      json = JSON.parse(value);
    } catch {
      return { kind: 'invalid', problem: 'not JSON' };
    }
    const parsed = auctionFeedEventSchema.safeParse(json);
    if (!parsed.success) return { kind: 'invalid', problem: parsed.error.issues[0]?.message ?? 'does not fit the schema' };
    const event = parsed.data;
    if (this.seen.has(event.eventId)) return { kind: 'duplicate', eventId: event.eventId };
    this.seen.add(event.eventId);
    if (this.seen.size > this.memory) this.seen.delete(this.seen.values().next().value as string);
    const key = `${event.lotId}/${event.stream}`;
    const previous = this.lastVersion.get(key);
    this.lastVersion.set(key, Math.max(previous ?? 0, event.streamVersion));
    return { kind: 'event', event, gapBefore: previous !== undefined && event.streamVersion > previous + 1, text: describe(event) };
  }
}

/** Reads the brand's topic until stopped (SIGINT/SIGTERM). */
export async function runFeedConsumer(options: { brokers: string[]; brand: string; prefix?: string; groupId?: string }): Promise<void> {
  const kafka = new Kafka({ clientId: `${options.brand}-feed-consumer`, brokers: options.brokers });
  const consumer = kafka.consumer({ groupId: options.groupId ?? `${options.brand}-feed-consumer` });
  const state = new FeedConsumerState();
  await consumer.connect();
  await consumer.subscribe({ topic: feedTopicName(options.prefix ?? 'trackside', options.brand), fromBeginning: true });
  const stop = (): void => void consumer.disconnect();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await consumer.run({
    eachMessage: async ({ message }: { message: KafkaMessage }) => {
      const outcome = state.handle(message.value?.toString('utf8') ?? '');
      if (outcome.kind === 'event')
        console.log(`${outcome.event.lotId} v${outcome.event.streamVersion}${outcome.gapBefore ? ' (gap)' : ''}: ${outcome.text}`);
      else if (outcome.kind === 'invalid') console.warn(`offset ${message.offset}: ${outcome.problem}`);
    },
  });
}
