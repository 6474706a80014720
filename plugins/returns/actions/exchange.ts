// An exchange in ONE transaction: the goods come back (the return, stock back), their refund becomes a
// credit note, and the new sale is rung up paid first by that note. Costs more: the sale's own payments pay
// the rest. Costs less: the balance stays on the note (ACTIVE) or is paid back in money (a sales refund on the
// original invoice, and the note is spent). Any failure (stock, credit, payments) writes nothing at all.
import type { Db } from '../../../core/db.js';
import { writeTx } from '../../../core/db.js';
import { badRequest } from '../../../core/errors.js';
import type { Role } from '../../../core/auth/users.js';
import { creditNoteReply, payOutCreditNote } from '../../credit-notes/api.js';
import { checkout, invoiceRow, saleByIdempotencyKey, type CheckoutBody, type CheckoutResult } from '../../sales/api.js';
import { conflict } from '../../../core/errors.js';
import { returnsRepo } from '../repo.js';
import { carryFor } from './exchange-quote.js';
import { createReturn, payBack, splitRefund, REFUND_METHODS, type MoneyRefundResult, type RefundMethod, type ReturnInput } from './create-return.js';

export interface ExchangeInput extends ReturnInput {
  /** The new sale, exactly as POST /api/checkout takes it (its payments pay what the note does not). */
  sale: CheckoutBody;
}

export interface ExchangeContext {
  userId: number | null;
  username?: string | null;
  role?: Role;
  approver?: { id: number; username: string } | null;
  timeZone: string;
  till?: string | null;
  at?: Date;
  /** The till's Idempotency-Key: stored on the new sale; a retry with it is refused before anything is written (409
   * EXCHANGE_ALREADY_RECORDED naming the user's own sale; another user's key: 409 IDEMPOTENCY_KEY_REUSED naming nothing). */
  idempotencyKey?: string;
  /** The refund policy's approver (refund-policy.ts), recorded on the return rows. */
  refundApprovedBy?: number | null;
}

export interface ExchangeResult {
  returnIds: string[];
  creditNoteId: number;
  sale: CheckoutResult;
  /** The goods brought back (GST included). */
  returnedCents: number;
  /** The discount carried to the new pairs from the pairs they replace (cents, all lines). */
  carriedCents: number;
  /** What the note paid of the new sale. */
  appliedCents: number;
  /** The new sale's total minus the goods brought back: > 0 paid by the sale's payments, < 0 refunded. */
  differenceCents: number;
  /** How a negative difference went back: CREDIT_NOTE (left on the note) or money. */
  refundMethod: RefundMethod;
  refund: MoneyRefundResult | null;
}

