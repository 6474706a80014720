// Product rows -> the API's product JSON (dollars, tax as a fraction, images read through the image view).
import { toDollars } from '../../core/money.js';
import type { ImageRow, InventoryRepo } from './repo.js';
import type { Product } from './schemas.js';
import type { ProductRow } from './stock.js';

/** One product's JSON given its images (already ordered primary first, then position). */
export function productJson(row: ProductRow, imageRows: ImageRow[] = []): Product {
  const images = imageRows.map((i) => ({ id: i.id, url: i.url, thumbUrl: i.thumb_url, alt: i.alt, isPrimary: i.is_primary === 1 }));
  // The displayed image: the primary one, else the first, else the product's own image_url. A product without
  // photos of its own gets its style's (the repo's imagesFor does that).
  const shown = images.find((i) => i.isPrimary) ?? images[0];
  return {
    id: row.id,
    item_name: row.item_name,
    sku: row.sku,
    size: row.size,
    cost: toDollars(row.cost_cents),
    selling_price: toDollars(row.selling_price_cents),
    brand: row.brand,
    material: row.material,
    category: row.category,
    colour: row.colour,
    barcode: row.barcode,
    style_id: row.style_id,
    reorder_point: row.reorder_point,
    stock_qty: row.stock_qty,
    tax_rate: row.tax_rate_bps / 10_000,
    image_url: shown?.url ?? row.image_url,
    images,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** JSON for a page of products with one image query for all of them. */
export function productsJson(repo: InventoryRepo, rows: ProductRow[]): Product[] {
  const images = repo.imagesFor(rows.map((r) => r.id));
  return rows.map((r) => productJson(r, images.get(r.id)));
}
