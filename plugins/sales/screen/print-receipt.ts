// STAND-IN, replaced by the print helper's module on merge (#16.5: LAN printer via POST /api/invoices/:id/print,
// else an 80 mm receipt through a hidden frame). Until then it opens the invoice PDF in a new tab, as before.
import { openInvoicePdf, POPUP_BLOCKED } from './checkout-rules.js';

/** Prints the receipt of an invoice; rejects with a message the till can toast. */
export async function printReceipt(invoiceId: number): Promise<void> {
  if (!openInvoicePdf(invoiceId)) throw new Error(POPUP_BLOCKED);
}
