// Edits an OPEN order nothing has been received on: its lines (replaced as sent), expected date and notes, in ONE
// transaction with a history row saying who changed what (old -> new). Once goods arrived, or once the order is
// no longer OPEN, it is 409 PURCHASE_ORDER_LOCKED: receipts and labels refer to the lines as they were.
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { getProductRow } from '../../inventory/api.js';
import { itemLabel, orderChanges } from '../order-changes.js';
import { checkedExpectedOn, checkedOrderLines } from '../order-lines.js';
import { purchasingRepo } from '../repo.js';
import type { UpdatePurchaseOrderBody } from '../schemas.js';

const STATUS_WORDS = { PARTIAL: 'partly received', RECEIVED: 'received', CANCELLED: 'cancelled' } as const;

/** Saves the edit; returns how many changes were recorded (0: nothing differed, no history row). */
export function updatePurchaseOrder(db: Db, orderId: number, body: UpdatePurchaseOrderBody, ctx: { userId: number }): number {
  const repo = purchasingRepo(db);
  if (body.lines === undefined && body.expected_on === undefined && body.notes === undefined) {
    throw badRequest('Send lines, expected_on or notes to change', 'lines');
  }
  return writeTx(db, () => {
    const order = repo.getOrder(orderId);
    if (!order) throw notFound('Purchase order');
    if (order.status !== 'OPEN') {
      throw conflict('PURCHASE_ORDER_LOCKED', `Purchase order ${order.number} is ${STATUS_WORDS[order.status]}: only an open order can be changed`, {
        status: order.status,
      });
    }
    if (repo.receipts(orderId).length > 0 || order.qty_received > 0) {
      throw conflict('PURCHASE_ORDER_LOCKED', `Goods were received on ${order.number}: it can no longer be changed`, { status: order.status });
    }
    const before = repo.lines(orderId);
    const checked = body.lines ? checkedOrderLines(db, body.lines) : null;
    const notes = body.notes === undefined ? order.notes : body.notes?.trim() || null;
    const expectedOn = body.expected_on === undefined ? order.expected_on : checkedExpectedOn(body.expected_on);
    const labelOf = (id: number) => {
      const p = getProductRow(db, id);
      return p ? itemLabel(p) : `Product ${id}`;
    };
    const changes = orderChanges(
      { notes: order.notes, expected_on: order.expected_on, lines: before },
      { notes, expected_on: expectedOn, lines: checked?.lines ?? null },
      labelOf,
    );
    if (changes.length === 0) return 0;
    const now = nowIso();
    if (checked) {
      // Kept lines are updated in place (their ids stay), the others deleted or added: nothing refers to them yet.
      const next = new Map(checked.lines.map((l) => [l.product_id, l]));
      for (const old of before) {
        const l = next.get(old.product_id);
        if (!l) repo.deleteLine(old.id);
        else if (l.qty_ordered !== old.qty_ordered || l.unit_cost_cents !== old.unit_cost_cents) repo.updateLine(old.id, l.qty_ordered, l.unit_cost_cents);
      }
      const had = new Set(before.map((l) => l.product_id));
      for (const l of checked.lines) if (!had.has(l.product_id)) repo.insertLine({ order_id: orderId, ...l });
    }
    repo.updateHeader({ id: orderId, notes, expected_on: expectedOn, total_cents: checked ? checked.total : order.total_cents, now });
    repo.insertHistory({ order_id: orderId, changed_by: ctx.userId, changed_at: now, changes: JSON.stringify(changes) });
    return changes.length;
  });
}
