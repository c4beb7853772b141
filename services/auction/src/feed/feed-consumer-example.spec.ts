import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { compareCheckpoints, encodeCheckpoint, type EventStore, type RecordedEvent } from '@trackside/event-store';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FeedConsumerState, formatMinor } from '../../../../docs/examples/feed-consumer';
import { FeedMessageBuilder } from './feed-message';
import { createBrandPseudonyms } from './feed-pseudonym';
import { LotFeedFacts } from './lot-feed-facts';
import { LotOwnerDirectory } from './lot-owner-directory';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const EXAMPLE = `${ROOT}docs/examples/feed-consumer.ts`;

function recorded(lotId: string, version: number, type: string, data: unknown): RecordedEvent {
  return {
    eventId: randomUUID(),
    type,
    data,
    metadata: { brand: 'alpha', actorId: null, occurredAt: '2026-11-22T10:00:00.000Z' },
    streamId: `lot-${lotId}`,
    version,
    globalPosition: String(version),
    checkpoint: encodeCheckpoint('1', String(version)),
    createdAt: new Date('2026-11-22T10:00:00.000Z'),
  };
}

// The example consumer in docs/ stays true: it type-checks against the contract and reads what the relay publishes.
describe('docs/examples/feed-consumer.ts', () => {
  it('type-checks against the feed contract', () => {
    const config = ts.readConfigFile(`${ROOT}tsconfig.json`, (path) => ts.sys.readFile(path));
    const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
    const program = ts.createProgram([EXAMPLE], { ...options, noEmit: true });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((diagnostic) => diagnostic.file?.fileName === EXAMPLE)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);
  }, 120_000);

  it('prices a JPY lot in yen, drops copies and reports a gap', async () => {
    const lotId = randomUUID();
    const store = { readStream: async () => [] } as unknown as EventStore;
    const builder = new FeedMessageBuilder(
      new LotOwnerDirectory(store),
      new LotFeedFacts(store),
      createBrandPseudonyms('k'.repeat(40)),
      compareCheckpoints,
    );
    const bid = {
      bidId: randomUUID(),
      bidderId: randomUUID(),
      amountCents: 150_000,
      isFirstBid: true,
      placedAt: '2026-11-22T10:00:00.000Z',
    };
    const messages = await builder.build(
      [
        recorded(lotId, 1, 'LotCreated', {
          lotId,
          brand: 'alpha',
          sellerId: randomUUID(),
          title: 'Toyota 2000GT',
          currency: 'JPY',
          reserveCents: 100_000,
        }),
        recorded(lotId, 3, 'BidPlaced', bid),
      ],
      { brand: 'alpha', eventTypes: null, after: null },
    );
    const state = new FeedConsumerState();
    const [created, placed] = messages.map((message) => state.handle(message.value));
    expect(created).toMatchObject({ kind: 'event', text: 'listed "Toyota 2000GT", reserve 1000 JPY' });
    expect(placed).toMatchObject({ kind: 'event', gapBefore: true, text: expect.stringMatching(/^bid 1500 JPY by [0-9a-f]{32}$/) });
    expect(state.handle(messages[1]!.value)).toMatchObject({ kind: 'duplicate' });
    expect(state.handle('{"schemaVersion":1}')).toMatchObject({ kind: 'invalid' });
    expect(formatMinor(150_000, 'USD')).toBe('1500.00 USD');
    expect(formatMinor(12_345, 'BHD')).toBe('12.345 BHD');
  });
});