/** Runs an exchange; 400/404/409 from the return, the checkout or the refund, and nothing written on failure. */
export function exchange(db: Db, body: ExchangeInput, ctx: ExchangeContext): ExchangeResult {
  const method = (body.refund_method ?? 'CREDIT_NOTE') as RefundMethod;
  if (!REFUND_METHODS.includes(method)) throw badRequest(`refund_method must be one of: ${REFUND_METHODS.join(', ')}`, 'refund_method');
  const reference = body.refund_reference?.trim() || null;
  if ((method === 'NETS' || method === 'PAYNOW') && !reference)
    throw badRequest(`A ${method === 'NETS' ? 'NETS' : 'PayNow'} refund needs its transaction reference`, 'refund_reference');
  if (body.sale.items.length === 0) throw badRequest('Cart is empty', 'sale.items');
  const at = ctx.at ?? new Date();

  return writeTx(db, () => {
    // A retry after a lost answer must not take the goods back twice: the key names the sale already made (the
    // user's own; another user's key is refused without naming theirs).
    const earlier = ctx.idempotencyKey ? saleByIdempotencyKey(db, ctx.idempotencyKey, ctx.userId) : undefined;
    if (earlier)
      throw conflict('EXCHANGE_ALREADY_RECORDED', `This exchange was already recorded as ${earlier.number}`, { invoiceId: earlier.id, number: earlier.number });
    // The goods come back first, so the new sale may take the same product (another size, or the same one).
    const ret = createReturn(
      db,
      { invoice_id: body.invoice_id, items: body.items, notes: body.notes, receipt: body.receipt },
      {
        userId: ctx.userId,
        timeZone: ctx.timeZone,
        at,
        till: ctx.till,
        approvedBy: ctx.refundApprovedBy,
      },
    );
    // Goods a plugin tender paid for in full (a gift card, points): their value went back on that tender, so no note
    // carries it to the new pair. The till takes them back as a return and rings the new pair paid with the tender.
    if (ret.creditNoteId === null) throw tenderPaidExchange(ret.tenderRefunds.map((t) => t.method));
    const creditNoteId = ret.creditNoteId;
    const original = invoiceRow(db, Number(body.invoice_id))!;
    const issued = creditNoteReply(db, creditNoteId);
    const noteNumber = issued.number;
    // The note pays by its redemption code, as any holder's would (a walk-in's note no longer spends by number, #25).
    // A customer's note pays only that customer's sales: the new sale is theirs unless the till says otherwise.
    const saleBody: CheckoutBody =
      body.sale.customerId === undefined && original.customer_id !== null ? { ...body.sale, customerId: original.customer_id } : body.sale;
    // A pair of the same style at the same list price costs what the pair it replaces was refunded (#26.3).
    const { carried } = carryFor(db, ret.items, saleBody);
    const sale = checkout(db, saleBody, {
      userId: ctx.userId,
      username: ctx.username,
      role: ctx.role,
      approver: ctx.approver,
      timeZone: ctx.timeZone,
      at,
      till: ctx.till,
      creditNoteFirst: { reference: issued.redemption_code ?? noteNumber, upToCents: ret.noteAvailableCents },
      idempotencyKey: ctx.idempotencyKey,
      carriedDiscounts: carried,
    });
    // The new sale's receipt lists the pairs that came back (returns' receiptSections hook).
    const repo = returnsRepo(db);
    for (const id of ret.returnIds) repo.markExchanged(id, sale.invoiceId);
    const saleTotal = sale.written!.invoice.grand_total_cents;
    const appliedCents = Math.min(ret.noteAvailableCents, saleTotal);
    const balance = ret.noteAvailableCents - appliedCents;
    let refund: MoneyRefundResult | null = null;
    // Money back only up to what the original invoice took in money; the rest stays on the note (docs/money.md).
    const money = balance > 0 && method !== 'CREDIT_NOTE' ? splitRefund(db, invoiceRow(db, original.id)!, balance, method).moneyCents : 0;
    if (money > 0 && method !== 'CREDIT_NOTE') {
      refund = payBack(db, {
        invoiceId: original.id,
        method,
        reference,
        amountCents: money,
        userId: ctx.userId,
        at,
        till: ctx.till ?? null,
        timeZone: ctx.timeZone,
        reason: `Exchange: balance of ${noteNumber} (new sale ${sale.number})`,
      });
      payOutCreditNote(db, creditNoteId, money, method, {
        userId: ctx.userId,
        at: at.toISOString(),
        businessDate: sale.written!.invoice.business_date,
        till: ctx.till ?? null,
      });
    }
    return {
      returnIds: ret.returnIds,
      creditNoteId,
      sale,
      returnedCents: ret.refundCents,
      appliedCents,
      carriedCents: [...carried.values()].reduce((s, c) => s + c, 0),
      differenceCents: saleTotal - ret.refundCents,
      refundMethod: method,
      refund,
    };
  });
}

/** 409 for an exchange whose returned goods a plugin tender paid in full (the return would leave no note to carry). */
function tenderPaidExchange(methods: string[]) {
  const paid = [...new Set(methods)].join(', ') || 'a tender';
  return conflict(
    'EXCHANGE_PAID_BY_TENDER',
    `These pairs were paid by ${paid}: take them back as a return (the value goes back there), then ring up the new pair and pay with it`,
    { field: 'items' },
  );
}
