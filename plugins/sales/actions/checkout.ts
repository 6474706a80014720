// A sale: the only writer of invoices from the till. One IMMEDIATE transaction runs the checkout pipeline's stages
// (../pipeline/index.ts: price, adjust, approve, tender, stock, persist) so a sale is all there or not there at all;
// the route runs the last stage (after commit) once the COMMIT is durable.
import { createHash } from 'node:crypto';
import type { Db } from '../../../core/db.js';
import { writeTx } from '../../../core/db.js';
import { AppError, badRequest, conflict } from '../../../core/errors.js';
import { percentToBps, rateToBps, toCents } from '../../../core/money.js';
import { localDate } from '../../../core/clock.js';
import type { Role } from '../../../core/auth/users.js';
import { invoiceNumber } from '../numbering.js';
import { salesRepo, type AdjustmentRow, type InvoiceLineRow, type InvoiceRow, type PaymentRow } from '../repo.js';
import {
  adjustmentsOf,
  approveDiscount,
  chargeItems,
  chargeRows,
  checkCharges,
  invoiceHead,
  mergeLines,
  planPayments,
  priceCart,
  refuseTooManyUnits,
  staffDiscount,
  recallCharges,
  recallSaleRecorded,
  recordedSale,
  runSaleRecorded,
  takeStock,
  writeCharges,
  writeLines,
  writePayments,
  type SaleExtras,
} from '../pipeline/index.js';
import { billedParty, buyerNeeded } from '../billed-party.js';
import { buyerProblem } from '../tax-invoice.js';
import type { CheckoutBody } from '../schemas.js';
import { openShiftAt } from '../../ledger/api.js';

export { WALK_IN_NAME } from '../pipeline/index.js';

export interface CheckoutContext {
  userId: number | null;
  timeZone: string;
  /** The sale's time (demo data and tests set past dates; the numbering follows it). Default: now. */
  at?: Date;
  /** The client's Idempotency-Key. It belongs to the user who first sent it: another user sending it gets a 409. */
  idempotencyKey?: string;
  /** The seller's username, for the written rows' created_by_username (the route's reply). */
  username?: string | null;
  /** The till it is rung up at (X-Kedai-Till), stamped on the invoice and its payments (#16.8 shifts). */
  till?: string | null;
  /** The seller's role: a USER's discount above the settings' max_staff_discount_percent needs `approver`. */
  role?: Role;
  /** The ADMIN whose credentials the till sent (already checked by the route: core/auth/manager-approval.ts). */
  approver?: { id: number; username: string } | null;
  /**
   * An exchange's credit note: it pays first, up to `upToCents` or the sale's total, whichever is less (the
   * total is only known here); the body's payments pay the rest. Reported as the payment after the body's.
   */
  creditNoteFirst?: { reference: string; upToCents: number };
  /**
   * An exchange's carried discounts (#26.3), cents by product: added to those lines' discounts so a pair swapped for
   * the same style costs what the pair coming back was refunded. The shop's own price, not the cashier's: they never
   * count against the staff discount limit.
   */
  carriedDiscounts?: ReadonlyMap<number, number>;
  /** The till's address (request.ip), handed to the tender's owner: it counts failed look-ups per address (#25). */
  clientIp?: string;
}

export interface CheckoutResult {
  invoiceId: number;
  number: string;
  /** True when an Idempotency-Key matched an earlier sale and nothing was written. */
  replayed: boolean;
  /** #29: what the charge kinds and saleRecorded hooks recorded (a new sale) or recalled (a replay), by their reply keys. */
  extras: SaleExtras;
  /** The rows as written (not for a replay), so the reply needs no second read of what this sale just wrote. */
  written?: {
    invoice: InvoiceRow;
    lines: InvoiceLineRow[];
    adjustments: AdjustmentRow[];
    payments: PaymentRow[];
    stock: { product_id: number; stock_qty: number }[];
  };
}

function requestHash(body: CheckoutBody): string {
  // The manager's password never goes into a stored hash (a retry with the same approval still matches).
  const hashed = body.approval ? { ...body, approval: { username: body.approval.username } } : body;
  return createHash('sha256').update(JSON.stringify(hashed)).digest('hex');
}

/** 400: the till priced the cart at another GST rate than the shop's. */
function taxRateMismatch(gstBps: number) {
  return badRequest(`taxRate must be the configured GST rate (${gstBps / 10_000})`, 'taxRate');
}

/**
 * The shop's money rules the till believed in (GST rate, price mode, cash rounding) against the shop's now: the
 * checkout's own refusals, for a quote (#28.1) to refuse alike. The checkout runs the same three checks in place.
 */
