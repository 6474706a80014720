// #26.3 printing a return's refund slip after the refund: on the shop's LAN ESC/POS printer when Settings names one
// (POST /api/returns/:id/print; a cash refund's first print opens the drawer), else through the browser's 80 mm print.
import { api, ApiError } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { printHtml, shopPrinter } from '../../../ui/print.js';
import type { RefundSlip, SlipPrintReply } from '../schemas.js';
import { refundSlipHtml } from './refund-slip-html.js';

export const SLIP_PRINTED = 'Refund slip sent to the printer';
export const SLIP_FAILED = 'Failed to print the refund slip';

/** Prints the slip of return `returnId` (any of its rows' ids); failures are toasted, never thrown. */
export async function printRefundSlip(returnId: string, options: { reprint?: boolean } = {}): Promise<void> {
  if (await shopPrinter()) {
    try {
      const r = await api.post<SlipPrintReply>(`/api/returns/${returnId}/print`, options.reprint ? { reprint: true } : {});
      toast.success(r.drawer_opened ? `${SLIP_PRINTED}; cash drawer opened` : SLIP_PRINTED);
      return;
    } catch (err) {
      // A 409 NO_PRINTER (the printer removed meanwhile) prints in the browser; anything else is said.
      if (!(err instanceof ApiError && err.status === 409 && err.code === 'NO_PRINTER')) {
        toast.error(err instanceof ApiError && err.message ? err.message : SLIP_FAILED);
        return;
      }
    }
  }
  try {
    const { slip } = await api.get<{ slip: RefundSlip }>(`/api/returns/${returnId}/slip`);
    await printHtml(refundSlipHtml(slip, options));
  } catch (err) {
    toast.error(err instanceof ApiError && err.message ? `${SLIP_FAILED}: ${err.message}` : SLIP_FAILED);
  }
}
