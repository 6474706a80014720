// Part of stage 6, persist: the planned payments written (a tender another plugin owns, a credit note or a gift card,
// is spent by that plugin's manifest `tenders`, read from the app context, in this same transaction: the owner writes
// its own rows, sales the payment) and the sale's at-sale ledger rows posted from them: every cent in is one ledger row.
import type { Db } from '../../../core/db.js';
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
    const write = (reference: string | null) => {
      const payment = { ...base, reference, till: who.till };
      return { id: repo.insertPayment(payment), ...payment, created_by_username: who.username };
    };
    const redeem = hooksOf(db).tenders[r.method];
    if (!redeem) return write(r.reference);
    // A plugin's tender (a credit note, a gift card): its owner spends it, writing only its own rows, and has sales
    // write the payment through recordPayment, once (#29: one rule for every tender).
    let written: PaymentRow | null = null;
    redeem(db, {
      method: r.method,
      reference: r.reference,
      amountCents: r.amountCents,
      invoiceId,
      field: r.field,
      userId: who.userId,
      at: who.at,
      clientIp: who.clientIp,
      recordPayment: (reference) => {
        if (written) throw new Error(`The ${r.method} tender recorded its payment twice`);
        written = write(reference);
        return written.id;
      },
    });
    if (!written) throw new Error(`The ${r.method} tender did not record its payment`);
    return written;
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
