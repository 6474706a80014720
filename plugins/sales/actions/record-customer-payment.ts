// A customer settles their account: one customer payment, spread over their open invoices oldest first
// (each becomes PARTIAL or PAID), all in one transaction.
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { conflict, notFound } from '../../../core/errors.js';
import { salesRepo } from '../repo.js';
import type { PaymentBody } from '../schemas.js';
import { localDate } from '../../../core/clock.js';
import { postEntries } from '../../ledger/api.js';
import { EXCEEDS_OUTSTANDING, paymentCents } from './record-invoice-payment.js';

export interface CustomerPaymentResult {
  paymentId: number;
  customerId: number;
  method: PaymentBody['method'];
  amountCents: number;
  reference: string | null;
  paidAt: string;
  allocations: { invoice_id: number; number: string; amountCents: number }[];
  outstandingCents: number;
}

/** Who records a payment, when, where (X-Kedai-Till) and in which time zone (the ledger's business date). */
export interface PaymentContext {
  userId: number | null;
  timeZone: string;
  at?: Date;
  till?: string | null;
}

/** Records a customer payment and allocates it; 400 for amount <= 0, 409 above the balance. */
export function recordCustomerPayment(db: Db, customerId: number, body: PaymentBody, ctx: PaymentContext): CustomerPaymentResult {
  const { userId, at = new Date(), till = null } = ctx;
  const repo = salesRepo(db);
  const amount = paymentCents(body.amount);
  const reference = body.reference?.trim() || null;
  const paidAt = at.toISOString();
  return writeTx(db, () => {
    const customer = repo.customer(customerId);
    if (!customer) throw notFound('Customer');
    if (amount > customer.outstanding_cents) throw conflict('AMOUNT_TOO_LARGE', EXCEEDS_OUTSTANDING);
    const paymentId = repo.insertCustomerPayment({
      customer_id: customerId,
      method: body.method,
      amount_cents: amount,
      reference,
      paid_at: paidAt,
      created_by: userId,
      created_at: nowIso(),
      till,
    });
    const allocations: CustomerPaymentResult['allocations'] = [];
    let left = amount;
    for (const invoice of repo.openInvoices(customerId)) {
      if (left === 0) break;
      const part = Math.min(left, invoice.grand_total_cents - invoice.paid_cents);
      if (part <= 0) continue;
      repo.insertPayment({
        invoice_id: invoice.id,
        method: body.method,
        amount_cents: part,
        reference,
        paid_at: paidAt,
        created_by: userId,
        customer_payment_id: paymentId,
        till,
      });
      allocations.push({ invoice_id: invoice.id, number: invoice.number, amountCents: part });
      postEntries(db, [
        {
          kind: 'CUSTOMER_PAYMENT',
          method: body.method,
          amountCents: part,
          till,
          invoiceId: invoice.id,
          userId,
          at: paidAt,
          businessDate: localDate(at, ctx.timeZone),
          reference: reference ?? invoice.number,
        },
      ]);
      left -= part;
    }
    const after = repo.customer(customerId)!;
    return {
      paymentId,
      customerId,
      method: body.method,
      amountCents: amount,
      reference,
      paidAt,
      allocations,
      outstandingCents: after.outstanding_cents,
    };
  });
}
