// The refund slip (#26.3): one return request (its rows share batch_id) as the customer takes it home: the shop,
// 'REFUND', the invoice, the lines returned, the amount and how it went back; and, when it made a credit note, the
// note's number, amount, expiry and redemption code. Built once on the server, so the ESC/POS printer and the
// browser's print say the same thing.
import type { Db } from '../../../core/db.js';
import { notFound } from '../../../core/errors.js';
import { dateTimeText } from '../../../core/pdf/format.js';
import { code128Svg } from '../../../core/pdf/barcode.js';
import { toDollars } from '../../../core/money.js';
import { getSettings } from '../../../core/settings.js';
import { creditNoteRow } from '../../credit-notes/api.js';
import { invoiceRow, refundRowOf } from '../../sales/api.js';
import { returnsRepo, type ReturnRow } from '../repo.js';
import type { RefundMethod, RefundSlip } from '../schemas.js';

export const METHOD_TEXT: Record<RefundMethod, string> = { CREDIT_NOTE: 'Credit note', CASH: 'Cash', NETS: 'NETS', PAYNOW: 'PayNow' };

/** Who asks for the slip: the note's code is shown to an ADMIN and to whoever made the return (bearer notes, #25). */
export interface SlipViewer {
  id: number;
  role: string;
}

/** The rows of the return `id` names (any of its rows), 404 when there is none. */
export function returnBatch(db: Db, id: string): ReturnRow[] {
  const rows = returnsRepo(db).batchOf(id);
  if (rows.length === 0) throw notFound('Return');
  return rows;
}

/** The slip of a return's rows. */
export async function buildRefundSlip(db: Db, rows: ReturnRow[], viewer: SlipViewer, timeZone: string): Promise<RefundSlip> {
  const first = rows[0];
  const shop = getSettings(db);
  const invoice = invoiceRow(db, first.invoice_id)!;
  const note = first.credit_note_id === null ? undefined : creditNoteRow(db, first.credit_note_id);
  const money = first.refund_id === null ? undefined : refundRowOf(db, first.invoice_id, first.refund_id);
  const showCode = viewer.role === 'ADMIN' || viewer.id === first.created_by;
  const code = note && showCode ? note.redemption_code : null;
  return {
    return_id: first.batch_id,
    shop: { name: shop.shop_name, address: shop.address, phone: shop.phone, gst_reg_no: shop.gst_reg_no },
    title: 'REFUND',
    invoice: { id: invoice.id, number: invoice.number, date_text: dateTimeText(invoice.created_at, timeZone) },
    date: first.created_at,
    date_text: dateTimeText(first.created_at, timeZone),
    cashier: first.created_by_username,
    approved_by: first.approved_by_username,
    without_receipt: first.without_receipt === 1,
    lines: rows.map((r) => ({
      description: r.item_name,
      size: r.size,
      sku: r.sku,
      qty: r.returned_qty,
      reason: r.reason,
      amount: toDollars(r.refund_cents),
    })),
    total: toDollars(rows.reduce((s, r) => s + r.refund_cents, 0)),
    gst: toDollars(rows.reduce((s, r) => s + r.tax_cents, 0)),
    method: first.refund_method,
    method_text: METHOD_TEXT[first.refund_method],
    reference: first.refund_reference,
    paid_out: money ? toDollars(money.amount_cents) : null,
    credit_note: note
      ? {
          number: note.number,
          amount: toDollars(note.amount_cents),
          available: toDollars(note.status === 'ACTIVE' ? note.amount_cents - note.applied_cents : 0),
          expires: null,
          redemption_code: code,
          barcode_svg: code ? await code128Svg(code) : null,
        }
      : null,
  };
}
