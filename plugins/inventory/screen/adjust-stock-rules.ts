// The Adjust Stock form's rules and body (POST /api/products/:id/adjust), kept pure for tests.
import type { Adjust } from '../schemas.js';

/** The reasons offered; the server stores the text with the note ("Damaged: water leak"). */
export const ADJUST_REASONS = ['Stock count correction', 'Damaged', 'Lost or stolen', 'Found', 'Returned to supplier', 'Other'] as const;

export interface AdjustValues {
  /** Signed whole number: +3 adds, -2 removes. */
  delta: string;
  reason: string;
  note: string;
}

export type AdjustErrors = Partial<Record<keyof AdjustValues, string>>;

/** The change as a number when it is a whole number other than 0, else null. */
export function deltaOf(v: AdjustValues): number | null {
  const t = v.delta.trim().replace(/^\+/, '');
  return /^-?\d+$/.test(t) && Number(t) !== 0 ? Number(t) : null;
}

/** Errors of the form for a product with `stock` units. */
export function validateAdjust(v: AdjustValues, stock: number): AdjustErrors {
  const e: AdjustErrors = {};
  const d = deltaOf(v);
  if (v.delta.trim() === '') e.delta = 'Enter the change, e.g. 3 or -2';
  else if (d === null) e.delta = 'The change must be a whole number other than 0';
  else if (Math.abs(d) > 1_000_000) e.delta = 'The change is too large';
  else if (stock + d < 0) e.delta = `Stock cannot go below 0 (in stock: ${stock})`;
  if (!v.reason.trim()) e.reason = 'Choose a reason';
  if (v.note.length > 2000) e.note = 'At most 2000 characters';
  return e;
}

/** The body of a valid form. */
export function adjustBody(v: AdjustValues): Adjust {
  return { delta: deltaOf(v)!, reason: v.reason.trim(), ...(v.note.trim() ? { note: v.note.trim() } : {}) };
}
