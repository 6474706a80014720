// Creates a product (a style of one) and records its opening stock as an INITIAL movement, in one transaction.
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { conflict } from '../../../core/errors.js';
import { rateToBps } from '../../../core/money.js';
import { getSettings } from '../../../core/settings.js';
import { productValues } from '../product-values.js';
import type { InventoryRepo } from '../repo.js';
import type { ProductCreate } from '../schemas.js';
import { moveStock } from '../stock.js';

/** Adds a product (tax defaults to the shop's GST rate); 409 when its SKU is already used by a live product. Returns the new id. */
export function createProduct(db: Db, repo: InventoryRepo, input: ProductCreate, userId: number | null): number {
  const values = productValues(input, undefined, rateToBps(getSettings(db).gst_rate));
  return writeTx(db, () => {
    if (values.sku && repo.skuTaken(values.sku)) throw conflict('DUPLICATE_SKU', `SKU ${values.sku} already exists`, { field: 'sku' });
    if (values.barcode && repo.barcodeTaken(values.barcode))
      throw conflict('DUPLICATE_BARCODE', `Barcode ${values.barcode} already exists`, { field: 'barcode' });
    // No style_id: a single product is a style of one (sizes can be added to it later through the style).
    const id = repo.insert({ ...values, style_id: null }, nowIso());
    const stock = input.stock_qty ?? 0;
    if (stock > 0) moveStock(db, { productId: id, delta: stock, reason: 'INITIAL', userId, note: 'Opening stock' });
    return id;
  });
}
