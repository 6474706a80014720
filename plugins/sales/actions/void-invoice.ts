// Voids an invoice: the goods go back on the shelf (VOID movements), the invoice stops counting in
// balances and sales figures, and every payment received on it is paid back as a refund row (by the
// method it came in) in the same transaction. The payments themselves stay on the day they were
// received; the refund is money out on the day of the void (end-of-day shows it, so the drawer balances).
// Refused when a void check says no: returns or credit notes touched it (the app's plugins declare
// the checks in their manifests; see void-checks.ts).
import type { Db } from '../../../core/db.js';
import type { VoidCheck } from '../../../core/plugin.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { moveStock } from '../../inventory/api.js';
import { salesRepo } from '../repo.js';
import { voidBlocker } from '../void-checks.js';

export interface VoidResult {
  /** What was paid back, by method (empty when nothing had been paid). */
  refunds: { method: string; amountCents: number }[];
}

/**
 * Voids invoice `id` with a reason; 404 unknown, 409 already void or blocked by one of `checks`
 * (the app's `pluginHooks.voidChecks`). `till` is where the money is handed back (X-Kedai-Till).
 */
export function voidInvoice(db: Db, checks: readonly VoidCheck[], id: number, reason: string, userId: number | null, at?: Date, till: string | null = null): VoidResult {
  const repo = salesRepo(db);
  const why = reason.trim();
  if (!why) throw badRequest('reason is required', 'reason');
  return writeTx(db, () => {
    const invoice = repo.get(id);
    if (!invoice) throw notFound('Invoice');
    if (invoice.payment_status === 'VOID') throw conflict('ALREADY_VOID', 'Invoice is already void');
    const blocked = voidBlocker(db, checks, id);
    if (blocked) throw conflict('VOID_BLOCKED', blocked);
    const now = at ? at.toISOString() : nowIso();
    for (const line of repo.lines(id)) {
      moveStock(db, { productId: line.product_id, delta: line.qty, reason: 'VOID', refType: 'invoice', refId: id, userId, note: `${invoice.number} void: ${why}` });
    }
    const refunds = repo.receivedByMethod(id).filter((r) => r.amount_cents > 0).map((r) => {
      repo.insertRefund({ invoice_id: id, method: r.method, amount_cents: r.amount_cents, reason: why, refunded_at: now, created_by: userId, till });
      return { method: r.method, amountCents: r.amount_cents };
    });
    if (!repo.markVoid(id, why, userId, now)) throw conflict('ALREADY_VOID', 'Invoice is already void');
    return { refunds };
  });
}
