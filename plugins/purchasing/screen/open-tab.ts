// Opens a PDF (purchase order, labels) in a new tab: the session cookie authenticates it.
import { toast } from '../../../ui/toast.js';

export const POPUP_BLOCKED = 'Popup blocked. Please allow popups for this site.';
export const PDF_FAILED = 'Failed to generate PDF';

/** The purchase order PDF's address. */
export const orderPdfUrl = (orderId: number) => `/api/purchase-orders/${orderId}/pdf`;

/** The labels PDF's address: one label per unit received on the order, or on one receipt of it. */
export const labelsPdfUrl = (orderId: number, receiptId?: number) =>
  `/api/labels.pdf?purchase_order_id=${orderId}${receiptId ? `&receipt_id=${receiptId}` : ''}`;

/** Opens `url` in a new tab; toasts when the browser blocks the popup or opening fails. */
export function openTab(url: string): void {
  try {
    // No "noopener": with it window.open always returns null and a block could not be told apart.
    const tab = window.open(url, '_blank');
    if (!tab) toast.error(POPUP_BLOCKED);
  } catch {
    toast.error(PDF_FAILED);
  }
}
