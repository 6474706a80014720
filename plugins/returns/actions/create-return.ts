// Processes a return in ONE transaction: checks what is still returnable on each line (across every earlier
// return), puts the goods back in stock (RETURN movements), writes the return rows (COMPLETED) and refunds
// their total, GST included: as one ACTIVE credit note (refund_method CREDIT_NOTE, the default), or in money
// at the counter (CASH, NETS, PAYNOW: a sales refund row, money out of that till, and no credit note). The
// server prices the refund; the client's refund_amount and original_qty are ignored.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../core/db.js';
import { writeTx } from '../../../core/db.js';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { localDate } from '../../../core/clock.js';
import { pickedId } from '../../../core/lenient-input.js';
import { formatMoney, roundCash } from '../../../core/money.js';
import { getSettings } from '../../../core/settings.js';
import { moveStock } from '../../inventory/api.js';
import { invoiceRow, noOpenShift, paymentsByMethod, recordRefund, type InvoiceRow } from '../../sales/api.js';
import { applyToInvoice, creditNoteRow, issueCreditNote } from '../../credit-notes/api.js';
import { invoiceMoney, invoiceTenders, openShiftAt, payoutDrawer, postEntries, type InvoiceMoney } from '../../ledger/api.js';
import { hooksOf } from '../../../core/plugin.js';
import { mulDivHalfUp } from '../../../core/money.js';
import { lineShares, returnRefund } from '../refund.js';
import { returnsRepo } from '../repo.js';
import { RETURN_REASONS, type ReturnReason } from '../return-reasons.js';

export const SELECT_INVOICE = 'Please select an invoice';
export const SELECT_ITEMS = 'Please select items to return by entering quantities greater than 0';
export const REASONS_REQUIRED = 'Please provide return reasons for all items';

export interface ReturnItemInput {
  product_id?: unknown;
  invoice_line_id?: unknown;
  original_qty?: unknown;
  returned_qty?: number | null;
  return_reason?: string | null;
  refund_amount?: unknown;
}

export type RefundMethod = 'CREDIT_NOTE' | 'CASH' | 'NETS' | 'PAYNOW';
export type MoneyMethod = Exclude<RefundMethod, 'CREDIT_NOTE'>;
export const REFUND_METHODS: readonly RefundMethod[] = ['CREDIT_NOTE', 'CASH', 'NETS', 'PAYNOW'];

export interface ReturnInput {
  invoice_id?: unknown;
  items?: ReturnItemInput[];
  notes?: string | null;
  refund_method?: string | null;
  refund_reference?: string | null;
  /** false: the cashier ticked 'No receipt' (the sale was found by searching); recorded on the rows. */
  receipt?: boolean | null;
}

/** Money paid back for a return: the refund, what left the drawer (CASH rounded when the shop rounds cash) and the difference. */
export interface MoneyRefundResult {
  method: MoneyMethod;
  reference: string | null;
  amountCents: number;
  paidOutCents: number;
  roundingCents: number;
  refundId: number | null;
}

/** One item of a return: the invoice line, its product and unit list price, the units back and their refund. */
export interface ReturnedItem {
  lineId: number;
  productId: number;
  unitPriceCents: number;
  qty: number;
  netCents: number;
  taxCents: number;
}

export interface ReturnResult {
  /** The items as refunded, in the request's order (an exchange carries their prices to the new pairs). */
  items: ReturnedItem[];
  returnIds: string[];
  /** The note issued (refund_method CREDIT_NOTE), else null. */
  creditNoteId: number | null;
  /** The money paid back (CASH, NETS, PAYNOW), else null. */
  refund: MoneyRefundResult | null;
  /** The return's total (GST included). */
  refundCents: number;
  /** What is left to spend on the note (after the invoice's account was credited). */
  noteAvailableCents: number;
  /** Value put back on plugin tenders (#29: a gift card), by method, with the reference their owner gave. */
  tenderRefunds: { method: string; amount_cents: number; reference: string | null }[];
}

export interface ReturnContext {
  userId: number | null;
  timeZone: string;
  at?: Date;
  /** The till the money is paid out at (X-Kedai-Till): a CASH refund comes out of its shift's drawer. */
  till?: string | null;
  /** The manager who approved a return the refund policy holds back (refund-policy.ts), recorded on the rows. */
  approvedBy?: number | null;
}

interface Wanted {
  field: string;
  productId: number | null;
  lineId: number | null;
  qty: number;
  reason: ReturnReason;
}

