// Part of stage 6, persist: the planned payments written (a tender another plugin owns, a credit note, is spent
// by that plugin's manifest `tenders`, read from the app context, in this same transaction) and the sale's
// at-sale ledger rows posted from them: every cent in is one ledger row.
import type { Db } from '../../../core/db.js';
import { badRequest } from '../../../core/errors.js';
import { hooksOf } from '../../../core/plugin.js';
import { postEntries } from '../../ledger/api.js';
import { saleLedgerEntries } from '../ledger-entries.js';
import type { PaymentRow, SalesRepo } from '../repo.js';
import type { TenderPlan } from '../tender.js';

export interface PaymentWriter {
  userId: number | null;
  username: string | null;
  till: string | null;
  at: Date;
  businessDate: string;
  /** The till's address: a tender's owner counts failed look-ups of its references per address (#25). */
  clientIp?: string;
}

export function writePayments(db: Db, repo: SalesRepo, sale: { invoiceId: number; number: string }, plan: TenderPlan, who: PaymentWriter): PaymentRow[] {
  const { invoiceId } = sale;
  const paidAt = who.at.toISOString();
  const payments: PaymentRow[] = plan.rows.map((r) => {
    const base = { invoice_id: invoiceId, method: r.method, amount_cents: r.amountCents, paid_at: paidAt, created_by: who.userId, customer_payment_id: null };
    if (r.method === 'CREDIT_NOTE') {
      // The note's owner writes the payment with its own rows (application, applied amount), in this transaction.
      const redeem = hooksOf(db).tenders.CREDIT_NOTE;
      if (!redeem) throw badRequest('Credit notes cannot be tendered here', `${r.field}.method`);
      const spent = redeem(db, {
        reference: r.reference!,
        amountCents: r.amountCents,
        invoiceId,
        field: r.field,
        userId: who.userId,
        at: who.at,
        clientIp: who.clientIp,
      });
      return { id: spent.paymentId, ...base, reference: spent.reference, created_by_username: who.username };
    }
    const payment = { ...base, reference: r.reference, till: who.till };
    return { id: repo.insertPayment(payment), ...payment, created_by_username: who.username };
  });
  postEntries(
    db,
    saleLedgerEntries({
      invoiceId,
      number: sale.number,
      till: who.till,
      userId: who.userId,
      at: paidAt,
      businessDate: who.businessDate,
      payments,
      roundingCents: plan.roundingCents,
      onAccountCents: plan.creditCents,
    }),
  );
  return payments;
}
