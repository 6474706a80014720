// Data loading for screens: one request per key, one retry on failure, no refetch on window focus.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api.js';

export interface QueryResult<T> {
  data: T | undefined;
  error: Error | null;
  loading: boolean;
  /** Loads again with the same key (after a save, for example). */
  reload: () => Promise<void>;
}

/** Delay before the one retry (docs/spec.md: data-loading retry count 1). */
export const QUERY_RETRY_DELAY_MS = 500;

// A refused request (4xx) will be refused again: only other failures are retried.
function worthRetry(err: unknown): boolean {
  return !(err instanceof ApiError && err.status >= 400 && err.status < 500);
}

/** Runs `fn` when the component mounts and whenever `key` changes; keeps the last data while reloading. */
export function useQuery<T>(key: unknown[], fn: () => Promise<T>): QueryResult<T> {
  const [state, setState] = useState<{ data: T | undefined; error: Error | null; loading: boolean }>({
    data: undefined,
    error: null,
    loading: true,
  });
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const runId = useRef(0);
  const mounted = useRef(true);
  const keyText = JSON.stringify(key);

  const run = useCallback(async () => {
    const id = ++runId.current;
    setState((s) => ({ ...s, loading: true }));
    const current = () => mounted.current && id === runId.current;
    try {
      let data: T;
      try {
        data = await fnRef.current();
      } catch (err) {
        if (!worthRetry(err) || !current()) throw err;
        await new Promise((r) => setTimeout(r, QUERY_RETRY_DELAY_MS));
        if (!current()) return;
        data = await fnRef.current();
      }
      if (current()) setState({ data, error: null, loading: false });
    } catch (err) {
      if (current()) setState((s) => ({ data: s.data, error: err instanceof Error ? err : new Error(String(err)), loading: false }));
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyText stands for the key array's contents (a new array each render): a new key loads again
  useEffect(() => {
    mounted.current = true;
    void run();
    return () => {
      mounted.current = false;
    };
  }, [keyText, run]);

  return { ...state, reload: run };
}