export function refuseStaleRules(
  body: Pick<CheckoutBody, 'taxRate' | 'pricesIncludeGst' | 'cashRounding'>,
  rules: { taxRateBps: number; pricesIncludeGst: boolean; cashRounding: boolean },
) {
  if (body.taxRate !== undefined && rateToBps(body.taxRate) !== rules.taxRateBps) throw taxRateMismatch(rules.taxRateBps);
  if (body.pricesIncludeGst !== undefined && body.pricesIncludeGst !== rules.pricesIncludeGst) throw pricingModeChanged(rules.pricesIncludeGst);
  if (body.cashRounding !== undefined && body.cashRounding !== rules.cashRounding) throw settingsChanged();
}

/** 409 SETTINGS_CHANGED: the till reloads the shop's settings (GET /api/auth/config) and shows the new amount due. */
function settingsChanged() {
  return conflict('SETTINGS_CHANGED', "The shop's cash rounding was changed. Check the amount due again before completing the sale.", {
    field: 'cashRounding',
  });
}

/** 409 SETTINGS_CHANGED: the shop switched prices_include_gst after the till loaded its prices; it reloads and reprices. */
function pricingModeChanged(nowInclusive: boolean) {
  const mode = nowInclusive ? 'include GST' : 'are before GST';
  return conflict('SETTINGS_CHANGED', `The shop's price setting changed during this sale (prices now ${mode}). Reload the till and check the total.`, {
    field: 'pricesIncludeGst',
    pricesIncludeGst: nowInclusive,
  });
}

/** 409 NO_OPEN_SHIFT: the shop's require_open_shift is on and this till has no open shift (or named no till). */
export function noOpenShift(till: string | null) {
  return conflict(
    'NO_OPEN_SHIFT',
    till
      ? `${till} has no open shift. Open a shift before selling or refunding.`
      : 'No till named (X-Kedai-Till): sales and refunds need a till with an open shift.',
    { till },
  );
}

/** Checks what can be checked without the database (so a bad request never takes the write lock). */
function validateShape(body: CheckoutBody, gstBps: number) {
  if (body.items.length === 0) throw badRequest('Cart is empty', 'items');
  refuseTooManyUnits(mergeLines(body.items));
  if ((body.invoiceDiscount ?? 0) > 0 && (body.invoiceDiscountAmount ?? 0) > 0) {
    throw badRequest('Give the sale discount as a percent (invoiceDiscount) or an amount (invoiceDiscountAmount), not both', 'invoiceDiscountAmount');
  }
  if (body.taxRate !== undefined && rateToBps(body.taxRate) !== gstBps) throw taxRateMismatch(gstBps);
  const buyer = body.buyer && buyerProblem(body.buyer);
  if (buyer) throw badRequest(buyer[1], buyer[0]);
}

/**
 * The 409 for an Idempotency-Key another user already used (checkout and exchanges): it names nothing of that
 * user's sale (no number, no invoice id), so a key cannot be used to find out what someone else sold.
 */
export function keyOfAnotherUser() {
  return conflict('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used by another user; send a new key for this sale');
}

