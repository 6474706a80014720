// A sale: the only writer of invoices from the till. One IMMEDIATE transaction runs the checkout pipeline's stages
// (../pipeline/index.ts: price, adjust, approve, tender, stock, persist) so a sale is all there or not there at all;
// the route runs the last stage (after commit) once the COMMIT is durable.
import { createHash } from 'node:crypto';
import type { Db } from '../../../core/db.js';
import { writeTx } from '../../../core/db.js';
import { AppError, badRequest, conflict } from '../../../core/errors.js';
import { formatMoney, percentToBps, rateToBps, toCents } from '../../../core/money.js';
import { addDays, localDate, startOfLocalDay } from '../../../core/clock.js';
import type { Role } from '../../../core/auth/users.js';
import { hooksOf } from '../../../core/plugin.js';
import { storedSubtotalCents } from '../pricing.js';
import { invoiceNumber } from '../numbering.js';
import { salesRepo, type AdjustmentRow, type InvoiceLineRow, type InvoiceRow, type NewInvoice, type PaymentRow } from '../repo.js';
import { adjustmentsOf, approveDiscount, mergeLines, priceCart, refuseTooManyUnits, staffDiscount, takeStock, writeLines } from '../pipeline/index.js';
import { planTender, type TillMethod } from '../tender.js';
import { billedParty, buyerNeeded } from '../billed-party.js';
import { buyerProblem } from '../tax-invoice.js';
import type { CheckoutBody } from '../schemas.js';
import { saleLedgerEntries } from '../ledger-entries.js';
import { openShiftAt, postEntries } from '../../ledger/api.js';

