import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@trackside/testing';
import { freePort } from '../../../libs/platform/src/database/embedded-postgres';
import { compileMarketplace } from './support/marketplace-process';

const ROOT = resolve(import.meta.dirname, '../../..');

/** A series' value in a Prometheus text scrape (0 when absent); `labels` must match exactly as written. */
function sample(scrape: string, name: string, labels = ''): number {
  const line = scrape.split('\n').find((candidate) => candidate.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

/** The sum of every series of a metric whose labels contain `contains`. */
function total(scrape: string, name: string, contains = ''): number {
  return scrape
    .split('\n')
    .filter((line) => (line.startsWith(`${name}{`) || line.startsWith(`${name} `)) && line.includes(contains))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/**
 * Issue 23 on `npm start`'s process (the built all-in-one on its embedded PostgreSQL, development
 * defaults): a quiet start-up with one summary, /metrics moved by bids, and logs without the
 * secrets requests carried.
 */
describe('observability of the all-in-one process (e2e, built server, embedded PostgreSQL)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'trackside-observability-'));
  let child: ChildProcess;
  let output = '';
  let startup = '';
  let url = '';
  let outDir = '';
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const compiled = await compileMarketplace();
    outDir = compiled.outDir;
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir };
    for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'LOG_FORMAT', 'LOG_LEVEL', 'NODE_ENV', 'DEMO_DATA', 'METRICS_TOKEN', 'METRICS_PORT'])
      delete env[name];
    child = spawn(process.execPath, [compiled.main], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk: Buffer): void => void (output += chunk.toString());
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    await eventually(
      () => {
        if (child.exitCode !== null) throw new Error(`the marketplace exited with ${child.exitCode}:\n${output.slice(-4000)}`);
        const up = /Trackside is up: (http:\/\/[\d.:]+)/.exec(output);
        expect(up).not.toBeNull();
        url = up![1]!;
      },
      { timeoutMs: 170_000, intervalMs: 100 },
    );
    // The summary is one entry: everything up to its last line (the password row).
    await eventually(() => expect(output).toMatch(/password\s+\S+/));
    startup = output;
  }, 180_000);

  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  const scrape = async (): Promise<string> => (await fetch(`${url}/metrics`)).text();

  async function socketOf(token: string): Promise<Socket> {
    const socket = connect(url, { transports: ['websocket'], auth: { token, brand: 'trackside' }, forceNew: true, reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolveConnect, reject) => {
      socket.once('connect', () => resolveConnect());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  async function liveLot(): Promise<string> {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-brand': 'trackside' },
      body: JSON.stringify({ query: `{ auctionsByBrandAndStatus(brand: "trackside", status: [LIVE]) { auctions { id } } }` }),
    });
    const body = (await response.json()) as { data: { auctionsByBrandAndStatus: { auctions: Array<{ id: string }> } } };
    return body.data.auctionsByBrandAndStatus.auctions[0]!.id;
  }

  it('starts quietly: one line per service, no WARN or ERROR, no route or module lines, one summary with the URLs and sign-ins', () => {
    const lines = startup.split('\n');
    expect(lines.filter((line) => /\b(WARN|ERROR|FATAL)\b|"level":"(warn|error)"/.test(line))).toEqual([]);
    expect(startup).not.toMatch(/Mapped \{|dependencies initialized|RoutesResolver|Nest application successfully started/);
    for (const service of ['auction', 'identity', 'catalogue'])
      expect(lines.filter((line) => line.includes(`${service} service listening on`))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('gateway listening on'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('realtime gateway attached'))).toHaveLength(1);
    const summary = startup.slice(startup.indexOf('Trackside is up'));
    for (const part of ['/graphql', '/socket.io', '/health/ready', `${url}/metrics`, '/dev/mailbox', 'bidder1@trackside.demo', 'password'])
      expect(summary).toContain(part);
    // No access line for the subgraphs' requests at info (the gateway's is the request's line).
    expect(lines.filter((line) => /\[(auction|identity|catalogue)\] POST \/graphql/.test(line))).toEqual([]);
  });

  it('counts and times bids: a scrape after a few bids finds the bid counters and latency histograms moved', async () => {
    const tokens = JSON.parse(readFileSync(join(dataDir, 'demo-tokens.json'), 'utf8')) as Record<string, Record<string, string>>;
    const lot = await liveLot();
    const bidder = await socketOf(tokens.trackside!.bidder1!);
    const watcher = await socketOf(tokens.trackside!.bidder2!);
    const joined = (await watcher.timeout(10_000).emitWithAck('joinAuctionLot', { auctionId: lot })) as { data: { minimumBid: number } };
    await bidder.timeout(10_000).emitWithAck('joinAuctionLot', { auctionId: lot });
    const before = await scrape();

    let amount = Math.ceil(joined.data.minimumBid) + 100;
    for (let bid = 0; bid < 3; bid += 1, amount += 100) {
      const ack = (await bidder.timeout(10_000).emitWithAck('bid', { auctionId: lot, amount })) as { status: string };
      expect(ack.status).toBe('success');
    }
    const refused = (await bidder.timeout(10_000).emitWithAck('bid', { auctionId: lot, amount: 1 })) as { status: string; code: string };
    expect(refused.status).toBe('failure');

    await eventually(async () => {
      const after = await scrape();
      const accepted = 'trackside_bids_total';
      expect(sample(after, accepted, 'outcome="accepted",code=""') - sample(before, accepted, 'outcome="accepted",code=""')).toBe(3);
      expect(total(after, accepted, 'outcome="refused"') - total(before, accepted, 'outcome="refused"')).toBe(1);
      expect(sample(after, accepted, `outcome="refused",code="${refused.code}"`)).toBeGreaterThanOrEqual(1);
      expect(total(after, 'trackside_bid_ack_seconds_count') - total(before, 'trackside_bid_ack_seconds_count')).toBe(4);
      expect(
        total(after, 'trackside_bid_ack_seconds_bucket', 'le="+Inf"') - total(before, 'trackside_bid_ack_seconds_bucket', 'le="+Inf"'),
      ).toBe(4);
      // The watcher's room got the three accepted bids pushed.
      expect(sample(after, 'trackside_push_seconds_count') - sample(before, 'trackside_push_seconds_count')).toBeGreaterThanOrEqual(3);
      expect(sample(after, 'trackside_sockets')).toBeGreaterThanOrEqual(2);
      expect(sample(after, 'trackside_socket_rooms')).toBeGreaterThanOrEqual(1);
      expect(after).toMatch(/trackside_processor_lag_seconds\{service="auction",processor="[\w-]+",kind="checkpoint"\} \d/);
      expect(after).toMatch(/trackside_graphql_operation_seconds_count\{operation="anonymous",type="query",outcome="ok"\} [1-9]/);
      expect(after).toMatch(/trackside_db_pool_connections\{service="auction",pool="typeorm",state="total"\} \d/);
      expect(after).toContain('nodejs_eventloop_lag_seconds');
    });
  });

  it('logs one access line per request without the token, password, cookie or card number it carried', async () => {
    const tokens = JSON.parse(readFileSync(join(dataDir, 'demo-tokens.json'), 'utf8')) as Record<string, Record<string, string>>;
    const token = tokens.trackside!.bidder1!;
    const password = 'Never-Logged-Pa55word!';
    const card = '4000056655665556';
    const from = output.length;
    const login = await fetch(`${url}/graphql?access_token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-brand': 'trackside', cookie: `session=${token}` },
      body: JSON.stringify({
        query: 'mutation Login($email: String, $password: String) { loginUser(email: $email, password: $password) { jwt } }',
        variables: { email: 'bidder1@trackside.demo', password },
      }),
    });
    expect(login.status).toBe(200);
    const cards = await fetch(`${url}/payment/saved-cards`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-brand': 'trackside' },
      body: JSON.stringify({ cardNumber: card, cvc: '123', password, note: `card ${card}` }),
    });
    expect(cards.status).toBeLessThan(600);
    const written = await eventually(() => {
      const lines = output.slice(from).split('\n');
      expect(lines.filter((line) => line.includes('[gateway] POST /graphql?access_token=[redacted]'))).toHaveLength(1);
      expect(lines.filter((line) => line.includes('[gateway] POST /payment/saved-cards'))).toHaveLength(1);
      return output.slice(from);
    });
    for (const secret of [token, password, card]) expect(written).not.toContain(secret);
    expect(output).not.toContain(token);
    expect(output).not.toContain(password);
  });
});
