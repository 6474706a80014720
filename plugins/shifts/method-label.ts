// Payment methods as the shift report shows and prints them (shared by the PDF and the screens).

/** A method as printed ('CREDIT' is what was put on customers' accounts). */
export function methodLabel(method: string): string {
  return (
    ({ CASH: 'Cash', NETS: 'NETS', PAYNOW: 'PayNow', BANK_TRANSFER: 'Bank transfer', CREDIT: 'Credit (on account)' } as Record<string, string>)[method] ??
    // A plugin's tender (GIFT_CARD -> Gift card): named without a list to keep in step.
    method.charAt(0) + method.slice(1).toLowerCase().replace(/_/g, ' ')
  );
}
