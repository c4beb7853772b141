// Child processes of the scale-out check: each service started from dist/ with its deploy/env
// example as the base environment, and torn down on any exit of this process.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** Reads a deploy/env/*.env.example file: KEY=value lines (comments and blanks skipped). */
export function readEnvExample(file) {
  const env = {};
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const index = line.indexOf('=');
    if (index <= 0) throw new Error(`${file}: not KEY=value: ${line}`);
    env[line.slice(0, index).trim()] = line.slice(index + 1).trim();
  }
  return env;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Every child started here, so an exit of any kind can stop them. */
const children = new Set();
let cleanupHooks = [];

/** Runs `hook` (async) when the script ends normally or on a signal; children are killed in any case. */
export function onCleanup(hook) {
  cleanupHooks.push(hook);
}

let cleaning = null;

/** Stops every child, then runs the hooks newest first. Every caller (a signal, the normal end) waits for the one run. */
export function cleanup() {
  cleaning ??= (async () => {
    const hooks = cleanupHooks.reverse();
    cleanupHooks = [];
    await Promise.all([...children].map((child) => child.stop()));
    for (const hook of hooks) await hook().catch((error) => console.error(`[scale-out] cleanup: ${String(error)}`));
  })();
  return cleaning;
}

process.on('exit', () => {
  // Last resort (an uncaught error, process.exit): nothing async runs here, so kill outright.
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    console.error(`[scale-out] ${signal}: stopping`);
    void cleanup().finally(() => process.exit(130));
  });
}

/**
 * Starts `node <script>` with `env` (added to a clean PATH/HOME only, so nothing of this shell's
 * configuration leaks in) and resolves once a line of its output matches `ready`.
 */
export async function startService({ name, root, script, env, ready, timeoutMs = 150_000, logDir }) {
  const child = spawn(process.execPath, [join(root, script)], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const lines = [];
  const state = {
    name,
    pid: child.pid,
    /** Last lines of output, for failure reports. */
    tail: () => lines.slice(-40).join('\n'),
    errors: [],
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    exited: false,
    async stop() {
      if (state.exited) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await done;
      clearTimeout(timer);
    },
  };
  children.add(state);
  const onLine = (line) => {
    lines.push(line);
    if (lines.length > 400) lines.splice(0, 200);
    if (/"level":"error"|\bERROR\b/.test(line)) state.errors.push(line.slice(0, 500));
  };
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      state.exited = true;
      children.delete(state);
      resolve({ code, signal });
    }),
  );
  const readyPromise = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} not ready after ${timeoutMs} ms:\n${state.tail()}`)), timeoutMs);
    const feed = (chunk) => {
      output += chunk.toString();
      let index;
      while ((index = output.indexOf('\n')) >= 0) {
        const line = output.slice(0, index);
        output = output.slice(index + 1);
        onLine(line);
        if (ready.test(line)) {
          clearTimeout(timer);
          resolve();
        }
      }
    };
    child.stdout.on('data', feed);
    child.stderr.on('data', feed);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (code ${code}, signal ${signal}) before it was ready:\n${state.tail()}`));
    });
  });
  if (logDir) {
    const { createWriteStream } = await import('node:fs');
    const stream = createWriteStream(join(logDir, `${name}.log`));
    child.stdout.pipe(stream);
    child.stderr.pipe(stream);
  }
  await readyPromise;
  state.exitedPromise = exited;
  return state;
}
