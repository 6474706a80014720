// A payment received later against one invoice (ADMIN): settles it partly (PARTIAL) or fully (PAID).
import type { Db } from '../../../core/db.js';
import { writeTx } from '../../../core/db.js';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { toCents } from '../../../core/money.js';
import { salesRepo } from '../repo.js';
import type { PaymentBody } from '../schemas.js';
import { localDate } from '../../../core/clock.js';
import { postEntries } from '../../ledger/api.js';
import type { PaymentContext } from './record-customer-payment.js';

export const INVALID_AMOUNT = 'Please enter a valid payment amount';
export const EXCEEDS_OUTSTANDING = 'Payment amount cannot exceed outstanding balance';

/** Checks a payment amount is above zero and returns it in cents. */
export function paymentCents(amount: number): number {
  const c = toCents(amount);
  if (c <= 0) throw badRequest(INVALID_AMOUNT, 'amount');
  return c;
}

/** Records a payment on invoice `id`; 409 above the outstanding amount or on a VOID invoice. */
export function recordInvoicePayment(db: Db, id: number, body: PaymentBody, ctx: PaymentContext): number {
  const { userId, at = new Date(), till = null } = ctx;
  const repo = salesRepo(db);
  const amount = paymentCents(body.amount);
  return writeTx(db, () => {
    const invoice = repo.get(id);
    if (!invoice) throw notFound('Invoice');
    if (invoice.payment_status === 'VOID') throw conflict('INVOICE_VOID', 'Cannot record a payment on a void invoice');
    if (amount > invoice.grand_total_cents - invoice.paid_cents) throw conflict('AMOUNT_TOO_LARGE', EXCEEDS_OUTSTANDING);
    const reference = body.reference?.trim() || null;
    postEntries(db, [
      {
        kind: 'CUSTOMER_PAYMENT',
        method: body.method,
        amountCents: amount,
        till,
        invoiceId: id,
        userId,
        at: at.toISOString(),
        businessDate: localDate(at, ctx.timeZone),
        reference: reference ?? invoice.number,
      },
    ]);
    return repo.insertPayment({
      invoice_id: id,
      method: body.method,
      amount_cents: amount,
      reference,
      paid_at: at.toISOString(),
      created_by: userId,
      customer_payment_id: null,
      till,
    });
  });
}
