// Lenient readers for the few fields whose SPEC message must come back instead of a schema error:
// an invoice picker left empty ('' / null / 0) and an amount that is missing, zero, negative or not a number.

/** A picked row id from a number or numeric text; null when nothing (valid) was picked. */
export function pickedId(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/** Dollars (number or numeric text) -> cents when above 0 with at most 2 decimals; null otherwise. */
export function positiveCents(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0 || n > 100_000_000) return null;
  const c = Math.round(n * 100);
  if (Math.abs(n * 100 - c) > 1e-6 || c <= 0) return null;
  return c;
}
