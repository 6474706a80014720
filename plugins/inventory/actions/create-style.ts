// Creates a style and one product per size in one transaction (SKU <sku_prefix>-<size> unless given, opening
// stock as INITIAL movements, as product creation does).
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { badRequest } from '../../../core/errors.js';
import { rateToBps, toCents } from '../../../core/money.js';
import { getSettings } from '../../../core/settings.js';
import { text } from '../product-values.js';
import type { InventoryRepo } from '../repo.js';
import type { StylesRepo } from '../styles-repo.js';
import type { StyleCreate } from '../styles-schemas.js';
import { addSizesTx } from './add-sizes.js';

/** Adds a style with its sizes; returns the style id. Tax defaults to the shop's GST rate. */
export function createStyle(db: Db, repo: InventoryRepo, styles: StylesRepo, input: StyleCreate, userId: number | null, note?: string): number {
  const item_name = input.item_name.trim();
  if (!item_name) throw badRequest('item_name must not be empty', 'item_name');
  const sku_prefix = input.sku_prefix.trim();
  if (!sku_prefix) throw badRequest('sku_prefix must not be empty', 'sku_prefix');
  const values = {
    item_name,
    brand: text(input.brand),
    category: text(input.category),
    material: text(input.material),
    colour: text(input.colour),
    cost_cents: toCents(input.cost),
    selling_price_cents: toCents(input.selling_price),
    tax_rate_bps: input.tax_rate === undefined ? rateToBps(getSettings(db).gst_rate) : rateToBps(input.tax_rate),
    reorder_point: input.reorder_point ?? null,
    sku_prefix,
  };
  return writeTx(db, () => {
    const now = nowIso();
    const id = styles.insert(values, now);
    addSizesTx(db, repo, styles, styles.get(id)!, input.sizes, userId, now, note);
    return id;
  });
}
