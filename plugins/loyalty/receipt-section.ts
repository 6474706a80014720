// Loyalty's receipt section (manifest receiptSections, printed by the printer, the browser and the PDF alike): for a
// sale with a customer, the points it earned (and spent) and the balance just after it, reprints included.
import type { Db } from '../../core/db.js';
import type { ReceiptSection } from '../../core/plugin.js';
import { invoiceRow } from '../sales/api.js';
import { loyaltyRepo } from './repo.js';

export const LOYALTY_TITLE = 'Loyalty points';

export function pointsSection(db: Db, invoiceId: number): ReceiptSection | null {
  const invoice = invoiceRow(db, invoiceId);
  if (!invoice || invoice.customer_id === null) return null;
  const repo = loyaltyRepo(db);
  const rows = repo.ofInvoice(invoiceId);
  const mark = repo.saleMark(invoiceId) ?? repo.markAt(invoice.customer_id, invoice.created_at);
  const balance = mark === null ? 0 : repo.balanceUpTo(invoice.customer_id, mark);
  const redeemed = -(rows.REDEEMED?.points ?? 0);
  const n = (x: number) => x.toLocaleString('en-SG');
  return {
    title: LOYALTY_TITLE,
    lines: [],
    totalCents: 0,
    notes: [
      ...(redeemed > 0 ? [{ label: 'Points used', value: n(redeemed) }] : []),
      { label: 'Points earned', value: n(rows.EARNED?.points ?? 0) },
      { label: 'Points balance', value: n(balance) },
    ],
  };
}
