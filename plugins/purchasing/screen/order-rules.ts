// The purchase order rules the screens share, kept pure for tests: statuses and their badges, the New Purchase
// Order form's lines (validation, totals in cents, the request body).
import { PLAIN_AMOUNT, MAX_MONEY_CENTS, formatMoney, toCents } from '../../../core/money.js';
import type { Product, PurchaseOrderStatus } from './types.js';

/** The status filter's choices (its empty choice reads 'All'). */
export const STATUS_OPTIONS: PurchaseOrderStatus[] = ['OPEN', 'PARTIAL', 'RECEIVED', 'CANCELLED'];

const BADGES: Record<PurchaseOrderStatus, string> = {
  OPEN: 'badge badge-blue',
  PARTIAL: 'badge badge-yellow',
  RECEIVED: 'badge badge-green',
  CANCELLED: 'badge badge-red',
};

/** The badge class of a status. */
export function statusBadgeClass(status: PurchaseOrderStatus): string {
  return BADGES[status] ?? 'badge';
}

/** Goods can still arrive on an order that is OPEN or PARTIAL (receiving and cancelling are allowed). */
export function isOpen(status: PurchaseOrderStatus): boolean {
  return status === 'OPEN' || status === 'PARTIAL';
}

/** The most units on one line (MAX_LINE_QTY in ../schemas.ts). */
export const MAX_QTY = 100_000;

/** A line of the New Purchase Order form: the product and what was typed. */
export interface DraftLine {
  product: Pick<Product, 'id' | 'item_name' | 'size' | 'sku' | 'cost'>;
  qty: string;
  unitCost: string;
}

/** A new line for a product: 1 unit at the product's cost. */
export function draftLine(product: DraftLine['product']): DraftLine {
  return { product, qty: '1', unitCost: product.cost.toFixed(2) };
}

/** "Desert Boot (UK 8)": how a product is named in lines and labels. */
export function productName(p: { item_name: string; size: string | null }): string {
  return p.size ? `${p.item_name} (${p.size})` : p.item_name;
}

/** The typed quantity as a whole number 1..MAX_QTY, or null. */
export function parseQty(text: string, min = 1): number | null {
  if (!/^\d{1,7}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= min && n <= MAX_QTY ? n : null;
}

/** The typed unit cost in cents, or null when it is not a plain amount with at most 2 decimals. */
export function parseCost(text: string): number | null {
  const t = text.trim();
  if (!PLAIN_AMOUNT.test(t)) return null;
  const c = toCents(Number(t));
  return c <= MAX_MONEY_CENTS ? c : null;
}

/** A line's total in cents (0 while its inputs are not valid). */
export function lineTotalCents(line: DraftLine): number {
  const qty = parseQty(line.qty);
  const cost = parseCost(line.unitCost);
  return qty === null || cost === null ? 0 : qty * cost;
}

/** The order's total in cents (the valid lines). */
export function orderTotalCents(lines: DraftLine[]): number {
  return lines.reduce((sum, l) => sum + lineTotalCents(l), 0);
}

/** Why the order cannot be sent, or null when it can. */
export function orderProblem(supplierId: string, lines: DraftLine[]): string | null {
  if (!supplierId) return 'Please select a supplier';
  if (lines.length === 0) return 'Add at least one product to the order';
  for (const l of lines) {
    if (parseQty(l.qty) === null) return `Quantity of ${productName(l.product)} must be a whole number from 1 to ${MAX_QTY}`;
    if (parseCost(l.unitCost) === null) return `Unit cost of ${productName(l.product)} must be an amount of at least 0 with at most 2 decimals`;
  }
  if (orderTotalCents(lines) > MAX_MONEY_CENTS) return `The order total must be at most ${formatMoney(MAX_MONEY_CENTS)}`;
  return null;
}

/** The body of POST /api/purchase-orders. */
export function orderBody(supplierId: string, lines: DraftLine[], notes: string) {
  return {
    supplier_id: Number(supplierId),
    lines: lines.map((l) => ({ product_id: l.product.id, qty: parseQty(l.qty)!, unit_cost: parseCost(l.unitCost)! / 100 })),
    ...(notes.trim() ? { notes: notes.trim() } : {}),
  };
}
