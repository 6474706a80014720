// What a sales PDF is drawn from: the stored invoice, its lines and payments, and the shop's details.
import type { ShopSettings } from '../../../core/settings.js';
import type { ReceiptSection } from '../../../core/plugin.js';
import type { PayNowImage } from '../../paynow/api.js';
import type { AdjustmentRow, InvoiceLineRow, InvoiceRow, PaymentRow } from '../repo.js';

export interface InvoicePdfData {
  invoice: InvoiceRow;
  /** Lines as stored (each with its adjustment_cents): they print before their adjustments. */
  lines: InvoiceLineRow[];
  /** The invoice's adjustments (repo.adjustments): a row each between the lines and the Subtotal. */
  adjustments: AdjustmentRow[];
  payments: PaymentRow[];
  shop: ShopSettings;
  timeZone: string;
  /** The PayNow QR for the amount outstanding (paynow-block.ts invoicePayNow); none when paid, void or no UEN. */
  payNow?: PayNowImage | null;
  /** Other plugins' receipt blocks (an exchange's returned pairs): the receipt PDF prints them. */
  sections?: ReceiptSection[];
}
