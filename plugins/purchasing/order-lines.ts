// The checks every order's lines pass, on create and on edit: one line per product, a product that exists and
// is not deleted, a total that fits. Each refusal is a 400 naming the line's field; nothing is written.
import type { Db } from '../../core/db.js';
import { badRequest } from '../../core/errors.js';
import { MAX_MONEY_CENTS, toCents } from '../../core/money.js';
import { getProductRow } from '../inventory/api.js';
import type { CreatePurchaseOrderBody } from './schemas.js';

export interface CheckedLine {
  product_id: number;
  qty_ordered: number;
  unit_cost_cents: number;
}

/** The lines in cents with the order's total; throws 400 for the first bad line. */
export function checkedOrderLines(db: Db, lines: CreatePurchaseOrderBody['lines']): { lines: CheckedLine[]; total: number } {
  const seen = new Set<number>();
  let total = 0;
  const checked = lines.map((l, i) => {
    const field = `lines[${i}].product_id`;
    if (seen.has(l.product_id)) throw badRequest(`Product ${l.product_id} is on the order twice: one line per product`, field);
    seen.add(l.product_id);
    const product = getProductRow(db, l.product_id);
    if (!product) throw badRequest(`Product ${l.product_id} does not exist`, field);
    if (product.archived_at) throw badRequest(`${product.item_name} was deleted and cannot be ordered`, field);
    const unitCost = toCents(l.unit_cost);
    total += l.qty * unitCost;
    if (total > MAX_MONEY_CENTS) throw badRequest('The order total is too large', `lines[${i}].qty`);
    return { product_id: l.product_id, qty_ordered: l.qty, unit_cost_cents: unitCost };
  });
  return { lines: checked, total };
}

/** An expected delivery date as stored: a real calendar date, or null for '' / null. */
export function checkedExpectedOn(value: string | null | undefined): string | null {
  if (value == null || value === '') return null;
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) throw badRequest(`${value} is not a date`, 'expected_on');
  return value;
}
