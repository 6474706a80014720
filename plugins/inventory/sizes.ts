// Size labels sort the way a shop reads them: UK 6 before UK 10, 39 before 40, then anything else.

/** Sorts sizes as people read them: 6, 6.5, 7, 10, 42, then anything non-numeric. */
export function compareSizes(a: string, b: string): number {
  const na = Number.parseFloat(a.replace(/^[A-Za-z]+\s*/, ''));
  const nb = Number.parseFloat(b.replace(/^[A-Za-z]+\s*/, ''));
  const prefix = a.replace(/[\d.\s]+.*$/, '').localeCompare(b.replace(/[\d.\s]+.*$/, ''));
  if (prefix !== 0) return prefix;
  if (!Number.isNaN(na) && !Number.isNaN(nb) && na !== nb) return na - nb;
  if (Number.isNaN(na) !== Number.isNaN(nb)) return Number.isNaN(na) ? 1 : -1;
  return a.localeCompare(b);
}
