// The Receive Stock modal's rules, kept pure for tests: quantities per line, the over-receiving check, the body.
import { MAX_QTY, parseQty, productName } from './order-rules.js';
import type { PurchaseOrderLine } from './types.js';

/** Units still expected on a line (never below 0, even after an over-delivery). */
export function outstanding(line: Pick<PurchaseOrderLine, 'qty_ordered' | 'qty_received'>): number {
  return Math.max(0, line.qty_ordered - line.qty_received);
}

/** The quantities the modal opens with: each line's outstanding units, by product id. */
export function initialQtys(lines: PurchaseOrderLine[]): Record<number, string> {
  return Object.fromEntries(lines.map((l) => [l.product_id, String(outstanding(l))]));
}

/** Why the delivery cannot be sent, or null when it can. */
export function receiveProblem(lines: PurchaseOrderLine[], qtys: Record<number, string>, allowOver: boolean): string | null {
  let units = 0;
  for (const l of lines) {
    const text = qtys[l.product_id] ?? '';
    if (text.trim() === '') continue;
    const qty = parseQty(text, 0);
    if (qty === null) return `Quantity of ${productName(l)} must be a whole number from 0 to ${MAX_QTY}`;
    if (qty > outstanding(l) && !allowOver) {
      return `Receiving ${qty} of ${productName(l)} is more than the ${outstanding(l)} still expected: tick "Allow receiving more than ordered" to accept the extra`;
    }
    units += qty;
  }
  return units === 0 ? 'Enter a quantity to receive on at least one line' : null;
}

/** The body of POST /api/purchase-orders/:id/receive: the non-zero lines. */
export function receiveBody(lines: PurchaseOrderLine[], qtys: Record<number, string>, allowOver: boolean) {
  const out = lines.map((l) => ({ product_id: l.product_id, qty: parseQty(qtys[l.product_id] ?? '', 0) ?? 0 })).filter((l) => l.qty > 0);
  return allowOver ? { lines: out, allow_over: true } : { lines: out };
}

/** The units a receive body books. */
export function unitsIn(body: { lines: { qty: number }[] }): number {
  return body.lines.reduce((sum, l) => sum + l.qty, 0);
}
