// Sales' payment methods as the tax invoice and the receipt print them.

/** Payment method as printed. */
export function methodText(method: string): string {
  return (
    (
      { CASH: 'Cash', NETS: 'NETS', PAYNOW: 'PayNow', BANK_TRANSFER: 'Bank transfer', CREDIT_NOTE: 'Credit note', CREDIT: 'Credit', MIXED: 'Mixed' } as Record<
        string,
        string
      >
    )[method] ?? method
  );
}
