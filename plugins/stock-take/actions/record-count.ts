// Records one product's count in an OPEN take. The expected quantity is snapshotted from the product's stock
// at this moment (and again at every later count of it), so sales during the count are not variance.
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { AppError, badRequest, conflict, notFound } from '../../../core/errors.js';
import { assertOpen } from './assert-open.js';
import type { LineRow, StockTakeRepo } from '../repo.js';
import type { CountInput } from '../schemas.js';

/** Sets (counted_qty) or adds to (add) a product's count; returns the line as stored. */
export function recordCount(db: Db, repo: StockTakeRepo, takeId: number, input: CountInput, userId: number | null): LineRow {
  const named = (['product_id', 'sku', 'barcode'] as const).filter((k) => input[k] !== undefined);
  if (named.length !== 1) throw badRequest('Give exactly one of product_id, sku or barcode', 'product_id');
  const qtys = (['counted_qty', 'add'] as const).filter((k) => input[k] !== undefined);
  if (qtys.length !== 1) throw badRequest('Give exactly one of counted_qty or add', 'counted_qty');
  if (input.add === 0) throw badRequest('add must not be 0', 'add');
  const field = named[0];
  return writeTx(db, () => {
    const take = repo.get(takeId);
    if (!take) throw notFound('Stock take');
    assertOpen(take);
    const product =
      input.product_id !== undefined ? repo.product(input.product_id) : repo.productByCode((input.barcode ?? input.sku)!.trim(), input.barcode !== undefined);
    if (!product || product.archived_at !== null) throw new AppError(404, 'NOT_FOUND', 'Product not found', { field });
    if (!repo.inScope(take, product.id)) {
      throw conflict('OUT_OF_SCOPE', `${product.item_name} is not in this stock take's scope`, { field, product_id: product.id });
    }
    const other = repo.otherOpenTake(product.id, takeId);
    if (other !== undefined) {
      throw conflict('COUNTED_ELSEWHERE', `${product.item_name} is already counted in open stock take #${other}`, { field, stock_take_id: other });
    }
    const before = repo.line(takeId, product.id);
    const counted = input.counted_qty ?? (before?.counted_qty ?? 0) + input.add!;
    if (counted < 0) throw badRequest(`The count of ${product.item_name} cannot go below 0`, 'add');
    if (counted > 1_000_000) throw badRequest('The count is too large', 'add');
    repo.upsertLine({ takeId, productId: product.id, expected: product.stock_qty, counted, cost: product.cost_cents, userId, now: nowIso() });
    return repo.line(takeId, product.id)!;
  });
}
