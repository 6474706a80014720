// Opens a PDF (purchase order, labels) in a new tab: the session cookie authenticates it.
import { openInNewTab } from '../../../ui/open-tab.js';

export { POPUP_BLOCKED } from '../../../ui/open-tab.js';
export const PDF_FAILED = 'Failed to generate PDF';

/** The purchase order PDF's address. */
export const orderPdfUrl = (orderId: number) => `/api/purchase-orders/${orderId}/pdf`;

/** The labels PDF's address: one label per unit received on the order, or on one receipt of it. */
export const labelsPdfUrl = (orderId: number, receiptId?: number, format?: 'shoebox') =>
  `/api/labels.pdf?purchase_order_id=${orderId}${receiptId ? `&receipt_id=${receiptId}` : ''}${format ? `&format=${format}` : ''}`;

/** Opens `url` in a new tab; toasts when the browser blocks the popup or opening fails. */
export const openTab = (url: string): void => openInNewTab(url, PDF_FAILED);
