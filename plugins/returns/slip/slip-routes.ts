// The refund slip's routes (any signed-in user: the till prints after every refund): the slip model for the
// browser's 80 mm print, and printing it on the shop's LAN ESC/POS printer, a cash refund kicking the drawer once.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { writeTx } from '../../../core/db.js';
import { conflict } from '../../../core/errors.js';
import { getSettings } from '../../../core/settings.js';
import { forgetDrawerOpening, recordDrawerOpening } from '../../ledger/api.js';
import { sendToPrinter, tillOf } from '../../sales/api.js';
import { returnsRepo } from '../repo.js';
import { RefundSlipReply, ReturnIdParams, SlipPrintBody, SlipPrintReply } from '../schemas.js';
import { escposRefundSlip } from './escpos-slip.js';
import { buildRefundSlip, returnBatch } from './refund-slip.js';

/** The 409 when no printer is set: the till then prints through the browser. */
export const NO_PRINTER = 'No receipt printer is set up (Settings > Receipt Printer); print through the browser instead';

const slipRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  const repo = returnsRepo(db);
  const timeZone = app.config.timeZone;

  app.get('/api/returns/:id/slip', { schema: { params: ReturnIdParams, response: { 200: RefundSlipReply } } }, async (request) => ({
    slip: await buildRefundSlip(db, returnBatch(db, request.params.id), request.user, timeZone),
  }));

  app.post('/api/returns/:id/print', { schema: { params: ReturnIdParams, body: SlipPrintBody, response: { 200: SlipPrintReply } } }, async (request) => {
    const rows = returnBatch(db, request.params.id);
    const slip = await buildRefundSlip(db, rows, request.user, timeZone);
    const shop = getSettings(db);
    if (!shop.receipt_printer) throw conflict('NO_PRINTER', NO_PRINTER);
    const reprint = request.body.reprint === true;
    // Cash went out of the drawer: its first print opens it, marked (and recorded for the X/Z report) before the bytes
    // go out, so two prints at once cannot both open it; a reprint never does.
    const wanted = shop.open_drawer_on_cash && slip.method === 'CASH' && (slip.paid_out ?? 0) > 0 && !reprint;
    const opening = wanted
      ? writeTx(db, () => {
          if (!repo.markDrawerOpened(slip.return_id, new Date().toISOString())) return null;
          return recordDrawerOpening(db, { till: tillOf(request), reason: `Cash refund ${slip.invoice.number}`, userId: request.user.id });
        })
      : null;
    const drawer = opening !== null;
    try {
      await sendToPrinter(shop.receipt_printer, await escposRefundSlip(slip, { drawer, reprint }));
    } catch (err) {
      if (opening !== null) {
        writeTx(db, () => {
          forgetDrawerOpening(db, opening);
          repo.unmarkDrawerOpened(slip.return_id);
        });
      }
      throw err;
    }
    return { printed: true, printer: shop.receipt_printer, drawer_opened: drawer };
  });
};

export default slipRoutes;
