// Small display helpers for the report screen.

const METHOD_LABEL: Record<string, string> = {
  CASH: 'Cash',
  NETS: 'NETS',
  PAYNOW: 'PayNow',
  CREDIT: 'Credit',
  BANK_TRANSFER: 'Bank Transfer',
  CREDIT_NOTE: 'Credit Note',
  MIXED: 'Mixed',
};

/** A payment method as staff say it ("PAYNOW" -> "PayNow"). */
export function methodLabel(method: string): string {
  // A plugin's tender (GIFT_CARD -> Gift card): named without a list to keep in step.
  return METHOD_LABEL[method] ?? method.charAt(0) + method.slice(1).toLowerCase().replace(/_/g, ' ');
}

/** part / whole as "12.5%" (one decimal; "0.0%" when whole is 0). */
export function percentText(part: number, whole: number): string {
  return `${whole > 0 ? ((part / whole) * 100).toFixed(1) : '0.0'}%`;
}

/** Every date from start to end (YYYY-MM-DD, inclusive). */
export function datesBetween(start: string, end: string): string[] {
  const out: string[] = [];
  const d = new Date(`${start}T00:00:00Z`);
  const last = new Date(`${end}T00:00:00Z`).getTime();
  while (d.getTime() <= last && out.length < 400) {
    out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}
