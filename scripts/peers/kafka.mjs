// A real Kafka broker for the feed's peer tests and benchmark (no Docker, no installed Kafka):
// fetches org.apache.kafka:kafka_2.13 and its runtime dependencies with Maven (pom.xml beside this
// file; jars cached in ~/.m2), formats a fresh log directory with kafka.tools.StorageTool and runs
// `kafka.Kafka server.properties` in KRaft mode (combined broker and controller) on 127.0.0.1 with
// free ports and a small heap. Needs Java 17+ and Maven on the PATH.
//
//   node scripts/peers/kafka.mjs fetch                  fetch the jars only
//   node scripts/peers/kafka.mjs start                  run a broker until Ctrl-C (prints KAFKA_BROKERS)
//   node scripts/peers/kafka.mjs run -- <command...>    run a command with KAFKA_BROKERS set, then stop
//
// As a module: `const kafka = await startKafka(); ... await kafka.restart(); ... await kafka.stop();`
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPeerCliIfMain } from './peer-cli.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const POM = join(here, 'kafka', 'pom.xml');
const LOG4J = join(here, 'kafka', 'log4j.properties');
const HOST = '127.0.0.1';

function kafkaVersion() {
  const match = /<kafka\.version>([^<]+)<\/kafka\.version>/.exec(readFileSync(POM, 'utf8'));
  if (!match) throw new Error(`No kafka.version in ${POM}`);
  return match[1];
}

