// stripe-mock (Stripe's official API mock, a Go program) for the Stripe peer tests: installed with
// `go install github.com/stripe/stripe-mock@<version>` when missing (the binary is cached in
// $(go env GOPATH)/bin), started on 127.0.0.1 on a free port, stopped after. Needs Go on the PATH.
//
//   node scripts/peers/stripe-mock.mjs install               install the binary only (CI does this)
//   node scripts/peers/stripe-mock.mjs start                 run until Ctrl-C (prints STRIPE_API_URL)
//   node scripts/peers/stripe-mock.mjs run -- <command...>   run a command with STRIPE_API_URL set, then stop
//
// As a module: `const mock = await startStripeMock(); ... mock.url ...; await mock.stop();`
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const STRIPE_MOCK_VERSION = 'v0.197.0';
const HOST = '127.0.0.1';

function goBinDir() {
  const gobin = spawnSync('go', ['env', 'GOBIN'], { encoding: 'utf8' });
  if (gobin.error) throw new Error(`stripe-mock: could not run go (${gobin.error.message}); Go is required`);
  if (gobin.stdout.trim()) return gobin.stdout.trim();
  const gopath = spawnSync('go', ['env', 'GOPATH'], { encoding: 'utf8' }).stdout.trim();
  return join(gopath.split(':')[0], 'bin');
}

/** Path of the stripe-mock binary, installing it with `go install` when it is not there yet. */
export function ensureStripeMock({ log = (line) => console.error(line) } = {}) {
  const binary = join(goBinDir(), 'stripe-mock');
  if (existsSync(binary)) return binary;
  log(`stripe-mock: go install github.com/stripe/stripe-mock@${STRIPE_MOCK_VERSION}`);
  const result = spawnSync('go', ['install', `github.com/stripe/stripe-mock@${STRIPE_MOCK_VERSION}`], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.error) throw new Error(`stripe-mock: could not run go install (${result.error.message})`);
  if (result.status !== 0) throw new Error(`stripe-mock: go install failed with exit code ${result.status}`);
  if (!existsSync(binary)) throw new Error(`stripe-mock: ${binary} missing after go install`);
  return binary;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function canConnect(port) {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.connect(port, HOST);
  });
}

/** Starts stripe-mock on a free loopback port; resolves once it accepts connections. */
export async function startStripeMock({ log = (line) => console.error(line) } = {}) {
  const binary = ensureStripeMock({ log });
  const port = await freePort();
  const child = spawn(binary, ['-http-addr', `${HOST}:${port}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk.toString()));
  child.stderr.on('data', (chunk) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (!(await canConnect(port))) {
    if (child.exitCode !== null) throw new Error(`stripe-mock exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`stripe-mock did not listen on ${port}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://${HOST}:${port}`,
    port,
    pid: () => child.pid ?? null,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'install') {
    console.log(ensureStripeMock());
  } else if (command === 'start') {
    const mock = await startStripeMock();
    console.log(`STRIPE_API_URL=${mock.url}`);
    const stop = async () => {
      await mock.stop();
      process.exit(0);
    };
    process.once('SIGINT', () => void stop());
    process.once('SIGTERM', () => void stop());
  } else if (command === 'run') {
    const args = rest[0] === '--' ? rest.slice(1) : rest;
    const mock = await startStripeMock();
    const result = spawnSync(args[0], args.slice(1), { stdio: 'inherit', env: { ...process.env, STRIPE_API_URL: mock.url } });
    await mock.stop();
    process.exit(result.status ?? 1);
  } else {
    console.error('usage: node scripts/peers/stripe-mock.mjs install | start | run -- <command...>');
    process.exit(2);
  }
}
