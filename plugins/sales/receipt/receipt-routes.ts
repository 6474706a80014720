// Receipt routes (any signed-in user: the till prints after every sale): the receipt model for the browser's
// 80 mm print, and printing it on the shop's LAN ESC/POS printer with the cash drawer kick.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { tillOf } from '../../../core/till-header.js';
import { forgetDrawerOpening, recordDrawerOpening } from '../../ledger/api.js';
import { getSettings } from '../../../core/settings.js';
import { code128Svg } from '../../../core/pdf/barcode.js';
import { IdParams } from '../../../core/schemas.js';
import { salesRepo } from '../repo.js';
import { DrawerOpenBody, DrawerOpenReply, PrintBody, PrintReply, ReceiptReply } from '../schemas.js';
import { DRAWER_KICK, escposReceipt } from './escpos-receipt.js';
import { buildReceipt, receiptSectionsOf } from './receipt-model.js';
import { sendToPrinter } from './send-to-printer.js';

/** The 409 when no printer is set: the till then prints through the browser. */
export const NO_PRINTER = 'No receipt printer is set up (Settings > Receipt Printer); print through the browser instead';

const receiptRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const repo = salesRepo(app.db);
  const receiptOf = (id: number) => {
    const invoice = repo.get(id);
    if (!invoice) throw notFound('Invoice');
    return buildReceipt({
      invoice,
      lines: repo.lines(id),
      adjustments: repo.adjustments(id),
      payments: repo.payments(id),
      shop: getSettings(app.db),
      timeZone: app.config.timeZone,
      sections: receiptSectionsOf(app.db, app.pluginHooks.receiptSections, id),
    });
  };

  app.get('/api/invoices/:id/receipt', { schema: { params: IdParams, response: { 200: ReceiptReply } } }, async (request) => {
    const receipt = receiptOf(request.params.id);
    // The browser prints the number's barcode: the Return dialog scans it (#26.3).
    // #29: and the sections' codes (a gift card's) as bars too, drawn here once for the browser.
    const sections = await Promise.all(
      receipt.sections.map(async (sec) => ({ ...sec, barcodes: await Promise.all(sec.barcodes.map(async (b) => ({ ...b, svg: await code128Svg(b.value) }))) })),
    );
    return { receipt: { ...receipt, sections, barcode_svg: await code128Svg(receipt.number) } };
  });

  app.post('/api/invoices/:id/print', { schema: { params: IdParams, body: PrintBody, response: { 200: PrintReply } } }, async (request) => {
    const receipt = receiptOf(request.params.id);
    const shop = getSettings(app.db);
    if (!shop.receipt_printer) throw conflict('NO_PRINTER', NO_PRINTER);
    const reprint = request.body.reprint === true;
    // Only a cash sale's first print opens the drawer, and the opening is recorded before the bytes go out (two prints
    // at once cannot both open it). A reprint, a later print or a voided sale never opens it (#25).
    const wanted = shop.open_drawer_on_cash && receipt.cash_sale && !reprint && receipt.status !== 'VOID';
    const opening = wanted
      ? recordDrawerOpening(app.db, { till: tillOf(request), invoiceId: request.params.id, reason: `Cash sale ${receipt.number}`, userId: request.user.id })
      : null;
    const drawer = opening !== null;
    try {
      await sendToPrinter(shop.receipt_printer, await escposReceipt(receipt, { drawer, reprint }));
    } catch (err) {
      if (opening !== null) forgetDrawerOpening(app.db, opening);
      throw err;
    }
    return { printed: true, printer: shop.receipt_printer, drawer_opened: drawer };
  });

  // The drawer opened without a sale (change for the float, a customer's mistake): any signed-in user, at their till,
  // with a reason; recorded and listed on the shift's X/Z report.
  app.post('/api/drawer/open', { schema: { body: DrawerOpenBody, response: { 200: DrawerOpenReply } } }, async (request) => {
    const till = tillOf(request);
    if (!till) throw badRequest('Open the drawer at a till: X-Kedai-Till names it', 'X-Kedai-Till');
    const shop = getSettings(app.db);
    if (!shop.receipt_printer) throw conflict('NO_PRINTER', 'No receipt printer is set up (Settings > Receipt Printer): the drawer opens through it');
    const reason = request.body.reason.trim();
    if (!reason) throw badRequest('reason is required', 'reason');
    const id = recordDrawerOpening(app.db, { till, reason, userId: request.user.id })!;
    try {
      await sendToPrinter(shop.receipt_printer, DRAWER_KICK);
    } catch (err) {
      forgetDrawerOpening(app.db, id);
      throw err;
    }
    return { opened: true, till };
  });
};

export default receiptRoutes;
