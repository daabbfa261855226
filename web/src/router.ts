import { useEffect, useState } from 'preact/hooks';

/** A tiny history router: every path of the app lives under /dashboard/. */
export const BASE = '/dashboard';

export function appPath(path: string): string {
  return `${BASE}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The page's hold on leaving (useLeaveGuard): while set, an in-app navigation hands it the
 * path instead of going there, so that the page can ask first.
 */
let hold: ((path: string) => void) | null = null;

/** Goes to `path`; `force`: even past the page's hold (its "leave without saving"). */
export function navigate(path: string, options: { replace?: boolean; force?: boolean } = {}): void {
  if (hold && !options.force) return hold(path);
  const url = path.startsWith(BASE) ? path : appPath(path);
  if (options.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  window.dispatchEvent(new Event('app:navigate'));
  window.scrollTo(0, 0);
}

export interface Location {
  /** The path inside the app ("/agents/agt_1"), without the base. */
  path: string;
  search: URLSearchParams;
}

function current(): Location {
  let path = location.pathname.startsWith(BASE)
    ? location.pathname.slice(BASE.length)
    : location.pathname;
  if (path === '') path = '/';
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return { path, search: new URLSearchParams(location.search) };
}

export function useLocation(): Location {
  const [loc, setLoc] = useState(current);
  useEffect(() => {
    const update = () => setLoc(current());
    window.addEventListener('popstate', update);
    window.addEventListener('app:navigate', update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener('app:navigate', update);
    };
  }, []);
  return loc;
}

/** Matches "/agents/:id" against a path; the params, or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i].startsWith(':')) params[a[i].slice(1)] = decodeURIComponent(b[i]);
    else if (a[i] !== b[i]) return null;
  }
  return params;
}

/**
 * While `active` (unsaved work on the page): an in-app navigation calls `onHold` with its path
 * instead (the page asks, then `navigate(path, { force: true })`), and closing or reloading the
 * tab asks through the browser's own prompt. `onHold` must be stable (useCallback).
 */
export function useLeaveGuard(active: boolean, onHold: (path: string) => void): void {
  useEffect(() => {
    if (!active) return;
    hold = onHold;
    const unload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', unload);
    return () => {
      if (hold === onHold) hold = null;
      window.removeEventListener('beforeunload', unload);
    };
  }, [active, onHold]);
}
