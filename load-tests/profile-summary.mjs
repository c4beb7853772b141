// Where the server's main thread spent its time, by part of the system, from a V8 CPU profile of
// the marketplace taken during a bench run:
//   BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench:live
//   node load-tests/profile-summary.mjs /tmp/prof/CPU.*.cpuprofile [fromSeconds toSeconds] [bucketSeconds]
// With a window, only samples between those offsets from the profile's start count; with a bucket
// size, it also prints the top parts per bucket (to find the phases). Native frames (writev, socket
// writes, ...) and Node's own modules count for the nearest caller that belongs to a part.
import { readFileSync } from 'node:fs';

const [file, fromArg, toArg, bucketArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node load-tests/profile-summary.mjs <profile.cpuprofile> [fromSeconds toSeconds] [bucketSeconds]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const from = fromArg === undefined ? -Infinity : Number(fromArg) * 1e6;
const to = toArg === undefined ? Infinity : Number(toArg) * 1e6;

const PARTS = [
  [/undici|_http_client|_http_agent/, 'HTTP client (realtime -> auction subgraph, gateway -> subgraph)'],
  [
    /_http_server|_http_incoming|_http_outgoing|_http_common|express|body-parser|router|as-integrations|raw-body|on-finished/,
    'HTTP server (express)',
  ],
  [/make-fetch-happen|minipass|agent-base|node-fetch/, 'HTTP client (gateway -> subgraph)'],
  [/@apollo|graphql/, 'GraphQL (Apollo, graphql-js, Nest GraphQL)'],
  [/@nestjs|rxjs|class-validator|class-transformer/, 'NestJS'],
  [/engine\.io|socket\.io|\/ws\//, 'Socket.IO / Engine.IO / ws'],
  [/pg-protocol|\/pg\/|pg-pool|typeorm/, 'PostgreSQL client (pg, TypeORM)'],
  [/jsonwebtoken|jws|jwa/, 'JWT'],
  [/dist\/libs\/event-store/, 'event store (libs/event-store)'],
  [/dist\/services\/auction/, 'auction service'],
  [/dist\/services\/realtime/, 'realtime service'],
  [/dist\/services\/gateway/, 'gateway service'],
  [/dist\/services\/identity/, 'identity service'],
  [/dist\/libs\/platform/, 'platform (libs/platform)'],
  [/zod/, 'zod'],
];
const partOfUrl = (url) => PARTS.find(([pattern]) => pattern.test(url))?.[1] ?? null;
const SPECIAL = new Set(['(idle)', '(garbage collector)', '(program)', '(root)']);

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const memo = new Map();
function partOf(id) {
  if (memo.has(id)) return memo.get(id);
  const node = nodes.get(id);
  const name = node.callFrame.functionName;
  let part = node.callFrame.url ? partOfUrl(node.callFrame.url) : null;
  if (!part) {
    if (!node.callFrame.url && SPECIAL.has(name)) part = name;
    else {
      const parent = parents.get(id);
      const inherited = parent === undefined ? null : partOf(parent);
      part = inherited && !SPECIAL.has(inherited) ? inherited : 'Node.js core and other';
    }
  }
  memo.set(id, part);
  return part;
}

const totals = new Map();
const buckets = new Map();
const bucketUs = bucketArg === undefined ? null : Number(bucketArg) * 1e6;
let at = 0;
let sum = 0;
for (let index = 0; index < profile.samples.length; index += 1) {
  const delta = profile.timeDeltas[index] ?? 0;
  at += delta;
  const part = partOf(profile.samples[index]);
  if (bucketUs) {
    const bucket = Math.floor(at / bucketUs);
    if (!buckets.has(bucket)) buckets.set(bucket, new Map());
    const map = buckets.get(bucket);
    map.set(part, (map.get(part) ?? 0) + delta);
  }
  if (at < from || at > to) continue;
  totals.set(part, (totals.get(part) ?? 0) + delta);
  sum += delta;
}

const share = (value, total) => `${((value / total) * 100).toFixed(1).padStart(5)}%`;
if (bucketUs) {
  for (const [bucket, map] of [...buckets.entries()].sort((a, b) => a[0] - b[0])) {
    const total = [...map.values()].reduce((a, b) => a + b, 0);
    const top = [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
    console.log(
      `${String((bucket * bucketUs) / 1e6).padStart(5)} s  ${top.map(([part, value]) => `${part} ${share(value, total).trim()}`).join(' | ')}`,
    );
  }
  console.log('');
}
console.log(`main thread, ${(sum / 1e6).toFixed(1)} s of samples${Number.isFinite(from) ? ` from ${fromArg} s to ${toArg} s` : ''}:`);
for (const [part, value] of [...totals.entries()].sort((a, b) => b[1] - a[1])) console.log(`${share(value, sum)}  ${part}`);
