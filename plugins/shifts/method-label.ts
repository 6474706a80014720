// Payment methods as the shift report shows and prints them (shared by the PDF and the screens).

/** A method as printed ('CREDIT' is what was put on customers' accounts). */
export function methodLabel(method: string): string {
  return (
    ({ CASH: 'Cash', NETS: 'NETS', PAYNOW: 'PayNow', BANK_TRANSFER: 'Bank transfer', CREDIT: 'Credit (on account)' } as Record<string, string>)[method] ??
    method
  );
}
