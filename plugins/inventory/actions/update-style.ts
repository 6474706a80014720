// Style edits: the shared fields change on the style and on every live size at once; sizes are added later.
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { badRequest, notFound } from '../../../core/errors.js';
import { rateToBps, toCents } from '../../../core/money.js';
import { text } from '../product-values.js';
import type { InventoryRepo } from '../repo.js';
import type { StylesRepo, StyleValues } from '../styles-repo.js';
import type { AddSizes, StyleUpdate } from '../styles-schemas.js';
import { addSizesTx } from './add-sizes.js';

/** Applies a partial style form to the style and all its live sizes in one transaction; 404 for an unknown style. */
export function updateStyle(db: Db, styles: StylesRepo, id: number, input: StyleUpdate): void {
  writeTx(db, () => {
    const s = styles.get(id);
    if (!s) throw notFound('Style');
    const has = (k: keyof StyleUpdate) => input[k] !== undefined;
    const values: StyleValues = {
      item_name: has('item_name') ? input.item_name!.trim() : s.item_name,
      brand: has('brand') ? text(input.brand) : s.brand,
      category: has('category') ? text(input.category) : s.category,
      material: has('material') ? text(input.material) : s.material,
      colour: has('colour') ? text(input.colour) : s.colour,
      cost_cents: has('cost') ? toCents(input.cost!) : s.cost_cents,
      selling_price_cents: has('selling_price') ? toCents(input.selling_price!) : s.selling_price_cents,
      tax_rate_bps: has('tax_rate') ? rateToBps(input.tax_rate!) : s.tax_rate_bps,
      reorder_point: input.reorder_point === undefined ? s.reorder_point : input.reorder_point,
      sku_prefix: s.sku_prefix,
    };
    if (!values.item_name) throw badRequest('item_name must not be empty', 'item_name');
    const now = nowIso();
    styles.update(id, values, now);
    styles.updateSizes(id, values, now);
  });
}

/** Adds sizes to an existing style in one transaction; returns the new product ids. */
export function addSizes(db: Db, repo: InventoryRepo, styles: StylesRepo, id: number, input: AddSizes, userId: number | null): number[] {
  return writeTx(db, () => {
    const s = styles.get(id);
    if (!s) throw notFound('Style');
    return addSizesTx(db, repo, styles, s, input.sizes, userId, nowIso());
  });
}