/** Runs a checkout; throws AppError (400/404/409) and writes nothing when the sale cannot happen. */
export function checkout(db: Db, body: CheckoutBody, ctx: CheckoutContext): CheckoutResult {
  const repo = salesRepo(db);
  // The shop's rules, read once (#27.4). Before the write lock (a bad request never takes it), and still the rules of
  // the sale: this connection is the only writer, and nothing runs between here and the commit (all synchronous).
  const { gstRate, pricesIncludeGst, cashRounding, requireOpenShift } = repo.moneyRules();
  const gstBps = rateToBps(gstRate);
  validateShape(body, gstBps);
  const hash = ctx.idempotencyKey ? requestHash(body) : null;
  const at = ctx.at ?? new Date();
  const createdAt = at.toISOString();
  const businessDate = localDate(at, ctx.timeZone);
  const cart = mergeLines(body.items);
  // #29: a plugin's items, their values checked before the write lock (a 400 naming the field, nothing written).
  const chargeList = chargeItems(body.items);
  checkCharges(db, chargeList);
  const invoiceDiscountBps = percentToBps(body.invoiceDiscount ?? 0);
  const invoiceDiscountAmountCents = toCents(body.invoiceDiscountAmount ?? 0);
  const discountReason = body.discountReason?.trim() || null;

  return writeTx(db, () => {
    if (ctx.idempotencyKey) {
      const earlier = repo.byIdempotencyKey(ctx.idempotencyKey);
      if (earlier) {
        // Another user's key: refused without a word about that sale (no number, no invoice).
        if (earlier.created_by !== ctx.userId) throw keyOfAnotherUser();
        if (earlier.request_hash !== hash) {
          throw conflict('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different sale');
        }
        const replayed = { invoiceId: earlier.id, number: earlier.number, customerId: earlier.customer_id };
        const extras = { ...recallCharges(db, repo, replayed, body.items), ...recallSaleRecorded(db, replayed) };
        return { invoiceId: earlier.id, number: earlier.number, replayed: true, extras };
      }
    }

    // The till priced the cart in the mode it was told at sign-in; a mode switched since would change the total.
    if (requireOpenShift && openShiftAt(db, ctx.till) === null) throw noOpenShift(ctx.till ?? null);
    if (body.pricesIncludeGst !== undefined && body.pricesIncludeGst !== pricesIncludeGst) throw pricingModeChanged(pricesIncludeGst);

    // Stages 1-2, price and adjust (the quote's own functions), then the totals: GST once on the discounted amount.
    const {
      lines: priced,
      shares,
      charges,
      totals,
    } = priceCart(
      db,
      cart,
      { invoiceDiscountBps, invoiceDiscountAmountCents },
      { taxRateBps: gstBps, pricesIncludeGst },
      { businessDate, customerId: body.customerId ?? null, carried: ctx.carriedDiscounts, charges: chargeList },
    );
    // Stage 3, approve: the staff limit, on what the cashier gave (not the shop's adjustments or carried prices).
    const approvedBy = approveDiscount(db, ctx, staffDiscount(priced, totals), discountReason);

    // The till shows the amount due with the cash rounding it believed in; a sale rung up under another rule is refused.
    if (body.cashRounding !== undefined && body.cashRounding !== cashRounding) throw settingsChanged();
    const customer = body.customerId ? repo.customer(body.customerId) : undefined;
    if (body.customerId && !customer) throw new AppError(404, 'NOT_FOUND', 'Customer not found', { field: 'customerId' });
    // Who the tax invoice names (a sale above $1,000.00 with nobody to name is refused below, after stock and credit).
    // The tax invoice covers the goods: untaxed charges (#29, a gift card) do not count towards its $1,000.00 limit.
    const billed = billedParty(customer, body.buyer, totals.grandTotalCents - (totals.chargesCents ?? 0));
    // Stage 4, tender: the payments planned against the total, the customer's credit checked.
    const tender = planPayments(db, body, {
      grandTotalCents: totals.grandTotalCents,
      customer,
      cashRounding,
      businessDate,
      timeZone: ctx.timeZone,
      creditNoteFirst: ctx.creditNoteFirst,
    });

    // Stages 5 and 6: the invoice's row (stock moves name it), the stock, its lines and their adjustment rows.
    const seq = repo.nextSeq(businessDate);
    const number = invoiceNumber(businessDate, seq);
    const newInvoice = invoiceHead({
      number,
      businessDate,
      seq,
      customer,
      walkInCompanyName: body.walkInCompanyName,
      billed,
      totals,
      invoiceDiscountBps,
      taxRateBps: gstBps,
      pricesIncludeGst,
      tender,
      idempotencyKey: ctx.idempotencyKey ?? null,
      requestHash: hash,
      userId: ctx.userId,
      createdAt,
      till: ctx.till ?? null,
      approvedBy,
      discountReason,
    });
    const invoiceId = repo.insertInvoice(newInvoice);
    if (billed.full || billed.uen) repo.setTaxInvoice(invoiceId, { customer_uen: billed.uen, full_tax_invoice: billed.full ? 1 : 0 });
    const stock = takeStock(db, priced, { invoiceId, number, userId: ctx.userId });
    const lines = writeLines(repo, invoiceId, priced, shares);
    // #29: the charges' rows, and each kind's own records (in this transaction).
    const extras = writeCharges(db, repo, { invoiceId, number, userId: ctx.userId, at }, charges);
    // After stock (409) so the cashier fixes the cart first; the throw rolls back everything written above.
    if (billed.missing) throw buyerNeeded(billed.missing);
    const username = ctx.username ?? null;
    const payments = writePayments(db, repo, { invoiceId, number }, tender.plan, {
      userId: ctx.userId,
      username,
      till: ctx.till ?? null,
      at,
      businessDate,
      clientIp: ctx.clientIp,
    });
    // paid_cents and payment_status are the payment trigger's to set: read back, not worked out twice.
    const paid = repo.paidState(invoiceId);
    const invoice: InvoiceRow = {
      ...newInvoice,
      id: invoiceId,
      paid_cents: paid.paid_cents,
      payment_status: paid.payment_status,
      void_reason: null,
      voided_at: null,
      voided_by: null,
      created_by_username: username,
      discount_approved_by_username: approvedBy === null ? null : (ctx.approver?.username ?? null),
    };
    // The sale as written to the plugins' saleRecorded hooks (#29): their rows, their refusal, their reply keys.
    const recorded = runSaleRecorded(db, recordedSale(invoice, lines, payments, tender.plan, at));
    const adjustments = [...adjustmentsOf(shares), ...chargeRows(charges)];
    return { invoiceId, number, replayed: false, extras: { ...extras, ...recorded }, written: { invoice, lines, adjustments, payments, stock } };
  });
}
