// Preloaded into the server process (node --expose-gc --import this file): on SIGUSR2 it collects
// garbage twice and writes process.memoryUsage() to MEMORY_PROBE_FILE, so run.mjs reads the
// server's own heap and buffers instead of guessing from outside. With MEMORY_PROBE_SNAPSHOTS set
// to a folder it also writes a heap snapshot there each time (compare two with heap-diff.mjs).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';

const target = process.env.MEMORY_PROBE_FILE;
const snapshots = process.env.MEMORY_PROBE_SNAPSHOTS;
let taken = 0;
if (target && typeof globalThis.gc === 'function') {
  process.on('SIGUSR2', () => {
    globalThis.gc();
    globalThis.gc();
    const usage = process.memoryUsage();
    if (snapshots) writeHeapSnapshot(join(snapshots, `probe-${++taken}.heapsnapshot`));
    writeFileSync(target, JSON.stringify({ at: Date.now(), ...usage }));
  });
}
