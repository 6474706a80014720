// Opens a stock take over a scope (category, brand, style; none = the whole shop).
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { badRequest } from '../../../core/errors.js';
import type { StockTakeRepo } from '../repo.js';
import type { StockTakeCreate } from '../schemas.js';

const clean = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** Creates an OPEN take; returns its id. An unknown style is a 400 naming scope.style_id. */
export function openTake(db: Db, repo: StockTakeRepo, input: StockTakeCreate, userId: number | null): number {
  const scope = input.scope ?? {};
  const styleId = scope.style_id ?? null;
  return writeTx(db, () => {
    if (styleId !== null && db.prepare('SELECT 1 FROM inventory_product WHERE style_id = ? LIMIT 1').pluck().get(styleId) !== 1) {
      throw badRequest('scope.style_id: no such style', 'scope.style_id');
    }
    return repo.insert({ category: clean(scope.category), brand: clean(scope.brand), styleId, note: clean(input.note), userId, now: nowIso() });
  });
}
