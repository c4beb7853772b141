/** Minimal cookie helpers (the cookie notice and the session fallback). */
export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return null;
}

/**
 * The cookie's text. Over https it is `Secure`, so the session fallback (a token) never travels in
 * clear text (issue 18, L11); plain http (a local server) cannot set Secure cookies at all.
 */
export function cookieText(name: string, value: string, expires: Date, protocol: string): string {
  const secure = protocol === 'https:' ? '; Secure' : '';
  return `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires.toUTCString()}; path=/; SameSite=Lax${secure}`;
}

export function writeCookie(name: string, value: string, days: number): void {
  document.cookie = cookieText(name, value, new Date(Date.now() + days * 86_400_000), window.location.protocol);
}

export function deleteCookie(name: string): void {
  document.cookie = cookieText(name, '', new Date(0), window.location.protocol);
}
