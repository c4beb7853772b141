// Checks the deploy/ topology without a Docker engine (none runs on the development or CI
// machines): the compose files parse; every service container runs a built entry point; every
// environment key a container gets (env file example + compose `environment`) is a key of that
// service's validated configuration, and the example values pass that validation; the gateway
// proxies to the realtime instances compose defines; the Dockerfile copies every workspace manifest.
// Needs `npm run build:server` first (it reads the configuration schemas from dist/).
//
//   node deploy/check.mjs
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import yaml from 'js-yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const deploy = join(root, 'deploy');
const problems = [];
const notes = [];
const fail = (message) => problems.push(message);

/** Configuration schema (zod object) of each service, from the build. */
const CONFIGS = {
  auction: ['dist/services/auction/src/config/auction-config.js', 'auctionConfigSchema'],
  identity: ['dist/services/identity/src/config/identity-config.js', 'identityConfigSchema'],
  catalogue: ['dist/services/catalogue/src/config/catalogue-config.js', 'catalogueConfigSchema'],
  realtime: ['dist/services/realtime/src/config/realtime-config.js', 'realtimeConfigSchema'],
  gateway: ['dist/services/gateway/src/config/gateway-config.js', 'gatewayConfigSchema'],
};

/** Stand-ins for the secrets compose interpolates from deploy/.env. */
const SECRETS = {
  POSTGRES_PASSWORD: 'p'.repeat(32),
  JWT_SECRET: 'j'.repeat(64),
  FEED_PSEUDONYM_KEY: 'f'.repeat(64),
};

function readYaml(file) {
  try {
    return yaml.load(readFileSync(join(root, file), 'utf8'));
  } catch (error) {
    fail(`${file}: ${String(error)}`);
    return null;
  }
}

/** ${VAR}, ${VAR:-default}, ${VAR:?message} as compose interpolates them (secrets from SECRETS). */
function interpolate(value) {
  return String(value).replace(/\$\{([A-Z0-9_]+)(?::?([-?])([^}]*))?\}/g, (_match, name, kind, rest) => {
    if (name in SECRETS) return SECRETS[name];
    if (kind === '-') return rest;
    if (kind === '?') return SECRETS[name] ?? '';
    return '';
  });
}

export function readEnvFile(file) {
  const env = {};
  for (const [number, raw] of readFileSync(file, 'utf8').split('\n').entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const index = line.indexOf('=');
    if (index <= 0) {
      fail(`${file}:${number + 1}: not KEY=value`);
      continue;
    }
    env[line.slice(0, index).trim()] = line.slice(index + 1).trim();
  }
  return env;
}

const compose = readYaml('deploy/compose.yml');
// Overlays for other engines (docker compose -f deploy/compose.yml -f <overlay>), with the services they add.
const overlays = [
  ['deploy/compose.eventstoredb.yml', 'eventstoredb'],
  ['deploy/compose.opensearch.yml', 'opensearch'],
].map(([file, own]) => ({ file, own, compose: readYaml(file) }));
const rootCompose = readYaml('docker-compose.yml');
if (rootCompose && !(rootCompose.include ?? []).some((entry) => (entry.path ?? entry) === 'deploy/compose.yml'))
  fail('docker-compose.yml: does not include deploy/compose.yml');

const schemas = {};
for (const [service, [file, name]] of Object.entries(CONFIGS)) {
  if (!existsSync(join(root, file))) continue;
  schemas[service] = (await import(pathToFileURL(join(root, file)).href))[name];
}

