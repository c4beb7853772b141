// Where the memory per watcher goes: compares two heap snapshots of probe.mjs (before and after the
// watchers joined) by node type and constructor, per watcher. Usage:
//   node --max-old-space-size=8192 scripts/realtime-memory/heap-diff.mjs before.heapsnapshot after.heapsnapshot 2000
import { readFileSync } from 'node:fs';

const [beforeFile, afterFile, countText] = process.argv.slice(2);
const count = Number(countText);

function summary(file) {
  const snapshot = JSON.parse(readFileSync(file, 'utf8'));
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const { nodes, strings } = snapshot;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  const totals = new Map();
  for (let index = 0; index < nodes.length; index += fields.length) {
    const type = types[nodes[index + typeAt]];
    const name = /string|number/.test(type) ? '' : strings[nodes[index + nameAt]].slice(0, 50);
    const key = `${type}:${name}`;
    const entry = totals.get(key) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += nodes[index + sizeAt];
    totals.set(key, entry);
  }
  return totals;
}

const before = summary(beforeFile);
const after = summary(afterFile);
const rows = [...after].map(([key, entry]) => {
  const old = before.get(key) ?? { count: 0, bytes: 0 };
  return { key, perWatcher: (entry.count - old.count) / count, bytes: (entry.bytes - old.bytes) / count };
});
rows.sort((a, b) => b.bytes - a.bytes);
let total = 0;
for (const row of rows) total += row.bytes;
for (const row of rows.slice(0, 40))
  console.log(`${row.bytes.toFixed(0).padStart(6)} B ${row.perWatcher.toFixed(2).padStart(6)}x ${row.key}`);
console.log(`total ${(total / 1024).toFixed(1)} KiB per watcher`);
