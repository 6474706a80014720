// Receipt routes (any signed-in user: the till prints after every sale): the receipt model for the browser's
// 80 mm print, and printing it on the shop's LAN ESC/POS printer with the cash drawer kick.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { conflict, notFound } from '../../../core/errors.js';
import { getSettings } from '../../../core/settings.js';
import { IdParams } from '../../../core/schemas.js';
import { salesRepo } from '../repo.js';
import { PrintBody, PrintReply, ReceiptReply } from '../schemas.js';
import { escposReceipt } from './escpos-receipt.js';
import { buildReceipt } from './receipt-model.js';
import { sendToPrinter } from './send-to-printer.js';

/** The 409 when no printer is set: the till then prints through the browser. */
export const NO_PRINTER = 'No receipt printer is set up (Settings > Receipt Printer); print through the browser instead';

const receiptRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const repo = salesRepo(app.db);
  const receiptOf = (id: number) => {
    const invoice = repo.get(id);
    if (!invoice) throw notFound('Invoice');
    return buildReceipt({ invoice, lines: repo.lines(id), payments: repo.payments(id), shop: getSettings(app.db), timeZone: app.config.timeZone });
  };

  app.get('/api/invoices/:id/receipt', { schema: { params: IdParams, response: { 200: ReceiptReply } } }, async (request) => ({
    receipt: receiptOf(request.params.id),
  }));

  app.post('/api/invoices/:id/print', { schema: { params: IdParams, body: PrintBody, response: { 200: PrintReply } } }, async (request) => {
    const receipt = receiptOf(request.params.id);
    const shop = getSettings(app.db);
    if (!shop.receipt_printer) throw conflict('NO_PRINTER', NO_PRINTER);
    const reprint = request.body.reprint === true;
    // A reprint or a voided sale never opens the drawer: only the sale itself hands out change.
    const drawer = shop.open_drawer_on_cash && receipt.cash_sale && !reprint && receipt.status !== 'VOID';
    await sendToPrinter(shop.receipt_printer, escposReceipt(receipt, { drawer, reprint }));
    return { printed: true, printer: shop.receipt_printer, drawer_opened: drawer };
  });
};

export default receiptRoutes;