/** Checks the request without the database (so a bad request never takes the write lock). */
function readRequest(body: ReturnInput): { invoiceId: number; wanted: Wanted[]; method: RefundMethod; reference: string | null } {
  const invoiceId = pickedId(body.invoice_id);
  if (invoiceId === null) throw badRequest(SELECT_INVOICE, 'invoice_id');
  const method = (body.refund_method ?? 'CREDIT_NOTE') as RefundMethod;
  if (!REFUND_METHODS.includes(method)) throw badRequest(`refund_method must be one of: ${REFUND_METHODS.join(', ')}`, 'refund_method');
  const reference = body.refund_reference?.trim() || null;
  // The NETS terminal's or the PayNow transfer's reference is the shop's only proof the money went back.
  if ((method === 'NETS' || method === 'PAYNOW') && !reference)
    throw badRequest(`A ${method === 'NETS' ? 'NETS' : 'PayNow'} refund needs its transaction reference`, 'refund_reference');
  if (method === 'CREDIT_NOTE' && reference) throw badRequest('refund_reference applies to CASH, NETS and PAYNOW refunds only', 'refund_reference');
  const chosen = (body.items ?? []).map((item, i) => ({ item, i })).filter(({ item }) => (item.returned_qty ?? 0) > 0);
  if (chosen.length === 0) throw badRequest(SELECT_ITEMS, 'items');
  const wanted = chosen.map(({ item, i }) => {
    const field = `items.${i}`;
    const reason = item.return_reason?.trim() ?? '';
    if (!reason) throw badRequest(REASONS_REQUIRED, `${field}.return_reason`);
    if (!(RETURN_REASONS as readonly string[]).includes(reason)) {
      throw badRequest(`Return reason must be one of: ${RETURN_REASONS.join(', ')}`, `${field}.return_reason`);
    }
    const productId = pickedId(item.product_id);
    const lineId = pickedId(item.invoice_line_id);
    if (productId === null && lineId === null) throw badRequest(`${field}.product_id is required`, `${field}.product_id`);
    return { field, productId, lineId, qty: item.returned_qty!, reason: reason as ReturnReason };
  });
  return { invoiceId, wanted, method, reference };
}

