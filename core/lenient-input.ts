// Lenient readers for the few fields whose docs/spec.md message must come back instead of a schema error:
// an invoice picker left empty ('' / null / 0) and an amount that is missing, zero, negative or not a number.
// Their schemas are core/schemas.ts's PickedId and TypedAmount (credit notes and returns both take them).
import { parseAmount } from './money.js';

/** A picked row id from a number or numeric text; null when nothing (valid) was picked. */
export function pickedId(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/**
 * Dollars (a number, or plain decimal text such as "12.50") -> cents when above 0 with at most 2 decimals
 * and within Kedai's money limit; null otherwise ("0x10", "1e3", " 5", "Infinity", "-1" are all null).
 */
export function positiveCents(value: unknown): number | null {
  const c = parseAmount(value);
  return c !== null && c > 0 ? c : null;
}
