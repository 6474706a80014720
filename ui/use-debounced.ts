// A value that follows another after a pause (search boxes query the server only once typing stops).
import { useEffect, useState } from 'react';

/** `value`, updated `ms` milliseconds after it last changed. */
export function useDebounced<T>(value: T, ms: number): T {
  return useDebouncedState(value, ms)[0];
}

/** useDebounced, plus a setter that settles on a value at once (a Clear button does not wait for the pause). */
export function useDebouncedState<T>(value: T, ms: number): [T, (now: T) => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return [settled, setSettled];
}

/**
 * Calls `onChange` in the render in which `value` changes (never on the first), so a state it sets lands in
 * the same update: a new search goes back to page 1 without first asking for the old page.
 */
export function useOnChange<T>(value: T, onChange: () => void) {
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    onChange();
  }
}