/** Processes a return; 400/404/409 (VOID invoice, more than is left to return) and nothing written on failure. */
export function createReturn(db: Db, body: ReturnInput, ctx: ReturnContext): ReturnResult {
  const { invoiceId, wanted, method, reference } = readRequest(body);
  const repo = returnsRepo(db);
  const notes = body.notes?.trim() || null;
  const at = ctx.at ?? new Date();

  return writeTx(db, () => {
    const invoice = invoiceRow(db, invoiceId);
    if (!invoice) throw notFound('Invoice');
    if (invoice.payment_status === 'VOID') throw conflict('INVOICE_VOID', 'Cannot return items from a void invoice');
    const planned = planItems(db, invoice, wanted);

    const reasons = [...new Set(planned.map((p) => p.reason))];
    const reason = `Return: ${reasons.join(', ')}`;
    const refundCents = planned.reduce((sum, p) => sum + p.refund.netCents + p.refund.taxCents, 0);
    const split = splitRefund(db, invoice, refundCents, method);
    const noteCents = split.accountCents + split.noteCents;
    // Value a plugin's tender paid (a gift card, points) goes back on that tender, never in money (#29).
    const tenderRefunds = split.tenderParts.map((t) =>
      refundToTender(db, { invoiceId, ...t, userId: ctx.userId, at, till: ctx.till ?? null, timeZone: ctx.timeZone }),
    );
    const note =
      noteCents > 0 || (method === 'CREDIT_NOTE' && split.tenderParts.length === 0)
        ? issueCreditNote(db, {
            invoiceId,
            source: 'RETURN',
            reason,
            notes,
            // The whole return on the note, line by line; a money refund's note carries only the part that cannot be money.
            lines:
              noteCents === refundCents
                ? planned.map((p) => ({
                    invoiceLineId: p.line.id,
                    productId: p.line.product_id,
                    description: p.line.description,
                    qty: p.qty,
                    amountCents: p.refund.netCents,
                    taxCents: p.refund.taxCents,
                  }))
                : [notePart(invoice, reason, noteCents)],
            userId: ctx.userId,
            timeZone: ctx.timeZone,
            at,
            till: ctx.till ?? null,
          })
        : null;
    // Value that came from the customer's account goes back to it: the note pays down this invoice first.
    if (note && split.accountCents > 0) {
      applyToInvoice(db, creditNoteRow(db, note.id)!, invoiceId, split.accountCents, {
        userId: ctx.userId,
        timeZone: ctx.timeZone,
        at,
        till: ctx.till,
        notes: 'Return credited to the account',
      });
    }
    const refund =
      method === 'CREDIT_NOTE' || split.moneyCents === 0
        ? null
        : payBack(db, {
            invoiceId,
            method,
            reference,
            amountCents: split.moneyCents,
            userId: ctx.userId,
            at,
            till: ctx.till ?? null,
            timeZone: ctx.timeZone,
            reason,
          });

    const businessDate = localDate(at, ctx.timeZone);
    for (const p of planned) {
      repo.insert({
        id: p.id,
        invoice_id: invoiceId,
        invoice_line_id: p.line.id,
        product_id: p.line.product_id,
        original_qty: p.line.qty,
        returned_qty: p.qty,
        reason: p.reason,
        refund_cents: p.refund.netCents + p.refund.taxCents,
        tax_cents: p.refund.taxCents,
        status: 'COMPLETED',
        notes,
        credit_note_id: note?.id ?? null,
        refund_method: method,
        refund_reference: reference,
        refund_id: refund?.refundId ?? null,
        business_date: businessDate,
        created_by: ctx.userId,
        created_at: at.toISOString(),
        approved_by: ctx.approvedBy ?? null,
        without_receipt: body.receipt === false ? 1 : 0,
        // The request's rows share its first row's id: its refund slip lists them together.
        batch_id: planned[0].id,
      });
      moveStock(db, {
        productId: p.line.product_id,
        delta: p.qty,
        reason: 'RETURN',
        refType: 'return',
        refId: p.id,
        userId: ctx.userId,
        note: `${invoice.number} return (${p.reason}), ${note ? note.number : `${method} refund`}`,
      });
    }
    // The return as written to the plugins' returnRecorded hooks (#29: points the goods earned reversed); a throw undoes it.
    for (const hook of hooksOf(db).returnRecorded) {
      hook(db, {
        invoiceId,
        customerId: invoice.customer_id,
        returnIds: planned.map((p) => p.id),
        lines: planned.map((p) => ({
          returnId: p.id,
          lineId: p.line.id,
          productId: p.line.product_id,
          qty: p.qty,
          netCents: p.refund.netCents,
          taxCents: p.refund.taxCents,
          refundCents: p.refund.netCents + p.refund.taxCents,
        })),
        refundCents,
        accountCents: split.accountCents,
        tenderRefunds: tenderRefunds.map((t) => ({ method: t.method, amountCents: t.amount_cents, reference: t.reference })),
        moneyCents: refund?.amountCents ?? 0,
        moneyMethod: refund?.method ?? null,
        creditNoteCents: split.noteCents,
        creditNoteId: note?.id ?? null,
        userId: ctx.userId,
        at,
      });
    }
    return {
      returnIds: planned.map((p) => p.id),
      creditNoteId: note?.id ?? null,
      refund,
      refundCents,
      noteAvailableCents: split.noteCents,
      tenderRefunds,
      items: planned.map(returnedItem),
    };
  });
}

/** What each wanted item takes back: its invoice line and its refund (409 when more than is left to return). */
function planItems(db: Db, invoice: InvoiceRow, wanted: Wanted[]) {
  const repo = returnsRepo(db);
  const lines = repo.linesWithReturned(invoice.id);
  const shares = lineShares(invoice, lines);
  // Returned so far per line, raised as this request's items are taken (two items may name one line).
  const returned = new Map(lines.map((l) => [l.id, l.returned_qty]));

  const planned = wanted.map((w) => {
    const line = w.lineId !== null ? lines.find((l) => l.id === w.lineId) : lines.find((l) => l.product_id === w.productId);
    if (!line) {
      throw w.lineId !== null
        ? badRequest(`Invoice line ${w.lineId} is not on invoice ${invoice.number}`, `${w.field}.invoice_line_id`)
        : badRequest(`Product ${w.productId} is not on invoice ${invoice.number}`, `${w.field}.product_id`);
    }
    if (w.productId !== null && w.productId !== line.product_id) {
      throw badRequest(`Invoice line ${line.id} is not for product ${w.productId}`, `${w.field}.product_id`);
    }
    const before = returned.get(line.id) ?? 0;
    const left = line.qty - before;
    if (w.qty > left) {
      throw conflict('RETURN_EXCEEDS_SOLD', `Cannot return ${w.qty} of ${line.description}: only ${left} of ${line.qty} left to return`, {
        field: `${w.field}.returned_qty`,
        invoice_line_id: line.id,
        returnable: left,
      });
    }
    returned.set(line.id, before + w.qty);
    const refund = returnRefund(shares.get(line.id)!, line.qty, before, w.qty);
    return { ...w, line, refund, id: randomUUID() };
  });

  return planned;
}

