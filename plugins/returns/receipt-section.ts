// Returns' receipt section (declared in the manifest, core/plugin.ts receiptSections): the receipt of an exchange's
// new sale lists the pairs that came back, with what each was worth, so the customer's slip shows both sides.
import type { Db } from '../../core/db.js';
import type { ReceiptSection } from '../../core/plugin.js';
import { returnsRepo } from './repo.js';

export const EXCHANGED_TITLE = 'Exchanged / returned';

/** The 'Exchanged / returned' block of a sale an exchange paid, or null for any other sale. */
export function exchangedSection(db: Db, invoiceId: number): ReceiptSection | null {
  const rows = returnsRepo(db).exchangedFor(invoiceId);
  if (rows.length === 0) return null;
  const from = [...new Set(rows.map((r) => r.invoice_number))].join(', ');
  return {
    title: `${EXCHANGED_TITLE} (from ${from})`,
    lines: rows.map((r) => ({ name: r.name, size: r.size, sku: r.sku, qty: r.qty, amountCents: r.refund_cents })),
    totalCents: rows.reduce((s, r) => s + r.refund_cents, 0),
  };
}
