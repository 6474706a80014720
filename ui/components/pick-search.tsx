// A search box with its first matches as buttons (a style to put on a size grid, ...): the caller finds the
// matches; Enter takes the first one, as a scanner does; picking empties the box and keeps the focus there.
import { useRef, useState } from 'react';
import { useDebounced } from '../use-debounced.js';
import { useQuery } from '../use-query.js';

export interface PickSearchProps<T> {
  id: string;
  label: string;
  placeholder: string;
  /** The matches of a search text (the first few). */
  find: (text: string) => Promise<T[]>;
  /** A match's button text. */
  text: (item: T) => string;
  keyOf: (item: T) => number | string;
  onPick: (item: T) => void;
  /** Says no match was found ("No styles found"). */
  none: string;
}

const SEARCH_DELAY_MS = 200;

/** The box and its matches. */
export function PickSearch<T>({ id, label, placeholder, find, text: textOf, keyOf, onPick, none }: PickSearchProps<T>) {
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const search = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const found = useQuery([id, search], () => (search ? find(search) : Promise.resolve(null)));
  const current = !!search && search === text.trim();
  const matches = current ? (found.data ?? []) : [];

  const pick = (item: T) => {
    onPick(item);
    setText('');
    input.current?.focus();
  };

  return (
    <div className="pick-search">
      <label htmlFor={id}>
        {label}
        <input
          id={id}
          ref={input}
          type="search"
          placeholder={placeholder}
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault(); // Enter picks, it never submits the form
            if (matches[0]) pick(matches[0]);
          }}
        />
      </label>
      {current && found.data && matches.length === 0 ? <p className="muted">{none}</p> : null}
      {matches.length > 0 ? (
        <ul className="pick-search-matches" aria-label="Matches">
          {matches.map((m) => (
            <li key={keyOf(m)}>
              <button type="button" className="secondary outline" onClick={() => pick(m)}>
                {textOf(m)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
