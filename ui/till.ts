// This browser's till name ('Till 1'): named once, kept in localStorage, sent by ui/api.ts on every call as
// X-Kedai-Till so the server knows which drawer a sale's cash went into.
import { signal } from '@preact/signals-react';
import { isTillName } from '../core/till.js';

/** localStorage key of the till name. */
export const TILL_KEY = 'kedai.till';

function read(): string | null {
  try {
    const v = localStorage.getItem(TILL_KEY);
    return isTillName(v) ? v : null;
  } catch {
    return null;
  }
}

/** The till name, or null until this browser's till is named. */
export const tillName = signal<string | null>(read());

/** The stored till name for a request header (read fresh: another tab may have renamed the till). */
export function storedTill(): string | null {
  return read();
}

/** Names (or renames) this browser's till; the name must pass core/till.ts's rule. */
export function setTillName(name: string): void {
  if (!isTillName(name)) throw new Error('Not a valid till name');
  try {
    localStorage.setItem(TILL_KEY, name);
  } catch {
    // Private mode without storage: the name lasts until the page reloads.
  }
  tillName.value = name;
}
