// The baseline every load figure is quoted beside: PostgreSQL's own single-row commit rate on the
// same server in the same run (one connection, one INSERT per transaction, durable defaults), and
// the machine's state at the start of the run (other work on the same cores skews everything).
import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';

/** Single-row commits per second on one connection: 1 s warm-up, then `measureMs`. */
export async function referenceCommitRate(databaseUrl, measureMs = 5000) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('CREATE TABLE IF NOT EXISTS bench_commit (id bigserial PRIMARY KEY, payload jsonb NOT NULL)');
  let stop = false;
  let counted = 0;
  let counting = false;
  const loop = (async () => {
    while (!stop) {
      await client.query('INSERT INTO bench_commit (payload) VALUES ($1)', [{ by: 1 }]);
      if (counting) counted += 1;
    }
  })();
  await new Promise((done) => setTimeout(done, 1000));
  counting = true;
  const started = performance.now();
  await new Promise((done) => setTimeout(done, measureMs));
  counting = false;
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await loop;
  await client.query('DROP TABLE bench_commit');
  await client.end();
  return Math.round(counted / seconds);
}

/** What the run ran on, with the 1/5/15-minute load averages at its start. */
export function machineInfo() {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverageAtStart: loadavg().map((value) => Number(value.toFixed(2))),
  };
}

/** "load average 1.23 / 0.80 / 0.51 (1/5/15 min) at the start" for the markdown. */
export function loadLine(machine) {
  const [one, five, fifteen] = machine.loadAverageAtStart ?? [];
  return one === undefined ? '' : ` Load average at the start: ${one} / ${five} / ${fifteen} (1/5/15 min; other work on the same cores).`;
}
