// What a display shows for a till's published state: the server prices the cart again (sales' quoteCart, the very
// arithmetic checkout uses), makes the PayNow QR itself (paynow's tillPayNowQr, same payload as the till's) and reads
// the sale just made from the invoice. The till sends only what can be checked; the display only renders this.
import type { Db } from '../../core/db.js';
import { AppError, badRequest } from '../../core/errors.js';
import { priceWithGst, rateToBps, toCents, toDollars } from '../../core/money.js';
import { hooksOf } from '../../core/plugin.js';
import { getSettings } from '../../core/settings.js';
import { customerName } from '../customers/api.js';
import { tillPayNowQr } from '../paynow/api.js';
import {
  amountDueCents,
  includedGstText,
  invoiceRow,
  outstandingCents,
  printedAdjustments,
  quoteCart,
  roundedCashDue,
  type PosCustomerState,
} from '../sales/api.js';
import type { DisplayCustomer, DisplayPay, DisplaySale, DisplayView } from './schemas.js';

export interface ViewContext {
  till: string;
  timeZone: string;
  at: Date;
}

/** 'GST (9%)': the till's label for the GST row. */
function gstLabel(bps: number): string {
  return `GST (${Number((bps / 100).toFixed(2))}%)`;
}

/** The view of an empty till: the welcome, with the shop's name. */
function baseView(db: Db, phase: DisplayView['phase'], ctx: ViewContext): DisplayView {
  const settings = getSettings(db);
  return {
    phase,
    shopName: settings.shop_name.trim() || 'Kedai',
    till: ctx.till,
    pricesIncludeGst: settings.prices_include_gst === true,
    gstLabel: gstLabel(rateToBps(settings.gst_rate)),
    gstIncluded: null,
    lines: [],
    adjustments: [],
    units: 0,
    subtotal: 0,
    lineDiscount: 0,
    discount: 0,
    discountLabel: 'Discount',
    gst: 0,
    total: 0,
    pay: null,
    sale: null,
    at: ctx.at.toISOString(),
  };
}

/** The chosen customer: their name and every plugin's badge for them (#29: points); 404 naming customerId when unknown. */
function customerOf(db: Db, id: number): DisplayCustomer {
  const name = customerName(db, id);
  if (name === undefined) throw new AppError(404, 'NOT_FOUND', 'Customer not found', { field: 'customerId' });
  const badges = hooksOf(db)
    .customerBadges.map((badge) => badge(db, id))
    .filter((b) => b !== null);
  return { name, badges };
}

/** The sale just made at this till (404 for an unknown invoice or another till's: a display never shows those). */
function saleOf(db: Db, invoiceId: number, till: string): DisplaySale {
  const row = invoiceRow(db, invoiceId);
  if (!row || row.till !== till) throw new AppError(404, 'NOT_FOUND', 'Invoice not found', { field: 'invoiceId' });
  return {
    total: toDollars(row.grand_total_cents),
    amountDue: toDollars(amountDueCents(row)),
    tendered: row.tendered_cents === null ? null : toDollars(row.tendered_cents),
    change: toDollars(row.change_cents),
    method: row.payment_method,
    onAccount: toDollars(outstandingCents(row)),
  };
}

/**
 * The view for a till's state; throws a 4xx AppError naming the field when the state does not hold together
 * (a cart without lines, a payment without its method, a PayNow without its reference, more paid than the total).
 */