/** Folder holding the broker's jars (copied from ~/.m2 by Maven once per version). */
export function ensureKafkaJars({ log = (line) => console.error(line) } = {}) {
  const version = kafkaVersion();
  const dir = join(tmpdir(), `trackside-kafka-${version}-libs`);
  const marker = join(dir, '.complete');
  if (existsSync(marker)) return dir;
  log(`kafka: fetching org.apache.kafka:kafka_2.13:${version} and its dependencies with Maven (cached in ~/.m2)`);
  mkdirSync(dir, { recursive: true });
  const result = spawnSync(
    'mvn',
    ['-q', '-B', '-Dstyle.color=never', '-f', POM, 'dependency:copy-dependencies', `-DoutputDirectory=${dir}`, '-DincludeScope=runtime'],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (result.error) throw new Error(`kafka: could not run mvn (${result.error.message}); Maven and Java 17+ are required`);
  if (result.status !== 0) throw new Error(`kafka: mvn dependency:copy-dependencies failed with exit code ${result.status}`);
  if (!existsSync(join(dir, `kafka_2.13-${version}.jar`))) throw new Error(`kafka: kafka_2.13-${version}.jar missing after Maven ran`);
  writeFileSync(marker, new Date().toISOString());
  return dir;
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
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500);
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, HOST);
  });
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An authenticated external listener like the compose file's (deploy/compose.yml): SASL/SCRAM-SHA-512
 * on its own port, ACLs enforced by KRaft's StandardAuthorizer, no access without an ACL. The
 * PLAINTEXT listener (the services' side, principal ANONYMOUS) and the controller are super users.
 */
function saslProperties(saslPort) {
  return {
    listeners: `PLAINTEXT://${HOST}:{port},EXTERNAL://${HOST}:${saslPort},CONTROLLER://${HOST}:{controllerPort}`,
    'advertised.listeners': `PLAINTEXT://${HOST}:{port},EXTERNAL://${HOST}:${saslPort}`,
    'listener.security.protocol.map': 'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT,EXTERNAL:SASL_PLAINTEXT',
    'listener.name.external.sasl.enabled.mechanisms': 'SCRAM-SHA-512',
    'listener.name.external.scram-sha-512.sasl.jaas.config': 'org.apache.kafka.common.security.scram.ScramLoginModule required;',
    'authorizer.class.name': 'org.apache.kafka.metadata.authorizer.StandardAuthorizer',
    'super.users': 'User:ANONYMOUS',
    'allow.everyone.if.no.acl.found': 'false',
  };
}

function serverProperties({ nodeId, port, controllerPort, logDir, autoCreateTopics, extra }) {
  const lines = {
    'process.roles': 'broker,controller',
    'node.id': String(nodeId),
    'controller.quorum.voters': `${nodeId}@${HOST}:${controllerPort}`,
    listeners: `PLAINTEXT://${HOST}:${port},CONTROLLER://${HOST}:${controllerPort}`,
    'advertised.listeners': `PLAINTEXT://${HOST}:${port}`,
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'PLAINTEXT',
    'listener.security.protocol.map': 'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'log.dirs': logDir,
    'num.partitions': '1',
    'auto.create.topics.enable': String(autoCreateTopics),
    'offsets.topic.replication.factor': '1',
    'offsets.topic.num.partitions': '3',
    'transaction.state.log.replication.factor': '1',
    'transaction.state.log.min.isr': '1',
    'group.initial.rebalance.delay.ms': '0',
    'delete.topic.enable': 'true',
    'num.network.threads': '2',
    'num.io.threads': '2',
    'log.flush.interval.ms': '1000',
    ...extra,
  };
  return `${Object.entries(lines)
    .map(
      ([key, value]) => `${key}=${String(value).replaceAll('{port}', String(port)).replaceAll('{controllerPort}', String(controllerPort))}`,
    )
    .join('\n')}\n`;
}

/**
 * Starts a single-node KRaft broker in a fresh temporary folder. Resolves once it accepts clients.
 * `restart()` stops and starts it again on the same ports and data (a broker outage for tests).
 */
/**
 * A KRaft cluster id: 16 random bytes in base64url, drawn again while it begins with '-'. StorageTool's
 * argument parser reads an id such as "-Xq…" after `-t` as an option and refuses the format (one id in 64;
 * Kafka's own Uuid.randomUuid() skips those ids for the same reason).
 */
export function newClusterId(random = randomBytes) {
  for (;;) {
    const id = random(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

export async function startKafka(options = {}) {
  const {
    autoCreateTopics = false,
    heap = '512m',
    log = (line) => console.error(line),
    extraProperties = {},
    keep = false,
    scramUsers = null,
  } = options;
  const libs = ensureKafkaJars({ log });
  const root = mkdtempSync(join(tmpdir(), 'trackside-kafka-'));
  const logDir = join(root, 'data');
  const port = await freePort();
  let controllerPort = await freePort();
  while (controllerPort === port) controllerPort = await freePort();
  let saslPort = null;
  if (scramUsers) {
    saslPort = await freePort();
    while (saslPort === port || saslPort === controllerPort) saslPort = await freePort();
  }
  const extra = saslPort ? { ...saslProperties(saslPort), ...extraProperties } : extraProperties;
  const properties = join(root, 'server.properties');
  writeFileSync(properties, serverProperties({ nodeId: 1, port, controllerPort, logDir, autoCreateTopics, extra }));
  const classpath = `${libs}/*`;
  const java = (args, extraJvm = []) => [
    '-cp',
    classpath,
    `-Dlog4j.configuration=file:${LOG4J}`,
    `-Dkafka.logs.dir=${root}`,
    ...extraJvm,
    ...args,
  ];

  const clusterId = newClusterId();
  // SCRAM credentials of a KRaft cluster are written into its metadata when the storage is formatted.
  const scram = Object.entries(scramUsers ?? {}).flatMap(([name, password]) => [
    '--add-scram',
    `SCRAM-SHA-512=[name=${name},password=${password}]`,
  ]);
  const format = spawnSync(
    'java',
    java(['kafka.tools.StorageTool', 'format', `--cluster-id=${clusterId}`, '-c', properties, ...scram], ['-Xmx256m']),
    {
      encoding: 'utf8',
    },
  );
  if (format.status !== 0) throw new Error(`kafka: StorageTool format failed: ${format.stderr || format.stdout}`);

  let child = null;
  let exited = null;
  const brokers = `${HOST}:${port}`;

  async function start() {
    if (child) return;
    const out = createWriteStream(join(root, 'stdout.log'), { flags: 'a' });
    const spawned = spawn('java', java(['kafka.Kafka', properties], [`-Xmx${heap}`, '-Xms128m', '-XX:+UseSerialGC']), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    spawned.stdout.pipe(out);
    spawned.stderr.pipe(out);
    child = spawned;
    exited = new Promise((resolve) => spawned.once('exit', (code, signal) => resolve({ code, signal })));
    const deadline = Date.now() + 90_000;
    let ready = false;
    while (!ready && Date.now() < deadline) {
      const early = await Promise.race([exited, delay(200).then(() => null)]);
      if (early) throw new Error(`kafka: broker exited during start (${JSON.stringify(early)}); see ${root}/kafka.log`);
      ready = await canConnect(port);
    }
    if (!ready) throw new Error(`kafka: broker did not listen on ${brokers} within 90 s; see ${root}/kafka.log`);
    log(`kafka: broker ${kafkaVersion()} (KRaft) listening on ${brokers}, data in ${root}`);
  }

  async function stop() {
    const running = child;
    if (!running) return;
    child = null;
    running.kill('SIGTERM');
    const stopped = await Promise.race([exited, delay(30_000).then(() => null)]);
    if (!stopped) {
      running.kill('SIGKILL');
      await exited;
    }
  }

  await start();
  return {
    brokers,
    port,
    saslBrokers: saslPort ? `${HOST}:${saslPort}` : null,
    dir: root,
    /** Stops the broker, keeping its data (start() brings it back). */
    stop,
    start,
    async restart() {
      await stop();
      await start();
    },
    /** Stops the broker and deletes its folder. */
    async close() {
      await stop();
      if (!keep) rmSync(root, { recursive: true, force: true });
    },
    pid: () => child?.pid ?? null,
  };
}

runPeerCliIfMain(import.meta.url, {
  script: 'scripts/peers/kafka.mjs',
  envName: 'KAFKA_BROKERS',
  fetch: ensureKafkaJars,
  // `start` leaves topic creation to the caller, as a production broker would; `run` lets the command's clients create them.
  start: async (command) => {
    const kafka = await startKafka(command === 'start' ? { autoCreateTopics: false } : undefined);
    return { address: kafka.brokers, close: () => kafka.close() };
  },
});