/** A return's items as they would be refunded now, writing nothing (the exchange's quote): 400/404/409 as createReturn. */
export function previewReturn(db: Db, body: ReturnInput) {
  const { invoiceId, wanted } = readRequest({ ...body, refund_method: null, refund_reference: null });
  const invoice = invoiceRow(db, invoiceId);
  if (!invoice) throw notFound('Invoice');
  if (invoice.payment_status === 'VOID') throw conflict('INVOICE_VOID', 'Cannot return items from a void invoice');
  return { invoice, items: planItems(db, invoice, wanted).map(returnedItem) };
}

/** A planned item as the exchange prices it: its line's product and unit list price, the units and their refund. */
function returnedItem(p: ReturnType<typeof planItems>[number]): ReturnedItem {
  return {
    lineId: p.line.id,
    productId: p.line.product_id,
    unitPriceCents: p.line.unit_price_cents,
    qty: p.qty,
    netCents: p.refund.netCents,
    taxCents: p.refund.taxCents,
  };
}

/** Where a return's value goes (docs/money.md): the account, plugin tenders, money, and a credit note, in cents. */
export interface RefundSplit {
  accountCents: number;
  /** Back on the plugin tenders that paid the invoice (#29: a gift card), by method, in the order they paid. */
  tenderParts: { method: string; cents: number }[];
  moneyCents: number;
  noteCents: number;
}

/**
 * Value goes back the way it came: first what the customer still owes on the invoice is lowered (a credit to the
 * account); then what plugin tenders paid (a gift card, points: #29) back on them, whatever refund method was asked
 * (a card is never paid out in money), up to what each paid and has not had back, for the tenders whose plugin
 * declares `tenderRefunds`; then money, when money was asked for, up to what the invoice took in money and has not
 * paid back; the rest (value that came from a credit note) as a credit note.
 */
export function splitRefund(db: Db, invoice: InvoiceRow, valueCents: number, method: RefundMethod): RefundSplit {
  const owed = Math.max(0, invoice.grand_total_cents - invoice.paid_cents);
  const accountCents = Math.min(valueCents, owed);
  let left = valueCents - accountCents;
  const tenderParts: RefundSplit['tenderParts'] = [];
  const refunders = hooksOf(db).tenderRefunds;
  for (const [tender, heldCents] of invoiceTenders(db, invoice.id)) {
    const cents = Math.min(left, heldCents);
    if (!refunders[tender] || cents <= 0) continue;
    tenderParts.push({ method: tender, cents });
    left -= cents;
  }
  if (method === 'CREDIT_NOTE') return { accountCents, tenderParts, moneyCents: 0, noteCents: left };
  const money = invoiceMoney(db, invoice.id);
  const refundable = money.inCents - money.outCents;
  const moneyCents = method === 'CASH' && getSettings(db).cash_rounding ? largestCashRefund(money, left) : Math.max(0, Math.min(left, refundable));
  return { accountCents, tenderParts, moneyCents, noteCents: left - moneyCents };
}

/** Puts `cents` back on a plugin tender through its owner's `tenderRefunds` hook, with its TENDER_REFUND ledger row. */
function refundToTender(
  db: Db,
  r: { invoiceId: number; method: string; cents: number; userId: number | null; at: Date; till: string | null; timeZone: string },
): { method: string; amount_cents: number; reference: string | null } {
  const done = hooksOf(db).tenderRefunds[r.method]!(db, {
    method: r.method,
    invoiceId: r.invoiceId,
    payments: paymentsByMethod(db, r.invoiceId, r.method),
    amountCents: r.cents,
    field: 'refund_method',
    userId: r.userId,
    at: r.at,
  });
  postEntries(db, [
    {
      kind: 'TENDER_REFUND',
      method: r.method,
      amountCents: -r.cents,
      till: r.till,
      invoiceId: r.invoiceId,
      userId: r.userId,
      at: r.at.toISOString(),
      businessDate: localDate(r.at, r.timeZone),
      reference: done.reference,
    },
  ]);
  return { method: r.method, amount_cents: r.cents, reference: done.reference };
}