if (compose) {
  const services = compose.services ?? {};
  for (const required of ['postgres', 'kafka', 'migrate', 'auction', 'identity', 'catalogue', 'realtime-1', 'realtime-2', 'gateway'])
    if (!services[required]) fail(`deploy/compose.yml: no ${required} service`);
  if (!/apache\/kafka/.test(services.kafka?.image ?? '') || !/controller/.test(services.kafka?.environment?.KAFKA_PROCESS_ROLES ?? ''))
    fail('deploy/compose.yml: kafka is not Apache Kafka in KRaft mode');
  {
    // Every listener named anywhere has a security protocol, and advertised ones exist.
    const kafkaEnv = services.kafka?.environment ?? {};
    const names = (value) =>
      String(value ?? '')
        .split(',')
        .filter(Boolean)
        .map((entry) => entry.split(':')[0]);
    const mapped = new Set(names(kafkaEnv.KAFKA_LISTENER_SECURITY_PROTOCOL_MAP));
    const listeners = new Set(names(kafkaEnv.KAFKA_LISTENERS));
    for (const name of [...listeners, ...names(kafkaEnv.KAFKA_ADVERTISED_LISTENERS), kafkaEnv.KAFKA_CONTROLLER_LISTENER_NAMES])
      if (!mapped.has(name)) fail(`deploy/compose.yml: kafka listener ${name} has no security protocol`);
    for (const name of names(kafkaEnv.KAFKA_ADVERTISED_LISTENERS))
      if (!listeners.has(name)) fail(`deploy/compose.yml: kafka advertises ${name}, which it does not listen on`);
    const auctionEnv = readEnvFile(join(deploy, 'env/auction.env.example'));
    const internal = String(kafkaEnv.KAFKA_ADVERTISED_LISTENERS ?? '')
      .split(',')
      .find((entry) => entry.startsWith('PLAINTEXT://'));
    if (!internal || auctionEnv.KAFKA_BROKERS !== internal.slice('PLAINTEXT://'.length))
      fail(`auction.env.example KAFKA_BROKERS (${auctionEnv.KAFKA_BROKERS}) is not kafka's internal listener (${internal})`);
  }
  for (const [name, definition] of Object.entries(services)) {
    const environment = Object.fromEntries(Object.entries(definition.environment ?? {}).map(([key, value]) => [key, interpolate(value)]));
    for (const entry of definition.env_file ?? []) {
      const path = typeof entry === 'string' ? entry : entry.path;
      const required = typeof entry === 'string' || entry.required !== false;
      if (required && !existsSync(join(deploy, path))) fail(`deploy/compose.yml: ${name}: env file ${path} missing`);
    }
    if (name === 'migrate') {
      if (!existsSync(join(deploy, 'migrate.mjs'))) fail('deploy/migrate.mjs missing');
      continue;
    }
    const service = environment.SERVICE;
    if (!service) continue; // postgres, kafka
    const schema = schemas[service];
    const main = `services/${service}/src/main.ts`;
    if (!existsSync(join(root, main))) {
      if ((definition.profiles ?? []).length === 0) fail(`deploy/compose.yml: ${name} runs ${main}, which does not exist`);
      else notes.push(`${name}: ${main} does not exist yet; the service stays behind its profile (${definition.profiles.join(', ')})`);
    } else if (!existsSync(join(root, `dist/services/${service}/src/main.js`)))
      fail(`${name}: dist/services/${service}/src/main.js missing (run npm run build:server)`);
    if (!schema) {
      if (existsSync(join(root, main))) fail(`${name}: no configuration schema for ${service} in dist/ (run npm run build:server)`);
      continue;
    }
    const example = `env/${service}.env.example`;
    const fromFile = existsSync(join(deploy, example)) ? readEnvFile(join(deploy, example)) : {};
    const env = { ...fromFile, ...environment };
    delete env.SERVICE;
    const known = new Set(Object.keys(schema.shape));
    for (const key of Object.keys(env)) if (!known.has(key)) fail(`${name}: ${key} is not a setting of the ${service} service`);
    // Settings the example does not mention run on their defaults: listed so the example can follow.
    const exampleText = existsSync(join(deploy, example)) ? readFileSync(join(deploy, example), 'utf8') : '';
    const unmentioned = [...known].filter(
      (key) =>
        !(key in env) &&
        !exampleText.includes(key) &&
        !['DATA_DIR', 'DATABASE_URL', 'EVENTSTORE_URL', 'JWT_EXPIRES_IN_SECONDS'].includes(key),
    );
    if (unmentioned.length > 0 && !notes.some((note) => note.startsWith(`${service}:`)))
      notes.push(`${service}: not in ${example} (defaults apply): ${unmentioned.join(', ')}`);
    const parsed = schema.safeParse(env);
    if (!parsed.success)
      fail(
        `${name}: the example settings fail validation: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    for (const overlay of overlays) {
      const extra = overlay.compose?.services?.[name]?.environment;
      if (!extra) continue;
      for (const key of Object.keys(extra)) if (!known.has(key)) fail(`${overlay.file}: ${name}: ${key} is not a setting of ${service}`);
      const withOverlay = schema.safeParse({ ...env, ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, interpolate(v)])) });
      if (!withOverlay.success)
        fail(`${overlay.file}: ${name}: ${withOverlay.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
  }
  for (const overlay of overlays)
    for (const name of Object.keys(overlay.compose?.services ?? {}))
      if (name !== overlay.own && !services[name]) fail(`${overlay.file}: ${name} is not a service of compose.yml`);

  // The gateway proxies Socket.IO to exactly the realtime containers compose runs.
  const gatewayEnv = readEnvFile(join(deploy, 'env/gateway.env.example'));
  const realtimeHosts = (gatewayEnv.REALTIME_URLS ?? '')
    .split(',')
    .map((url) => new URL(url.trim()).hostname)
    .sort();
  const realtimeServices = Object.keys(services)
    .filter((name) => /^realtime-\d+$/.test(name))
    .sort();
  if (JSON.stringify(realtimeHosts) !== JSON.stringify(realtimeServices))
    fail(`gateway.env.example REALTIME_URLS (${realtimeHosts}) differs from the realtime services (${realtimeServices})`);
}

// The Dockerfile installs with npm ci from the workspace manifests: every workspace must be copied.
const dockerfile = readFileSync(join(deploy, 'Dockerfile'), 'utf8');
const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
for (const pattern of workspaces) {
  const base = pattern.replace(/\/\*$/, '');
  const dirs = pattern.endsWith('/*')
    ? (await import('node:fs'))
        .readdirSync(join(root, base), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => `${base}/${d.name}`)
    : [base];
  for (const dir of dirs) {
    if (!existsSync(join(root, dir, 'package.json'))) continue;
    if (!dockerfile.includes(`COPY ${dir}/package.json ${dir}/`))
      fail(`deploy/Dockerfile: does not copy ${dir}/package.json before npm ci`);
  }
}

for (const note of notes) console.log(`deploy:check note: ${note}`);
if (problems.length > 0) {
  for (const problem of problems) console.error(`deploy:check: ${problem}`);
  process.exit(1);
}
console.log('deploy:check: compose files, env examples and Dockerfile are consistent with the services');
