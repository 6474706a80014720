// 'Print Invoices': opens the customer's outstanding-invoices PDF in a new tab (the session cookie authenticates it).
import { openInNewTab } from '../../../ui/open-tab.js';

export { POPUP_BLOCKED } from '../../../ui/open-tab.js';
export const PRINT_FAILED = 'Failed to open outstanding invoices PDF';

/** The PDF address for a customer. */
export function outstandingPdfUrl(customerId: number): string {
  return `/api/invoices/customer/${customerId}/outstanding-pdf`;
}

/** Opens the PDF in a new tab; toasts when the browser blocks the popup or opening fails. */
export function openOutstandingPdf(customerId: number): void {
  openInNewTab(outstandingPdfUrl(customerId), PRINT_FAILED);
}
