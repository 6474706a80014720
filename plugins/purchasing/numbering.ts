// Purchase order numbers: PO-<yyyymmdd>-<seq>, the sequence counted per shop-local business day (no gaps).

/** The printed number for a business date (YYYY-MM-DD) and its day sequence. */
export function purchaseOrderNumber(businessDate: string, seq: number): string {
  return `PO-${businessDate.replace(/-/g, '')}-${String(seq).padStart(4, '0')}`;
}
