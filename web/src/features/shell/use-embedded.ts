import { useLocation } from 'react-router';

const KEY = 'ts-embedded';

/**
 * `?embedded` hides the header, footer, floating buttons, banner and cookie notice (spec 000 section 2).
 * It holds for the tab (the embedding frame) from then on, so the first in-app link that drops the
 * query does not bring the site's chrome back into the embed (issue 24 item 23); `?embedded=0` ends it.
 */
export function useEmbedded(): boolean {
  const { search } = useLocation();
  const asked = new URLSearchParams(search).get('embedded');
  const storage = sessionStorageOrNull();
  if (asked === '0' || asked === 'false') {
    storage?.removeItem(KEY);
    return false;
  }
  if (asked !== null) {
    storage?.setItem(KEY, '1');
    return true;
  }
  return storage?.getItem(KEY) === '1';
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (a sandboxed frame): the query alone decides.
    return null;
  }
}
