// 'Print Invoices': opens the customer's outstanding-invoices PDF in a new tab (the session cookie authenticates it).
import { toast } from '../../../ui/toast.js';

export const POPUP_BLOCKED = 'Popup blocked. Please allow popups for this site.';
export const PRINT_FAILED = 'Failed to open outstanding invoices PDF';

/** The PDF address for a customer. */
export function outstandingPdfUrl(customerId: number): string {
  return `/api/invoices/customer/${customerId}/outstanding-pdf`;
}

/** Opens the PDF in a new tab; toasts when the browser blocks the popup or opening fails. */
export function openOutstandingPdf(customerId: number): void {
  try {
    // No "noopener": with it window.open always returns null and a block could not be told apart.
    const tab = window.open(outstandingPdfUrl(customerId), '_blank');
    if (!tab) toast.error(POPUP_BLOCKED);
  } catch {
    toast.error(PRINT_FAILED);
  }
}