/** One credit-note line for part of a return, its GST in the proportion of the invoice's goods (charges carry none). */
function notePart(invoice: InvoiceRow, reason: string, cents: number) {
  const goodsCents = invoice.grand_total_cents - (invoice.charges_cents ?? 0);
  const tax = goodsCents > 0 ? mulDivHalfUp(cents, invoice.tax_total_cents, goodsCents) : 0;
  return { invoiceLineId: null, productId: null, description: `${reason} (not refundable in money)`, qty: 1, amountCents: cents - tax, taxCents: tax };
}

/**
 * The cash that leaves the drawer for `exactCents` more of cash refunds (shop rounding cash): the invoice's running total
 * of exact cash refunds rounded to 5 cents, less what earlier refunds paid out; rounded down where up would pay out more
 * money than the invoice took and has not paid back.
 */
function roundedCashPayout(m: InvoiceMoney, exactCents: number): number {
  const refundable = m.inCents - m.outCents;
  const total = m.cashRefundExactCents + exactCents;
  const up = roundCash(total) - m.cashRefundPaidCents;
  return up <= refundable ? up : Math.floor(total / 5) * 5 - m.cashRefundPaidCents;
}

/** The most of `wantedCents` a cash refund can give back whose rounded payout fits in the money still refundable. */
function largestCashRefund(m: InvoiceMoney, wantedCents: number): number {
  const refundable = m.inCents - m.outCents;
  if (wantedCents <= 0 || refundable <= 0) return 0;
  if (roundedCashPayout(m, wantedCents) <= refundable) return wantedCents;
  let cents = Math.min(wantedCents, refundable + 2);
  while (cents > 0 && roundedCashPayout(m, cents) > refundable) cents -= 1;
  return cents;
}

/** What leaves the drawer for a cash refund of `exactCents` (rounded only when the shop rounds cash). */
function cashPayout(db: Db, invoiceId: number, exactCents: number): number {
  return getSettings(db).cash_rounding ? roundedCashPayout(invoiceMoney(db, invoiceId), exactCents) : exactCents;
}

/**
 * Pays a refund back in money (inside the caller's transaction), never more than the invoice took in money and has
 * not yet paid back (409). CASH rounds the running total of the invoice's cash refunds to 5 cents when the shop
 * rounds cash. Paid from the request's till when it has an open shift, else from the shift that took the money while
 * it is open, else the back office (ledger payoutDrawer).
 */
export function payBack(
  db: Db,
  r: {
    invoiceId: number;
    method: MoneyMethod;
    reference: string | null;
    amountCents: number;
    reason: string;
    userId: number | null;
    at: Date;
    till: string | null;
    timeZone: string;
  },
): MoneyRefundResult {
  const invoice = invoiceRow(db, r.invoiceId)!;
  const money = invoiceMoney(db, r.invoiceId);
  const refundable = money.inCents - money.outCents;
  const paidOutCents = r.method === 'CASH' ? cashPayout(db, r.invoiceId, r.amountCents) : r.amountCents;
  if (paidOutCents > refundable) {
    throw conflict(
      'REFUND_EXCEEDS_PAID',
      `Invoice ${invoice.number} has ${formatMoney(Math.max(0, refundable))} paid in money that can be refunded in money; the rest goes back as a credit note`,
      {
        field: 'refund_method',
        refundable: Math.max(0, refundable) / 100,
      },
    );
  }
  // A till that must trade within a shift pays no money back without one (back-office refunds name no till).
  if (r.till && getSettings(db).require_open_shift && openShiftAt(db, r.till) === null) throw noOpenShift(r.till);
  const from = payoutDrawer(db, r.invoiceId, r.till);
  const reason = r.reference ? `${r.reason} (ref ${r.reference})` : r.reason;
  const refundId =
    paidOutCents > 0
      ? recordRefund(db, {
          invoiceId: r.invoiceId,
          method: r.method,
          amountCents: paidOutCents,
          userId: r.userId,
          at: r.at,
          till: from.till,
          reason,
        })
      : null;
  const at = r.at.toISOString();
  const businessDate = localDate(r.at, r.timeZone);
  const row = { ...from, invoiceId: r.invoiceId, userId: r.userId, at, businessDate, reference: reason };
  postEntries(db, [
    { ...row, kind: 'REFUND', method: r.method, amountCents: -r.amountCents },
    { ...row, kind: 'ROUNDING', method: 'CASH', amountCents: -(paidOutCents - r.amountCents) },
  ]);
  return { method: r.method, reference: r.reference, amountCents: r.amountCents, paidOutCents, roundingCents: paidOutCents - r.amountCents, refundId };
}
