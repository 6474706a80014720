// Pure rules of the stock-take screens: how a scope reads, what a failure says, which count a box may send.
import { ApiError } from '../../../ui/api.js';
import type { StockTakeSummary } from './types.js';

type Scope = StockTakeSummary['scope'];

/** "Whole shop", or the set scope fields ("Brand: Clarks · Style: Desert Boot"); a style without its name shows its id. */
export function scopeText(scope: Scope, styleName?: string | null): string {
  const parts = [
    scope.category ? `Category: ${scope.category}` : null,
    scope.brand ? `Brand: ${scope.brand}` : null,
    scope.style_id !== null ? `Style: ${styleName ?? `#${scope.style_id}`}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Whole shop';
}

/** The server's message for a refused request (4xx, e.g. "Recount ..."), else `fallback` (network, 5xx). */
export function failureText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status < 500 && err.message ? err.message : fallback;
}

/** What a scan that failed says: an unknown code names the code; out of scope or counted elsewhere, the server's words. */
export function scanErrorText(err: unknown, code: string): string {
  if (err instanceof ApiError && err.status === 404) return `No product with barcode or SKU "${code}"`;
  return failureText(err, `Could not count "${code}"`);
}

/** A typed count: a whole number from 0 to 1,000,000, else the error to show (nothing is sent). */
export function parseCount(text: string): { value: number } | { error: string } {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return { error: 'Enter a whole number of 0 or more' };
  const value = Number(t);
  if (value > 1_000_000) return { error: 'The count is too large' };
  return { value };
}

/** The badge class of a take's status. */
export function statusBadgeClass(status: string): string {
  if (status === 'OPEN') return 'badge badge-yellow';
  if (status === 'POSTED') return 'badge badge-green';
  return 'badge badge-red';
}

/** The count view's address. */
export const takeHref = (id: number) => `/stock-take?id=${id}`;

/** +3 / -2 / 0: a variance reads as over or short at a glance. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