export async function displayView(db: Db, state: PosCustomerState, ctx: ViewContext): Promise<DisplayView> {
  const base = baseView(db, state.phase, ctx);
  if (state.phase === 'IDLE') return base;
  const view = state.customerId === undefined ? base : { ...base, customer: customerOf(db, state.customerId) };
  if (state.phase === 'DONE') {
    if (state.invoiceId === undefined) throw badRequest('invoiceId: the sale just made is required when the phase is DONE', 'invoiceId');
    return { ...view, sale: saleOf(db, state.invoiceId, ctx.till) };
  }
  const items = state.items ?? [];
  if (items.length === 0) throw badRequest(`items: a ${state.phase} state needs the cart's lines`, 'items');
  const q = quoteCart(db, { items, invoiceDiscount: state.invoiceDiscount, invoiceDiscountAmount: state.invoiceDiscountAmount });
  const t = q.totals;
  const percent = state.invoiceDiscount ?? 0;
  // The adjustments (#28, a promotion) are shown as their own lines, as the till shows them: the item lines and the
  // subtotal are before them (the pipeline keeps them inside the lines' discounts; signed, 0 or negative).
  const adjustedCents = q.adjustments.reduce((sum, a) => sum + a.amount_cents, 0);
  // #29: a plugin's items without GST (a gift card) follow the adjustments as their own lines, outside the subtotal.
  const chargesCents = t.chargesCents ?? 0;
  const priced: DisplayView = {
    ...view,
    pricesIncludeGst: q.pricesIncludeGst,
    gstLabel: gstLabel(q.taxRateBps),
    gstIncluded: q.pricesIncludeGst ? includedGstText(t.taxCents, q.taxRateBps) : null,
    lines: q.lines.map((l) => ({
      name: l.name,
      size: l.size,
      qty: l.qty,
      unitPrice: toDollars(l.unitPriceCents),
      unitPriceWithGst: toDollars(priceWithGst(l.unitPriceCents, q.taxRateBps, q.pricesIncludeGst)),
      discount: toDollars(l.discountCents),
      total: toDollars(l.totalCents - l.adjustmentCents),
    })),
    adjustments: printedAdjustments([...q.adjustments, ...q.charges]).map((a) => ({ label: a.label, amount: toDollars(a.amountCents) })),
    units: q.lines.reduce((n, l) => n + l.qty, 0),
    subtotal: toDollars(t.subtotalCents - chargesCents - adjustedCents),
    lineDiscount: toDollars(t.lineDiscountCents + adjustedCents),
    discount: toDollars(t.invoiceDiscountCents),
    discountLabel: percent > 0 && !(state.invoiceDiscountAmount ?? 0) ? `Discount (${percent}%)` : 'Discount',
    gst: toDollars(t.taxCents),
    total: toDollars(t.grandTotalCents),
  };
  if (state.phase === 'CART') return priced;
  return { ...priced, pay: await payOf(db, state, t.grandTotalCents, q.cashRounding, ctx) };
}

/** The payment being taken: what the method pays (rounded for cash when the shop rounds), PayNow's QR. */
async function payOf(db: Db, state: PosCustomerState, totalCents: number, cashRounding: boolean, ctx: ViewContext): Promise<DisplayPay> {
  const pay = state.pay;
  if (!pay) throw badRequest('pay: the payment being taken is required when the phase is PAY', 'pay');
  const amountCents = toCents(pay.amount);
  if (amountCents > totalCents) throw badRequest('pay.amount cannot exceed the total', 'pay.amount');
  const { dueCents, roundingCents } = roundedCashDue(amountCents, pay.method === 'CASH' && cashRounding);
  let payNow: DisplayPay['payNow'] = null;
  if (pay.method === 'PAYNOW') {
    if (!pay.reference) throw badRequest("pay.reference: the PayNow reference of the till's QR is required", 'pay.reference');
    const qr = await tillPayNowQr(db, { amountCents: dueCents, reference: pay.reference, timeZone: ctx.timeZone, now: ctx.at });
    payNow = qr ? { svg: qr.svg, reference: pay.reference, amount: toDollars(dueCents) } : null;
  }
  return {
    method: pay.method,
    paidOtherwise: toDollars(totalCents - amountCents),
    amount: toDollars(amountCents),
    rounding: toDollars(roundingCents),
    amountDue: toDollars(dueCents),
    payNow,
  };
}

/** The welcome: what a display shows when its till has published nothing it can show. */
export function idleView(db: Db, ctx: ViewContext): DisplayView {
  return baseView(db, 'IDLE', ctx);
}
