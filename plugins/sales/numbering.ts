// Invoice numbers: INV-<yyyymmdd>-<seq>, the sequence counted per shop-local business day.

/** The printed number for a business date (YYYY-MM-DD) and its day sequence. */
export function invoiceNumber(businessDate: string, seq: number): string {
  return `INV-${businessDate.replace(/-/g, '')}-${String(seq).padStart(4, '0')}`;
}
