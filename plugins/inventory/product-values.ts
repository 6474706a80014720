// Turns a validated product form (dollars, fraction, loose text) into the stored columns, merged over an existing row.
import { badRequest } from '../../core/errors.js';
import { rateToBps, toCents } from '../../core/money.js';
import { normalBarcode } from './barcode.js';
import type { ProductValues } from './repo.js';
import type { ProductCreate, ProductUpdate } from './schemas.js';
import type { ProductRow } from './stock.js';

/** GST of a new product when neither the form nor the shop settings say (9%), as basis points. */
export const DEFAULT_TAX_BPS = 900;

/** Trims; empty text means "not set". */
export function text(v: string | null | undefined): string | null {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
}

/** The columns to write for a create (no existing row) or a patch (over `existing`). */
export function productValues(input: ProductCreate | ProductUpdate, existing?: ProductRow, defaultTaxBps = DEFAULT_TAX_BPS): ProductValues {
  const pick = <K extends keyof ProductValues>(key: K, fromInput: () => ProductValues[K], has: boolean, fallback: ProductValues[K]): ProductValues[K] =>
    has ? fromInput() : existing ? (existing[key as keyof ProductRow] as ProductValues[K]) : fallback;
  const has = (k: string) => Object.hasOwn(input, k) && (input as Record<string, unknown>)[k] !== undefined;

  const values: ProductValues = {
    item_name: pick('item_name', () => (input.item_name ?? '').trim(), has('item_name'), ''),
    sku: pick('sku', () => text(input.sku), has('sku'), null),
    size: pick('size', () => text(input.size), has('size'), null),
    brand: pick('brand', () => text(input.brand), has('brand'), null),
    material: pick('material', () => text(input.material), has('material'), null),
    category: pick('category', () => text(input.category), has('category'), null),
    colour: pick('colour', () => text(input.colour), has('colour'), null),
    barcode: pick('barcode', () => normalBarcode(input.barcode), has('barcode'), null),
    reorder_point: pick('reorder_point', () => input.reorder_point ?? null, has('reorder_point'), null),
    cost_cents: pick('cost_cents', () => toCents(input.cost!), has('cost'), 0),
    selling_price_cents: pick('selling_price_cents', () => toCents(input.selling_price!), has('selling_price'), 0),
    tax_rate_bps: pick('tax_rate_bps', () => rateToBps(input.tax_rate!), has('tax_rate'), defaultTaxBps),
    image_url: pick('image_url', () => text(input.image_url), has('image_url'), null),
  };
  if (values.item_name === '') throw badRequest('item_name must not be empty', 'item_name');
  return values;
}
