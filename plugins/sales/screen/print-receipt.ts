// Printing a sale's 80 mm receipt from any screen: on the shop's LAN ESC/POS printer when Settings names one
// (the server sends it and kicks the drawer), else through the browser: a hidden frame and print(), which
// Chrome started with --kiosk-printing sends straight to the default (80 mm) printer without a dialog.
import { api, ApiError } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { printHtml, shopPrinter } from '../../../ui/print.js';
import { receiptHtml } from './receipt-html.js';
import type { PrintReply, Receipt } from './types.js';

export const RECEIPT_PRINTED = 'Receipt sent to the printer';
export const PRINT_FAILED = 'Failed to print the receipt';

/** The toast after the printer took the receipt. */
export function printedMessage(reply: Pick<PrintReply, 'drawer_opened'>): string {
  return reply.drawer_opened ? `${RECEIPT_PRINTED}; cash drawer opened` : RECEIPT_PRINTED;
}

/**
 * Prints the invoice's receipt: POST /api/invoices/:id/print when Settings names a printer (a 409 NO_PRINTER,
 * the printer removed meanwhile, falls back too), else the browser's 80 mm print. `reprint` (Invoices screen)
 * marks the copy and never opens the drawer. Failures are toasted, never thrown.
 */
export async function printReceipt(invoiceId: number, options: { reprint?: boolean } = {}): Promise<void> {
  if (await shopPrinter()) await printOnPrinter(invoiceId, options);
  else await printInBrowser(invoiceId, options);
}

/** POST /print; a 502 (printer unreachable) is toasted, a 409 NO_PRINTER prints in the browser instead. */
async function printOnPrinter(invoiceId: number, options: { reprint?: boolean }): Promise<void> {
  try {
    const reply = await api.post<PrintReply>(`/api/invoices/${invoiceId}/print`, options.reprint ? { reprint: true } : {});
    toast.success(printedMessage(reply));
    return;
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 409 && err.code === 'NO_PRINTER')) {
      // 502 'Printer not reachable at <host:port>': the sale is done; the cashier may retry.
      toast.error(err instanceof ApiError && err.message ? err.message : PRINT_FAILED);
      return;
    }
  }
  await printInBrowser(invoiceId, options);
}

/** GET the receipt model and print its 80 mm page through a hidden frame. */
async function printInBrowser(invoiceId: number, options: { reprint?: boolean }): Promise<void> {
  try {
    const { receipt } = await api.get<{ receipt: Receipt }>(`/api/invoices/${invoiceId}/receipt`);
    await printHtml(receiptHtml(receipt, options));
  } catch (err) {
    toast.error(err instanceof ApiError && err.message ? `${PRINT_FAILED}: ${err.message}` : PRINT_FAILED);
  }
}