export const WALK_IN_NAME = 'Walk-in Customer';

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
        return { invoiceId: earlier.id, number: earlier.number, replayed: true };
      }
    }

    // The till priced the cart in the mode it was told at sign-in; a mode switched since would change the total.
    if (requireOpenShift && openShiftAt(db, ctx.till) === null) throw noOpenShift(ctx.till ?? null);
    if (body.pricesIncludeGst !== undefined && body.pricesIncludeGst !== pricesIncludeGst) throw pricingModeChanged(pricesIncludeGst);

    // Stages 1-2, price and adjust (the quote's own functions), then the totals: GST once on the discounted amount.
    const {
      lines: priced,
      shares,
      totals,
    } = priceCart(
      db,
      cart,
      { invoiceDiscountBps, invoiceDiscountAmountCents },
      { taxRateBps: gstBps, pricesIncludeGst },
      { businessDate, customerId: body.customerId ?? null, carried: ctx.carriedDiscounts },
    );
    // Stage 3, approve: the staff limit, on what the cashier gave (not the shop's adjustments or carried prices).
    const approvedBy = approveDiscount(db, ctx, staffDiscount(priced, totals), discountReason);

    // The till shows the amount due with the cash rounding it believed in; a sale rung up under another rule is refused.
    if (body.cashRounding !== undefined && body.cashRounding !== cashRounding) throw settingsChanged();
    const customer = body.customerId ? repo.customer(body.customerId) : undefined;
    if (body.customerId && !customer) throw new AppError(404, 'NOT_FOUND', 'Customer not found', { field: 'customerId' });
    // Who the tax invoice names (a sale above $1,000.00 with nobody to name is refused below, after stock and credit).
    const billed = billedParty(customer, body.buyer, totals.grandTotalCents);
    const tills: { method: TillMethod; amountCents: number; reference: string | null }[] = (body.payments ?? []).map((p) => ({
      method: p.method,
      amountCents: toCents(p.amount),
      reference: p.reference?.trim() || null,
    }));
    const first = ctx.creditNoteFirst;
    if (first) tills.push({ method: 'CREDIT_NOTE', amountCents: Math.min(first.upToCents, totals.grandTotalCents), reference: first.reference });
    const plan = planTender({
      payments: tills,
      tenderedCents: body.tendered === undefined || body.tendered === null ? null : toCents(body.tendered),
      grandTotalCents: totals.grandTotalCents,
      onAccount: Boolean(customer),
      cashRounding,
    });

    let dueDate: string | null = null;
    let overdueFrom: string | null = null;
    if (customer) {
      const available = customer.credit_limit_cents - customer.outstanding_cents;
      if (plan.creditCents > 0 && available < plan.creditCents) {
        throw conflict('INSUFFICIENT_CREDIT', `Insufficient credit. Available: ${formatMoney(available)}, Required: ${formatMoney(plan.creditCents)}`, {
          available: available / 100,
          required: plan.creditCents / 100,
        });
      }
      if (plan.creditCents > 0) {
        dueDate = addDays(businessDate, customer.credit_terms_days);
        overdueFrom = startOfLocalDay(addDays(dueDate, 1), ctx.timeZone).toISOString();
      }
    }

    const seq = repo.nextSeq(businessDate);
    const number = invoiceNumber(businessDate, seq);
    const walkInCompany = customer ? null : body.walkInCompanyName?.trim() || null;
    const billedFields = billed.buyer ? { customer_name: billed.buyer.name, customer_billing_address: billed.buyer.address } : {};
    const newInvoice: NewInvoice = {
      number,
      business_date: businessDate,
      seq,
      customer_id: customer?.id ?? null,
      customer_name: customer?.name ?? WALK_IN_NAME,
      customer_phone: customer?.phone ?? null,
      customer_email: customer?.email ?? null,
      customer_company: customer ? customer.company : walkInCompany,
      customer_billing_address: customer?.billing_address ?? null,
      walk_in_company_name: walkInCompany,
      subtotal_cents: storedSubtotalCents(totals),
      line_discount_cents: totals.lineDiscountCents,
      invoice_discount_bps: invoiceDiscountBps,
      invoice_discount_cents: totals.invoiceDiscountCents,
      discount_total_cents: totals.discountTotalCents,
      tax_rate_bps: gstBps,
      tax_total_cents: totals.taxCents,
      grand_total_cents: totals.grandTotalCents,
      // The payment trigger moves this on to PARTIAL/PAID as payments are recorded.
      payment_status: totals.grandTotalCents === 0 ? 'PAID' : 'UNPAID',
      payment_method: plan.paymentMethod,
      due_date: dueDate,
      overdue_from: overdueFrom,
      tendered_cents: plan.tenderedCents,
      change_cents: plan.changeCents,
      rounding_cents: plan.roundingCents,
      idempotency_key: ctx.idempotencyKey ?? null,
      request_hash: hash,
      created_by: ctx.userId,
      created_at: createdAt,
      till: ctx.till ?? null,
      discount_approved_by: approvedBy,
      discount_reason: totals.discountTotalCents > 0 ? discountReason : null,
      prices_include_gst: pricesIncludeGst ? 1 : 0,
      ...billedFields,
      // Written by setTaxInvoice below (not by the INSERT); here so the reply shows them.
      customer_uen: billed.uen,
      full_tax_invoice: billed.full ? 1 : 0,
    };
    const invoiceId = repo.insertInvoice(newInvoice);
    if (billed.full || billed.uen) repo.setTaxInvoice(invoiceId, { customer_uen: billed.uen, full_tax_invoice: billed.full ? 1 : 0 });

    // Stages 5 and 6: the stock moves name the invoice; then its lines and their adjustment rows.
    const stock = takeStock(db, priced, { invoiceId, number, userId: ctx.userId });
    const lines = writeLines(repo, invoiceId, priced, shares);
    // After stock (409) so the cashier fixes the cart first; the throw rolls back everything written above.
    if (billed.missing) throw buyerNeeded(billed.missing);
    const username = ctx.username ?? null;
    const payments: PaymentRow[] = plan.rows.map((r) => {
      if (r.method === 'CREDIT_NOTE') {
        // The note's owner writes the payment with its own rows (application, applied amount), in this transaction.
        const redeem = hooksOf(db).tenders.CREDIT_NOTE;
        if (!redeem) throw badRequest('Credit notes cannot be tendered here', `${r.field}.method`);
        const spent = redeem(db, {
          reference: r.reference!,
          amountCents: r.amountCents,
          invoiceId,
          field: r.field,
          userId: ctx.userId,
          at,
          clientIp: ctx.clientIp,
        });
        return {
          id: spent.paymentId,
          invoice_id: invoiceId,
          method: r.method,
          amount_cents: r.amountCents,
          reference: spent.reference,
          paid_at: createdAt,
          created_by: ctx.userId,
          customer_payment_id: null,
          created_by_username: username,
        };
      }
      const payment = {
        invoice_id: invoiceId,
        method: r.method,
        amount_cents: r.amountCents,
        reference: r.reference,
        paid_at: createdAt,
        created_by: ctx.userId,
        customer_payment_id: null,
        till: ctx.till ?? null,
      };
      return { id: repo.insertPayment(payment), ...payment, created_by_username: username };
    });
    postEntries(
      db,
      saleLedgerEntries({
        invoiceId,
        number,
        till: ctx.till ?? null,
        userId: ctx.userId,
        at: createdAt,
        businessDate,
        payments,
        roundingCents: plan.roundingCents,
        onAccountCents: plan.creditCents,
      }),
    );
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
    return { invoiceId, number, replayed: false, written: { invoice, lines, adjustments: adjustmentsOf(shares), payments, stock } };
  });
}
