// Edits a product; a changed stock_qty becomes an ADJUSTMENT movement of the difference, in the same transaction.
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { conflict, notFound } from '../../../core/errors.js';
import { productValues } from '../product-values.js';
import type { InventoryRepo } from '../repo.js';
import { stylesRepo } from '../styles-repo.js';
import type { ProductUpdate } from '../schemas.js';
import { moveStock } from '../stock.js';

/** Applies a partial product form to a live product; 404 when it does not exist, 409 on a taken SKU. */
export function updateProduct(db: Db, repo: InventoryRepo, id: number, input: ProductUpdate, userId: number | null): void {
  writeTx(db, () => {
    const existing = repo.get(id);
    if (!existing) throw notFound('Product');
    const values = productValues(input, existing);
    if (values.sku && repo.skuTaken(values.sku, id)) throw conflict('DUPLICATE_SKU', `SKU ${values.sku} already exists`, { field: 'sku' });
    if (values.barcode && repo.barcodeTaken(values.barcode, id))
      throw conflict('DUPLICATE_BARCODE', `Barcode ${values.barcode} already exists`, { field: 'barcode' });
    const now = nowIso();
    repo.update(id, values, now);
    // A style of one follows its only product; a size of a larger style may differ from it (PATCH /api/styles sets them all).
    const styles = stylesRepo(db);
    const style = styles.get(existing.style_id);
    if (style && styles.productCount(style.id) === 1) {
      styles.update(
        style.id,
        {
          item_name: values.item_name,
          brand: values.brand,
          category: values.category,
          material: values.material,
          colour: values.colour ?? null,
          cost_cents: values.cost_cents,
          selling_price_cents: values.selling_price_cents,
          tax_rate_bps: values.tax_rate_bps,
          reorder_point: style.reorder_point,
          sku_prefix: style.sku_prefix,
        },
        now,
      );
    }
    // Read inside the transaction: a sale between the form's load and this save is not overwritten, only the difference is.
    if (input.stock_qty !== undefined && input.stock_qty !== existing.stock_qty) {
      moveStock(db, { productId: id, delta: input.stock_qty - existing.stock_qty, reason: 'ADJUSTMENT', userId, note: 'Stock quantity edited' });
    }
  });
}
