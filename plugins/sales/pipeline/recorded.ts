// Part of stage 6, persist (#29): the sale as written handed to the manifests' `saleRecorded` hooks (read from the
// app context), last in the sale's transaction: a hook writes its own rows (loyalty points earned and spent) or
// throws a 4xx AppError to refuse, which rolls the whole sale back. What a hook returns is the checkout reply's
// `replyKey`; a replayed checkout asks the hook's `recall` instead (record never runs twice for one sale).
import type { Db } from '../../../core/db.js';
import { hooksOf, type RecordedSale, type ReplayedSale } from '../../../core/plugin.js';
import type { InvoiceLineRow, InvoiceRow, PaymentRow } from '../repo.js';
import type { TenderPlan } from '../tender.js';

/** What the hooks gave, by reply key. */
export type SaleExtras = Record<string, unknown>;

/** The sale as the hooks see it, from the rows checkout just wrote. */
export function recordedSale(
  invoice: InvoiceRow,
  lines: readonly InvoiceLineRow[],
  payments: readonly PaymentRow[],
  plan: Pick<TenderPlan, 'creditCents' | 'roundingCents'>,
  at: Date,
): RecordedSale {
  const paidByMethod: Record<string, number> = {};
  for (const p of payments) paidByMethod[p.method] = (paidByMethod[p.method] ?? 0) + p.amount_cents;
  return {
    invoiceId: invoice.id,
    number: invoice.number,
    customerId: invoice.customer_id,
    businessDate: invoice.business_date,
    till: invoice.till ?? null,
    grandTotalCents: invoice.grand_total_cents,
    chargesCents: invoice.charges_cents ?? 0,
    taxCents: invoice.tax_total_cents,
    lines: lines.map((l) => ({ lineId: l.id, productId: l.product_id, qty: l.qty, lineTotalCents: l.line_total_cents })),
    payments: payments.map((p) => ({ id: p.id, method: p.method, reference: p.reference, amountCents: p.amount_cents })),
    paidByMethod,
    onAccountCents: plan.creditCents,
    roundingCents: plan.roundingCents,
    userId: invoice.created_by,
    at,
  };
}

/** Runs every `saleRecorded` hook in plugin order; returns what they gave by reply key. */
export function runSaleRecorded(db: Db, sale: RecordedSale): SaleExtras {
  const extras: SaleExtras = {};
  for (const hook of hooksOf(db).saleRecorded) {
    const out = hook.record(db, sale);
    if (hook.replyKey && out !== undefined) extras[hook.replyKey] = out;
  }
  return extras;
}

/** A replayed checkout's reply keys: each hook's `recall` for the sale first written. */
export function recallSaleRecorded(db: Db, sale: ReplayedSale): SaleExtras {
  const extras: SaleExtras = {};
  for (const hook of hooksOf(db).saleRecorded) {
    if (!hook.replyKey || !hook.recall) continue;
    const out = hook.recall(db, sale);
    if (out !== undefined) extras[hook.replyKey] = out;
  }
  return extras;
}
