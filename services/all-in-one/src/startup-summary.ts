/**
 * The one summary `npm start` prints once everything is up (issue 23): where the site, GraphQL,
 * realtime, metrics, health and the local mailbox are, and the demo sign-ins. The first line keeps
 * the "Trackside is up: <url>" form scripts and tests wait for.
 */
export function startupSummary(options: {
  url: string;
  /** Where /metrics is served, or null when it is off on the site's port and has no port of its own. */
  metricsUrl: string | null;
  mailbox: boolean;
  demo: { brands: readonly string[]; email: (brand: string, role: 'bidder1' | 'seller' | 'staff') => string; password: string } | null;
}): string {
  const { url } = options;
  const rows: Array<[string, string]> = [
    ['site', url],
    ['GraphQL', `${url}/graphql`],
    ['realtime', `${url}/socket.io`],
    ['health', `${url}/health/live, ${url}/health/ready`],
  ];
  if (options.metricsUrl) rows.push(['metrics', options.metricsUrl]);
  if (options.mailbox) rows.push(['mailbox', `${url}/dev/mailbox`]);
  for (const brand of options.demo?.brands ?? []) {
    const email = options.demo!.email;
    rows.push([`sign in (${brand})`, `${email(brand, 'bidder1')}, ${email(brand, 'seller')}, ${email(brand, 'staff')}`]);
  }
  if (options.demo) rows.push(['password', options.demo.password]);
  const width = Math.max(...rows.map(([label]) => label.length));
  return [`Trackside is up: ${url}`, ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`)].join('\n');
}
