// The state of a searchable, paged list: the text in the search box, the settled search the server is
// asked for, and the page, which goes back to 1 whenever the search or a filter changes.
import { useState } from 'react';
import { useDebouncedState, useOnChange } from './use-debounced.js';

/** Pause after the last keystroke before a search is sent. */
export const SEARCH_DELAY_MS = 250;

export function useListSearch(delayMs = SEARCH_DELAY_MS) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  // Wait for a pause in typing before asking the server; a new search starts at page 1.
  const [settled, settle] = useDebouncedState(text, delayMs);
  const search = settled.trim();
  useOnChange(search, () => setPage(1));
  return {
    /** What the search box shows. */
    text,
    setText,
    /** The settled, trimmed search to send. */
    search,
    page,
    setPage,
    /** Wraps a filter's setter: a new filter value starts at page 1. */
    filter:
      <T>(set: (value: T) => void) =>
      (value: T) => {
        set(value);
        setPage(1);
      },
    /** Empties the search box and the search at once (no pause). */
    clear: () => {
      setText('');
      settle('');
    },
  };
}
