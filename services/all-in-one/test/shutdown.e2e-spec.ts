import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '@trackside/platform';
import { freePort } from '../../../libs/platform/src/database/embedded-postgres';
import { compileMarketplace } from './support/marketplace-process';

const ROOT = resolve(import.meta.dirname, '../../..');

interface Outcome {
  lot: string;
  amount: number;
  /** The ack, or the client's error when the socket went before one came (never sent on). */
  ack?: { status: string; code?: string; data?: { id: string } };
  error?: string;
  /** When the answer came, relative to SIGTERM (negative: before it). */
  answeredMs: number;
}

/**
 * Issue 19 part 7: `npm start`'s process (the built all-in-one on its embedded PostgreSQL) stops in
 * order on SIGTERM while sockets are bidding: every bid in flight is answered (accepted, or refused
 * with realtime.shuttingDown) and an accepted one is in the log; exit code 0 within 10 s; no ERROR
 * or FATAL line (PostgreSQL's "terminating connection" included). The server is compiled from the
 * current source into a private directory (not the shared dist/, which another process may rebuild).
 */
describe('graceful shutdown of the all-in-one process (e2e, built server, embedded PostgreSQL)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'trackside-shutdown-'));
  let child: ChildProcess;
  let output = '';
  let url = '';
  let outDir = '';

  beforeAll(async () => {
    const compiled = await compileMarketplace();
    outDir = compiled.outDir;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      // The pumps below bid as fast as their acks come back: no rate limit may refuse them.
      REALTIME_USER_BIDS: '100000',
      REALTIME_EVENTS_PER_SECOND: '10000',
      REALTIME_EVENT_BURST: '100000',
    };
    delete env.DATABASE_URL;
    delete env.PUBLIC_URL;
    child = spawn(process.execPath, [compiled.main], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk: Buffer): void => void (output += chunk.toString());
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    await new Promise<void>((resolveUp, reject) => {
      const poll = setInterval(() => {
        const up = /Trackside is up: (http:\/\/[\d.:]+)/.exec(output);
        if (up) {
          clearInterval(poll);
          url = up[1]!;
          resolveUp();
        } else if (child.exitCode !== null) {
          clearInterval(poll);
          reject(new Error(`the marketplace exited with ${child.exitCode}:\n${output.slice(-4000)}`));
        }
      }, 100);
    });
  }, 180_000);

  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  async function liveLots(): Promise<string[]> {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-brand': 'trackside' },
      body: JSON.stringify({ query: `{ auctionsByBrandAndStatus(brand: "trackside", status: [LIVE]) { auctions { id } } }` }),
    });
    const body = (await response.json()) as { data: { auctionsByBrandAndStatus: { auctions: Array<{ id: string }> } } };
    return body.data.auctionsByBrandAndStatus.auctions.map((lot) => lot.id);
  }

  async function socketOf(token: string): Promise<Socket> {
    const socket = connect(url, { transports: ['websocket'], auth: { token, brand: 'trackside' }, forceNew: true, reconnection: false });
    await new Promise<void>((resolveConnect, reject) => {
      socket.once('connect', () => resolveConnect());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  /**
   * Two bidders take turns on one lot as fast as the acks come back, until `stop()` or a socket
   * goes; every bid's outcome is recorded.
   */
  async function pump(lot: string, bidders: [Socket, Socket], outcomes: Outcome[], signalledAt: () => number | null): Promise<void> {
    const joined = (await bidders[0].timeout(10_000).emitWithAck('joinAuctionLot', { auctionId: lot })) as { data: { minimumBid: number } };
    let amount = Math.ceil(joined.data.minimumBid) + 100;
    for (let turn = 0; ; turn += 1) {
      const socket = bidders[turn % 2]!;
      const outcome: Outcome = { lot, amount, answeredMs: 0 };
      try {
        outcome.ack = (await socket.timeout(10_000).emitWithAck('bid', { auctionId: lot, amount })) as Outcome['ack'];
      } catch (error) {
        outcome.error = String(error);
      }
      const signalled = signalledAt();
      outcome.answeredMs = signalled === null ? -1 : Date.now() - signalled;
      outcomes.push(outcome);
      if (outcome.error || outcome.ack?.status !== 'success') return;
      amount += 100;
    }
  }

  it('answers the bids in flight, exits 0 within 10 s and logs no ERROR or FATAL line', async () => {
    const tokens = JSON.parse(readFileSync(join(dataDir, 'demo-tokens.json'), 'utf8')) as Record<string, Record<string, string>>;
    const lots = (await liveLots()).slice(0, 3);
    expect(lots.length).toBeGreaterThan(0);
    const pairs = await Promise.all(
      lots.map(async () => [await socketOf(tokens.trackside!.bidder1!), await socketOf(tokens.trackside!.bidder2!)] as [Socket, Socket]),
    );
    const outcomes: Outcome[] = [];
    let signalledAt: number | null = null;
    const pumps = lots.map((lot, index) => pump(lot, pairs[index]!, outcomes, () => signalledAt));
    // Bids flow on every lot before the signal, so some are in flight when it comes.
    while (outcomes.filter((outcome) => outcome.ack?.status === 'success').length < 3 * lots.length) {
      const stopped = outcomes.find((outcome) => outcome.ack?.status !== 'success');
      if (stopped) throw new Error(`a bid before the signal was not accepted: ${JSON.stringify(stopped)}`);
      await new Promise((resolveTick) => setTimeout(resolveTick, 10));
    }
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) =>
      child.once('exit', (code, signal) => resolveExit({ code, signal })),
    );
    signalledAt = Date.now();
    child.kill('SIGTERM');
    const { code, signal } = await exited;
    const stoppedMs = Date.now() - signalledAt;
    await Promise.all(pumps);
    for (const pair of pairs) for (const socket of pair) socket.disconnect();

    // On failure, the process's last lines say which shutdown step failed or ran late.
    expect({ code, signal }, output.slice(-3000)).toEqual({ code: 0, signal: null });
    expect(stoppedMs).toBeLessThan(10_000);
    const bad = output.split('\n').filter((line) => /"level":"error"|\bERROR\b|\bFATAL\b|PANIC/.test(line));
    expect(bad, output.slice(-6000)).toEqual([]);
    expect(output).toContain('SIGTERM: shutting down');

    // Every bid was answered: accepted, or refused because the server was stopping; a bid the
    // client could not hand over any more (socket already gone) was never acked, so never accepted.
    for (const outcome of outcomes) {
      if (outcome.ack)
        expect(outcome.ack.status === 'success' || outcome.ack.code === 'realtime.shuttingDown', JSON.stringify(outcome)).toBe(true);
      else expect(outcome.answeredMs, JSON.stringify(outcome)).toBeGreaterThanOrEqual(0);
    }
    // The server answered during its stop (an in-flight bid acked, or a late one refused).
    expect(outcomes.some((outcome) => outcome.ack && outcome.answeredMs >= 0)).toBe(true);

    // Never lost after an ack: every accepted bid is in the log (PostgreSQL started again on the same data).
    const accepted = outcomes.filter((outcome) => outcome.ack?.status === 'success').map((outcome) => outcome.ack!.data!.id);
    const database = await startEmbeddedPostgres({ dataDir: join(dataDir, 'postgres'), persistent: true });
    const client = new pg.Client({ connectionString: database.url });
    try {
      await client.connect();
      const found = await client.query<{ id: string }>(
        `SELECT data->>'bidId' AS id FROM eventstore.events WHERE type = 'BidPlaced' AND data->>'bidId' = ANY($1::text[])`,
        [accepted],
      );
      expect(found.rows.map((row) => row.id).sort()).toEqual([...accepted].sort());
    } finally {
      await client.end();
      await database.stop();
    }
  }, 60_000);
});
