// Voids an invoice: the goods go back on the shelf (VOID movements), the invoice stops counting in
// balances and sales figures, and every payment received on it is paid back as a refund row (by the
// method it came in) in the same transaction. The payments themselves stay on the day they were
// received; the refund is money out on the day of the void (end-of-day shows it, so the drawer balances).
// Refused when a void check says no: returns or credit notes touched it (the app's plugins declare
// the checks in their manifests; see void-checks.ts). Plugins undo their own rows for it in `saleVoided` (#29).
import type { Db } from '../../../core/db.js';
import { hooksOf } from '../../../core/plugin.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { moveStock } from '../../inventory/api.js';
import { salesRepo } from '../repo.js';
import { voidBlocker } from '../void-checks.js';
import { localDate } from '../../../core/clock.js';
import { markVoided, payoutDrawer, postEntries } from '../../ledger/api.js';
import type { PaymentContext } from './record-customer-payment.js';

/** Who voids: the payment context, and the ADMIN who approved a cashier's void at the till (#26.4), if one had to. */
export interface VoidContext extends PaymentContext {
  approvedBy?: number | null;
}

export interface VoidResult {
  /** What was paid back, by method (empty when nothing had been paid). */
  refunds: { method: string; amountCents: number }[];
}

/**
 * Voids invoice `id` with a reason; 404 unknown, 409 already void or blocked by one of the app's void checks
 * (manifests' `voidChecks`, read from the app context: hooksOf). `ctx.till` is where the request comes from (X-Kedai-Till): the money is
 * paid from its drawer when it has an open shift, else from the shift that took it while open, else the back office.
 */
export function voidInvoice(db: Db, id: number, reason: string, ctx: VoidContext): VoidResult {
  const { userId, at } = ctx;
  const repo = salesRepo(db);
  const why = reason.trim();
  if (!why) throw badRequest('reason is required', 'reason');
  return writeTx(db, () => {
    const invoice = repo.get(id);
    if (!invoice) throw notFound('Invoice');
    if (invoice.payment_status === 'VOID') throw conflict('ALREADY_VOID', 'Invoice is already void');
    const blocked = voidBlocker(db, hooksOf(db).voidChecks, id);
    if (blocked) throw conflict('VOID_BLOCKED', blocked);
    const now = at ? at.toISOString() : nowIso();
    for (const line of repo.lines(id)) {
      moveStock(db, {
        productId: line.product_id,
        delta: line.qty,
        reason: 'VOID',
        refType: 'invoice',
        refId: id,
        userId,
        note: `${invoice.number} void: ${why}`,
      });
    }
    const from = payoutDrawer(db, id, ctx.till ?? null);
    const businessDate = localDate(new Date(now), ctx.timeZone);
    const refunds = repo
      .receivedByMethod(id)
      .filter((r) => r.amount_cents > 0)
      .map((r) => {
        repo.insertRefund({
          invoice_id: id,
          method: r.method,
          amount_cents: r.amount_cents,
          reason: why,
          refunded_at: now,
          created_by: userId,
          till: from.till,
        });
        return { method: r.method, amountCents: r.amount_cents };
      });
    // The void gives back what the invoice holds: the money by method, and what was still owed (off the account).
    const owed = invoice.grand_total_cents - invoice.paid_cents;
    postEntries(
      db,
      [...refunds.map((r) => ({ method: r.method, amountCents: -r.amountCents })), { method: 'CREDIT' as const, amountCents: -owed }].map((r) => ({
        ...r,
        kind: 'VOID_REFUND' as const,
        ...from,
        invoiceId: id,
        userId,
        at: now,
        businessDate,
        reference: why,
      })),
    );
    markVoided(db, id, now, businessDate);
    if (!repo.markVoid(id, why, userId, now, ctx.approvedBy ?? null)) throw conflict('ALREADY_VOID', 'Invoice is already void');
    // #29: plugins undo their rows for the sale (points it earned, a card it issued and nobody spent); a throw undoes the void.
    const voided = { invoiceId: id, number: invoice.number, customerId: invoice.customer_id, grandTotalCents: invoice.grand_total_cents };
    for (const hook of hooksOf(db).saleVoided) hook(db, { ...voided, refunds, reason: why, userId, at: new Date(now) });
    return { refunds };
  });
}
