// What PostgreSQL did per accepted bid in a phase: transactions committed (pg_stat_database) and,
// when the server was started with pg_stat_statements (BENCH_PG_STATEMENTS=1, see startDatabase),
// the statements that ran, by normalised text. The sampling connection's own statements are
// excluded (its queries carry a marker comment; its transactions are counted and subtracted).
import pg from 'pg';

const MARKER = '/* bench-pg-counters */';

export async function openPgCounters(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const statements = await client
    .query(`${MARKER} CREATE EXTENSION IF NOT EXISTS pg_stat_statements`)
    .then(() => client.query(`${MARKER} SELECT 1 FROM pg_stat_statements LIMIT 1`))
    .then(
      () => true,
      () => false,
    );
  let ownTransactions = 0;
  const query = async (text) => {
    ownTransactions += 1;
    return (await client.query(`${MARKER} ${text}`)).rows;
  };
  return {
    statements,
    async snapshot() {
      const [db] = await query(
        'SELECT xact_commit::bigint AS commits, xact_rollback::bigint AS rollbacks FROM pg_stat_database WHERE datname = current_database()',
      );
      const rows = statements
        ? await query(
            `SELECT query, calls::bigint AS calls, total_exec_time AS ms FROM pg_stat_statements WHERE query NOT LIKE '%bench-pg-counters%'`,
          )
        : [];
      const byQuery = new Map();
      const msByQuery = new Map();
      for (const row of rows) {
        byQuery.set(row.query, (byQuery.get(row.query) ?? 0) + Number(row.calls));
        msByQuery.set(row.query, (msByQuery.get(row.query) ?? 0) + Number(row.ms));
      }
      return { commits: Number(db.commits), rollbacks: Number(db.rollbacks), own: ownTransactions, byQuery, msByQuery };
    },
    /** Events of one stream by type (a lot's BidPlaced and MaxBidSet, for per-bid figures of a phase). */
    async eventCounts(streamId) {
      const rows = await query(
        `SELECT type, count(*)::int AS n FROM eventstore.events WHERE stream_id = '${streamId.replace(/'/g, "''")}' GROUP BY type`,
      );
      return Object.fromEntries(rows.map((row) => [row.type, Number(row.n)]));
    },
    /**
     * Waits until the server's log consumers have caught up with what the previous phase appended:
     * PostgreSQL commits fewer than `maxPerSecond` transactions a second over `windowMs` (an idle
     * all-in-one commits about 1.4/s, docs/benchmarks.md "Idle cost"). Answers the time waited, or
     * null when it never settled within `timeoutMs`.
     */
    async settled({ maxPerSecond = 20, windowMs = 1000, timeoutMs = 180_000 } = {}) {
      const started = Date.now();
      const commits = async () => {
        const [db] = await query(
          'SELECT (xact_commit + xact_rollback)::bigint AS n FROM pg_stat_database WHERE datname = current_database()',
        );
        return Number(db.n) - ownTransactions;
      };
      let last = await commits();
      while (Date.now() - started < timeoutMs) {
        await new Promise((done) => setTimeout(done, windowMs));
        const now = await commits();
        if (((now - last) * 1000) / windowMs < maxPerSecond) return Date.now() - started;
        last = now;
      }
      return null;
    },
    /** The processors whose checkpoints moved last (name, seconds ago): which consumer a backlog waited for. */
    async lastCheckpoints(limit = 3) {
      const rows = await query(
        `SELECT processor_name AS name, round(extract(epoch FROM now() - updated_at)::numeric, 1)::float AS "secondsAgo" FROM eventstore.checkpoints ORDER BY updated_at DESC LIMIT ${Number(limit)}`,
      );
      return rows;
    },
    close: () => client.end(),
  };
}

/**
 * Transactions and statements per accepted bid between two snapshots: the top `limit` statements by
 * calls, and by execution time (`topByTime`, microseconds per bid; with BENCH_PG_TRACK=all the
 * statements inside functions such as eventstore.append_many are listed too, and their time is then
 * also inside the calling statement's).
 */
export function pgPerBid(before, after, acceptedBids, limit = Number(process.env.BENCH_PG_TOP ?? 12)) {
  const own = after.own - before.own;
  const transactions = after.commits - before.commits + (after.rollbacks - before.rollbacks) - own;
  const per = (count) => (acceptedBids > 0 ? Math.round((count / acceptedBids) * 1000) / 1000 : null);
  const statements = [];
  let totalStatements = 0;
  for (const [text, calls] of after.byQuery) {
    const delta = calls - (before.byQuery.get(text) ?? 0);
    if (delta <= 0) continue;
    totalStatements += delta;
    const ms = (after.msByQuery.get(text) ?? 0) - (before.msByQuery.get(text) ?? 0);
    const usPerBid = acceptedBids > 0 ? Math.round((ms * 1000) / acceptedBids) : null;
    statements.push({ perBid: per(delta), calls: delta, usPerBid, query: text.replace(/\s+/g, ' ').slice(0, 160) });
  }
  const byTime = [...statements].sort((a, b) => (b.usPerBid ?? 0) - (a.usPerBid ?? 0));
  statements.sort((a, b) => b.calls - a.calls);
  return {
    transactions,
    transactionsPerBid: per(transactions),
    // Rolled back (a refused statement's transaction): pg_stat_statements does not count those statements.
    rollbacks: after.rollbacks - before.rollbacks,
    statementsPerBid: before.byQuery.size + after.byQuery.size > 0 ? per(totalStatements) : null,
    topStatements: statements.slice(0, limit),
    topByTime: byTime.slice(0, limit),
  };
}
