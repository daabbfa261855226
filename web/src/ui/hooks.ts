import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => Promise<void>;
}

/** Loads data on mount and when `deps` change; `reload` fetches again. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const run = useCallback(load, deps);
  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const value = await run();
      if (ticket === latest.current) {
        setData(value);
        setError(undefined);
      }
    } catch (failure) {
      if (ticket === latest.current) setError(failure);
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [run]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, loading, reload };
}

/** How often what can change on its own (executions, lists of them) is refreshed: 1 s. */
export const LIVE_REFRESH_MS = 1000;

/**
 * Calls `tick` every `ms` while `active`. The next call is timed from the end of the last
 * one, so a slow answer never stacks requests.
 */
export function useInterval(tick: () => unknown, ms: number, active: boolean): void {
  const saved = useRef(tick);
  saved.current = tick;
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(async () => {
        try {
          await saved.current();
        } catch {
          // The tick reports its own errors.
        }
        if (!stopped) schedule();
      }, ms);
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [ms, active]);
}

export interface Action {
  /** The last run's failure, until the next run. */
  error: unknown;
  setError: (error: unknown) => void;
  /** True while a run is under way. */
  busy: boolean;
  /**
   * Clears the error, runs `work` and then `after` (a list's `reload`); a failure of either
   * becomes `error`. Resolves whether it succeeded.
   */
  run: (work: () => Promise<unknown>) => Promise<boolean>;
}

/** What the user does on a page (submit, delete, ...): its error and whether it is running. */
export function useAction(after?: () => Promise<unknown>): Action {
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>) => {
    setError(undefined);
    setBusy(true);
    try {
      await work();
      await after?.();
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}
