import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A code-split page (spec 000 section 4, lazy page failure): when its chunk fails to load (a
 * deploy replaced it), the page reloads once to fetch the new build; a flag in sessionStorage
 * stops a loop, and the second failure surfaces to the error boundary.
 */
const FLAG = 'trackside.lazyReloaded';

export function lazyPage<T extends ComponentType<object>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(async () => {
    try {
      const loaded = await load();
      safeSession((store) => store.removeItem(FLAG));
      return loaded;
    } catch (error) {
      const already = safeSession((store) => store.getItem(FLAG)) === '1';
      if (!already) {
        safeSession((store) => store.setItem(FLAG, '1'));
        window.location.reload();
        return new Promise<never>(() => undefined);
      }
      throw error;
    }
  });
}

function safeSession<R>(use: (store: Storage) => R): R | null {
  try {
    return use(window.sessionStorage);
  } catch {
    return null;
  }
}
