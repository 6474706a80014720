// Style rows + their sizes -> the API's style JSON (sizes in size order, stock summed, the style's photo).
import { toDollars } from '../../core/money.js';
import { productJson } from './product-json.js';
import type { ImageRow, InventoryRepo } from './repo.js';
import { compareSizes } from './sizes.js';
import type { ProductRow } from './stock.js';
import type { StyleRow, StylesRepo } from './styles-repo.js';
import type { Style } from './styles-schemas.js';

function styleJson(s: StyleRow, sizes: ProductRow[], images: Map<number, ImageRow[]>): Style {
  const products = sizes.map((p) => productJson(p, images.get(p.id))).sort((a, b) => compareSizes(a.size ?? '', b.size ?? '') || a.id - b.id);
  // The style's photo: that of its first size (by id) with photos, the one every photo-less size shows.
  const owner = [...sizes].sort((a, b) => a.id - b.id).find((p) => images.has(p.id));
  const ownerJson = owner ? products.find((p) => p.id === owner.id) : undefined;
  return {
    id: s.id,
    item_name: s.item_name,
    brand: s.brand,
    category: s.category,
    material: s.material,
    colour: s.colour,
    cost: toDollars(s.cost_cents),
    selling_price: toDollars(s.selling_price_cents),
    tax_rate: s.tax_rate_bps / 10_000,
    reorder_point: s.reorder_point,
    sku_prefix: s.sku_prefix,
    image_url: ownerJson?.image_url ?? null,
    stock_qty: sizes.reduce((n, p) => n + p.stock_qty, 0),
    products,
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}

/** JSON for styles with two queries in all (their sizes, the sizes' photos). */
export function stylesJson(repo: InventoryRepo, styles: StylesRepo, rows: StyleRow[]): Style[] {
  const sizes = styles.sizesOf(rows.map((r) => r.id));
  const images = repo.imagesFor([...sizes.values()].flat().map((p) => p.id));
  return rows.map((r) => styleJson(r, sizes.get(r.id) ?? [], images));
}
