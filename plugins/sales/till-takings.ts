// What went through one till between two points in time, read by id range: a shift records the newest
// sales ids when it opens (and again when it closes), and every row above them stamped with its till is
// its own. Ids, not clocks: a payment dated in the past (a customer payment typed in with an earlier date)
// still lands in the drawer that took it, and two tills never share a row.
import type { Db } from '../../core/db.js';
import { perDb } from '../../core/repo-support.js';

/** The newest sales row ids at one moment (0 when a table is empty). */
export interface SalesMark {
  invoice: number;
  payment: number;
  refund: number;
}

/** Money by method: how many rows and how much, in cents. */
export interface MethodTotal {
  method: string;
  count: number;
  cents: number;
}

export interface TillTakings {
  /** Money received (sales, later invoice payments, customer payments), by method; credit notes are not money. */
  payments: MethodTotal[];
  /** Money paid back at voids, by method. */
  refunds: MethodTotal[];
  /**
   * Invoices rung up: how many, their grand total, their 5-cent cash rounding (signed; the cash payments already hold
   * the rounded cash), and how many and how much was put on customers' accounts (CREDIT).
   */
  invoices: { count: number; totalCents: number; roundingCents: number; creditCount: number; creditCents: number };
}

const statements = perDb((db: Db) => ({
  mark: db.prepare(`SELECT (SELECT ifnull(max(id), 0) FROM sales_invoice) AS invoice,
    (SELECT ifnull(max(id), 0) FROM sales_payment) AS payment, (SELECT ifnull(max(id), 0) FROM sales_refund) AS refund`),
  payments: db.prepare(`SELECT method, count(*) AS count, sum(amount_cents) AS cents FROM sales_payment
    WHERE till = @till AND id > @from AND id <= @to AND method <> 'CREDIT_NOTE' GROUP BY method ORDER BY method`),
  refunds: db.prepare(`SELECT method, count(*) AS count, sum(amount_cents) AS cents FROM sales_refund
    WHERE till = @till AND id > @from AND id <= @to GROUP BY method ORDER BY method`),
  invoices: db.prepare(`SELECT count(*) AS count, ifnull(sum(grand_total_cents), 0) AS totalCents, ifnull(sum(rounding_cents), 0) AS roundingCents,
    ifnull(sum(payment_method = 'CREDIT'), 0) AS creditCount,
    ifnull(sum(CASE WHEN payment_method = 'CREDIT' THEN grand_total_cents - ifnull((SELECT sum(p.amount_cents) FROM sales_payment p
      WHERE p.invoice_id = i.id AND p.customer_payment_id IS NULL AND p.paid_at = i.created_at), 0) ELSE 0 END), 0) AS creditCents
    FROM sales_invoice i WHERE till = @till AND id > @from AND id <= @to`),
}));

/** The newest sales ids now (call inside the caller's write transaction for an exact boundary). */
export function salesMark(db: Db): SalesMark {
  return statements(db).mark.get() as SalesMark;
}

/** What till `till` took after `from` and up to `to` (null: up to now). */
export function tillTakings(db: Db, till: string, from: SalesMark, to: SalesMark | null): TillTakings {
  const s = statements(db);
  const upTo = to ?? { invoice: Number.MAX_SAFE_INTEGER, payment: Number.MAX_SAFE_INTEGER, refund: Number.MAX_SAFE_INTEGER };
  return {
    payments: s.payments.all({ till, from: from.payment, to: upTo.payment }) as MethodTotal[],
    refunds: s.refunds.all({ till, from: from.refund, to: upTo.refund }) as MethodTotal[],
    invoices: s.invoices.get({ till, from: from.invoice, to: upTo.invoice }) as TillTakings['invoices'],
  };
}
