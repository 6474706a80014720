// Adds sizes to a style: one product per size with the style's shared fields, opening stock through the
// ledger. Every size is checked before anything is written; the caller's transaction holds it all.
import type { Db } from '../../../core/db.js';
import { badRequest, conflict } from '../../../core/errors.js';
import { normalBarcode } from '../barcode.js';
import { text } from '../product-values.js';
import type { InventoryRepo } from '../repo.js';
import { moveStock } from '../stock.js';
import type { StyleRow, StylesRepo } from '../styles-repo.js';
import { MAX_SIZES, type SizeInput } from '../styles-schemas.js';

/** The default SKU of a size: <prefix>-<size> without spaces or slashes (NK-AF1-WHT + UK 7 -> NK-AF1-WHT-UK7), as the demo catalogue does. */
export const defaultSku = (prefix: string, size: string) => `${prefix}-${size.replace(/[\s/]/g, '')}`;

const key = (v: string) => v.toLowerCase();

/**
 * Inserts the sizes (must run inside a write transaction). 400 for a blank size or more than MAX_SIZES live
 * sizes in the style; 409 DUPLICATE_SIZE / DUPLICATE_SKU / DUPLICATE_BARCODE naming the field (sizes[i].size ...)
 * when a value repeats within the request, within the style, or (SKU, barcode) on another live product.
 */
export function addSizesTx(
  db: Db,
  repo: InventoryRepo,
  styles: StylesRepo,
  style: StyleRow,
  sizes: SizeInput[],
  userId: number | null,
  now: string,
  note = 'Opening stock',
): number[] {
  const existing = styles.sizes(style.id);
  if (existing.length + sizes.length > MAX_SIZES) {
    throw badRequest(`A style has at most ${MAX_SIZES} sizes (it has ${existing.length}, ${sizes.length} more were sent)`, 'sizes');
  }
  const seenSize = new Map(existing.filter((p) => p.size).map((p) => [key(p.size!), -1]));
  const seenSku = new Map<string, number>();
  const seenBarcode = new Map<string, number>();
  const planned = sizes.map((s, i) => {
    const size = text(s.size);
    if (!size) throw badRequest(`sizes[${i}].size must not be empty`, `sizes[${i}].size`);
    const field = (f: string) => ({ field: `sizes[${i}].${f}`, index: i });
    if (seenSize.has(key(size))) {
      const where = seenSize.get(key(size)) === -1 ? 'the style already has it' : 'it is listed twice';
      throw conflict('DUPLICATE_SIZE', `Size ${size} is a duplicate: ${where}`, field('size'));
    }
    seenSize.set(key(size), i);
    const sku = text(s.sku) ?? (style.sku_prefix ? defaultSku(style.sku_prefix, size) : null);
    if (sku && sku.length > 64) throw badRequest(`SKU ${sku} is longer than 64 characters`, `sizes[${i}].sku`);
    if (sku && (seenSku.has(key(sku)) || repo.skuTaken(sku))) throw conflict('DUPLICATE_SKU', `SKU ${sku} already exists`, field('sku'));
    if (sku) seenSku.set(key(sku), i);
    const barcode = normalBarcode(s.barcode, `sizes[${i}].barcode`);
    if (barcode && (seenBarcode.has(key(barcode)) || repo.barcodeTaken(barcode))) {
      throw conflict('DUPLICATE_BARCODE', `Barcode ${barcode} already exists`, field('barcode'));
    }
    if (barcode) seenBarcode.set(key(barcode), i);
    return { size, sku, barcode, stock: s.stock_qty ?? 0, reorder_point: s.reorder_point ?? null };
  });

  return planned.map((p) => {
    const id = repo.insert(
      {
        item_name: style.item_name,
        sku: p.sku,
        size: p.size,
        brand: style.brand,
        material: style.material,
        category: style.category,
        colour: style.colour,
        barcode: p.barcode,
        reorder_point: p.reorder_point,
        style_id: style.id,
        cost_cents: style.cost_cents,
        selling_price_cents: style.selling_price_cents,
        tax_rate_bps: style.tax_rate_bps,
        image_url: null,
      },
      now,
    );
    if (p.stock > 0) moveStock(db, { productId: id, delta: p.stock, reason: 'INITIAL', userId, note });
    return id;
  });
}
