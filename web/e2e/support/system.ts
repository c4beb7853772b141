import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

export interface RunningSystem {
  url: string;
  tokens: Record<string, Record<string, string>>;
  graphql: <T>(query: string, variables?: Record<string, unknown>, options?: { token?: string; brand?: string }) => Promise<T>;
  stop: () => Promise<void>;
  /** The process's output (stdout and stderr): its first 40,000 and its last 20,000 characters. */
  output: () => string;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * The all-in-one marketplace (dist/, built by `npm run test:web`) on a fresh embedded PostgreSQL in
 * a temporary directory, with the demo data; the gateway serves web/dist at the same origin.
 */
export async function startSystem(attempt = 1): Promise<RunningSystem> {
  const main = join(ROOT, 'dist/services/all-in-one/src/main.js');
  if (!existsSync(main)) throw new Error('dist/ is missing: run `npm run build:server` (npm run test:web does)');
  if (!existsSync(join(ROOT, 'web/dist/index.html')))
    throw new Error('web/dist is missing: run `npm run build:web` (npm run test:web does)');
  const dataDir = mkdtempSync(join(tmpdir(), 'trackside-web-e2e-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    NODE_ENV: 'development',
    // Browser tests pay with the sandbox's test cards (docs/payments.md).
    PAYMENT_SANDBOX_ENABLED: 'true',
    // Every browser context and API call of a spec comes from 127.0.0.1, one "address" for the
    // registration/resend/forgot limit (10 per 15 min); specs that set up many members would hit it.
    // The limit itself is tested in services/identity/test/e2e/enumeration.e2e-spec.ts.
    AUTH_ATTEMPTS_PER_ADDRESS: '1000',
  };
  // Without DATABASE_URL the all-in-one starts its own embedded PostgreSQL in DATA_DIR.
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  const child: ChildProcess = spawn(process.execPath, [main], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  // The start (up to 40,000 characters) is kept too: the boot's lines, for output().
  let head = '';
  const url = `http://127.0.0.1:${port}`;
  const started = new Promise<void>((resolveUp, reject) => {
    const timer = setTimeout(() => reject(new Error(`the marketplace did not start in 180 s:\n${output.slice(-4000)}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (head.length < 40_000) head += chunk.toString();
      if (output.includes('Trackside is up')) {
        clearTimeout(timer);
        resolveUp();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the marketplace exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
  try {
    await started;
  } catch (error) {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    // The port freePort() found can be taken before the gateway binds it (another spec's process, or
    // one of this process's own outgoing connections): start again on another port.
    if (attempt < 3 && String(error).includes('EADDRINUSE')) return startSystem(attempt + 1);
    throw error;
  }
  const tokens = JSON.parse(readFileSync(join(dataDir, 'demo-tokens.json'), 'utf8')) as Record<string, Record<string, string>>;
  return {
    url,
    tokens,
    graphql: async <T>(query: string, variables: Record<string, unknown> = {}, options: { token?: string; brand?: string } = {}) => {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-brand': options.brand ?? 'trackside' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await fetch(`${url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
      const body = (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
      if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
      return body.data as T;
    },
    output: () => `${head}\n${output}`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise<void>((done) => child.once('exit', () => done()));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((done) => setTimeout(done, 20_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
