// `npm run projections:rebuild [-- --only <processor>]`: one operator command for every service that
// keeps projections (docs/operations.md, "Operator commands"). Each service has its own rebuild CLI,
// which derives what it rebuilds from its processors' definitions:
//   services/auction/src/cli/rebuild-projections.ts    (auction-read-models, auction-search, ...)
//   services/catalogue/src/cli/rebuild-projections.ts  (catalogue-search, on OpenSearch only)
// Without --only, each runs in turn (auction first) and the first failure stops the command with its
// exit code. With --only, each is asked in turn until one owns the name; a service that does not
// know it answers exit 2 with "No projection named ..." and its names, and when none owns it this
// command exits 2 listing every service's names. Run it on the built server (`npm run build:server`).
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const USAGE = 'usage: npm run projections:rebuild [-- --only <processor name>]';
/** What a service's CLI prints (stderr, exit 2) for a name it does not have. */
const UNKNOWN = /^No projection named "[^"]*"\. Projections: (.*)$/;

/** Each service's rebuild CLI in the built server, in the order a full rebuild runs them. */
export function serviceCommands(distDir = join(ROOT, 'dist')) {
  return ['auction', 'catalogue'].map((service) => ({
    service,
    script: join(distDir, 'services', service, 'src', 'cli', 'rebuild-projections.js'),
  }));
}

/**
 * Runs the services' CLIs as described above; answers the exit code. `out` and `err` receive the
 * CLIs' output (a service's "No projection named" line is kept back: the answer says it for all).
 */
export async function rebuildProjections({
  only,
  commands = serviceCommands(),
  env = process.env,
  out = process.stdout,
  err = process.stderr,
}) {
  if (only === undefined) {
    for (const command of commands) {
      const { code } = await runCommand(command.script, [], { env, out, err });
      if (code !== 0) return code;
    }
    return 0;
  }
  const known = [];
  for (const command of commands) {
    const { code, names } = await runCommand(command.script, ['--only', only], { env, out, err });
    if (names === null) return code;
    known.push(`${command.service}: ${names}`);
  }
  err.write(`No projection named "${only}" in any service. Projections: ${known.join('; ')}\n`);
  return 2;
}

/** One CLI run; `names` is the list it gave when it did not know the name (exit 2), else null. */
function runCommand(script, args, { env, out, err }) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const held = [];
    const line = (text) => (UNKNOWN.test(text) ? held.push(text) : err.write(`${text}\n`));
    let partial = '';
    child.stdout.on('data', (chunk) => out.write(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      lines.forEach(line);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (partial) line(partial);
      const exit = code ?? (signal ? 1 : 0);
      if (exit === 2 && held.length > 0) return resolvePromise({ code: exit, names: UNKNOWN.exec(held[0])[1] });
      for (const line of held) err.write(`${line}\n`);
      resolvePromise({ code: exit, names: null });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let only;
  try {
    only = parseArgs({ options: { only: { type: 'string' } }, strict: true, allowPositionals: false }).values.only;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  process.exitCode = await rebuildProjections({ only });
}
