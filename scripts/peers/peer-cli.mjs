// The command line every peer script offers (Kafka, OpenSearch): `fetch` prepares its artifacts,
// `start` runs the peer until SIGINT/SIGTERM and prints where it listens, `run -- <command...>`
// starts it, runs the command with the peer's address in its environment, then stops it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * @param {string[]} argv
 * @param {{ script: string, envName: string, fetch: () => string,
 *   start: (command: 'start' | 'run') => Promise<{ address: string, close: () => Promise<void> }> }} peer
 * @returns {Promise<number>} the exit code
 */
export async function peerCli(argv, peer) {
  const [command, ...rest] = argv;
  if (command === 'fetch') {
    console.log(peer.fetch());
    return 0;
  }
  if (command === 'start') {
    const running = await peer.start('start');
    console.log(`${peer.envName}=${running.address}`);
    await new Promise((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await running.close();
    return 0;
  }
  if (command === 'run') {
    const args = rest[0] === '--' ? rest.slice(1) : rest;
    if (args.length === 0) throw new Error(`usage: node ${peer.script} run -- <command...>`);
    const running = await peer.start('run');
    let code = 1;
    try {
      const child = spawn(args[0], args.slice(1), { stdio: 'inherit', env: { ...process.env, [peer.envName]: running.address } });
      const forward = (signal) => child.kill(signal);
      process.on('SIGINT', forward);
      process.on('SIGTERM', forward);
      code = await new Promise((resolve) => child.once('exit', (exitCode) => resolve(exitCode ?? 1)));
    } finally {
      await running.close();
    }
    return code;
  }
  console.error(`usage: node ${peer.script} fetch | start | run -- <command...>`);
  return 2;
}

/** Runs `peerCli` when `moduleUrl` is the script node was started with. */
export function runPeerCliIfMain(moduleUrl, peer) {
  if (!process.argv[1] || fileURLToPath(moduleUrl) !== process.argv[1]) return;
  peerCli(process.argv.slice(2), peer).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
