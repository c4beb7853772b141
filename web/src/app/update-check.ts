/**
 * App update check (spec 000 section 4): on load, /meta.json is fetched; when its buildDate is
 * later than this build's, caches are cleared and the page reloads. Nothing renders until the check
 * passes. A reload is attempted once per newer build date, so a stale CDN cannot loop the page.
 */
const RELOADED_FOR = 'trackside.reloadedFor';

export async function checkForUpdate(runningBuild: string): Promise<'current' | 'reloading'> {
  let buildDate: string | undefined;
  try {
    const response = await fetch('/meta.json', { cache: 'no-store' });
    if (!response.ok) return 'current';
    buildDate = ((await response.json()) as { buildDate?: string }).buildDate;
  } catch {
    return 'current';
  }
  if (!buildDate || !isNewer(buildDate, runningBuild)) return 'current';
  try {
    if (window.sessionStorage.getItem(RELOADED_FOR) === buildDate) return 'current';
    window.sessionStorage.setItem(RELOADED_FOR, buildDate);
  } catch {
    return 'current';
  }
  if ('caches' in window) {
    const keys = await window.caches.keys();
    await Promise.all(keys.map((key) => window.caches.delete(key)));
  }
  window.location.reload();
  return 'reloading';
}

export function isNewer(candidate: string, running: string): boolean {
  const a = Date.parse(candidate);
  const b = Date.parse(running);
  return Number.isFinite(a) && Number.isFinite(b) && a > b;
}
