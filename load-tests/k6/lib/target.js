// Where load may be sent: the one guard shared by the k6 scripts (k6 `-e` settings) and
// `npm run seed:load` (command-line flags). Plain ES module with no Node or k6 import, so both
// runtimes load it. Loopback (127.0.0.0/8, localhost, [::1]) is always allowed; any other host
// only with the explicit opt-in value, so a typo in a URL never points load at someone else's
// service. Tests and CI use loopback only (docs/decisions.md "k6 against deployments (issue 20)").

/** The exact value that allows a non-loopback target (k6: -e ALLOW_REMOTE_TARGET=..., seed:load: --allow-remote ...). */
export const REMOTE_OPT_IN = 'yes-i-own-this-deployment';

const ORIGIN = /^(https?):\/\/(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?\/?$/;
const LOOPBACK_HOST = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\])$/i;

/** `http(s)://host[:port]` without a trailing slash, or null when `url` is not such an origin. */
export function parseOrigin(url) {
  const match = ORIGIN.exec(String(url ?? '').trim());
  if (!match) return null;
  return { origin: `${match[1]}://${match[2]}${match[3] ?? ''}`, host: match[2].toLowerCase() };
}

export function isLoopbackHost(host) {
  return LOOPBACK_HOST.test(host);
}

/**
 * The origin load may go to, or an Error saying why not. `optIn` is the value of the opt-in
 * setting; anything but REMOTE_OPT_IN (also "true", "yes") refuses a non-loopback host.
 */
export function checkTarget(url, optIn) {
  const parsed = parseOrigin(url);
  if (!parsed) {
    throw new Error(
      `refusing to load ${JSON.stringify(url)}: the target must be an origin like http://127.0.0.1:3000 or https://auctions.example.com (no path)`,
    );
  }
  if (isLoopbackHost(parsed.host)) return parsed.origin;
  if (optIn === REMOTE_OPT_IN) return parsed.origin;
  const given =
    optIn === undefined || optIn === null || optIn === ''
      ? 'no opt-in was given'
      : `the opt-in value ${JSON.stringify(optIn)} is not the expected one`;
  throw new Error(
    `refusing to load ${parsed.origin}: it is not this machine (127.0.0.1 / localhost / [::1]) and ${given}. ` +
      `Send load only to a deployment you own or may test: k6 -e ALLOW_REMOTE_TARGET=${REMOTE_OPT_IN}, seed:load --allow-remote ${REMOTE_OPT_IN}.`,
  );
}
