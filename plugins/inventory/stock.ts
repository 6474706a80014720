// The stock seam other plugins use (sales, returns): every stock change goes through moveStock, which
// writes the ledger row beside the new quantity. It never opens a transaction: the caller's holds it.
import type { Db } from '../../core/db.js';
import { nowIso } from '../../core/db.js';
import { conflict, notFound } from '../../core/errors.js';
import { perDb } from '../../core/repo-support.js';

export type StockReason = 'INITIAL' | 'ADJUSTMENT' | 'SALE' | 'RETURN' | 'VOID' | 'RECEIVED' | 'STOCK_TAKE';

export interface StockMove {
  productId: number;
  /** Signed change of stock (negative for a sale); never 0. */
  delta: number;
  reason: StockReason;
  /** What caused it, e.g. refType 'invoice' + the invoice id. Stored as text. */
  refType?: string | null;
  refId?: string | number | null;
  userId?: number | null;
  note?: string | null;
}

/** A product row as stored (cents, basis points); archived_at is set for archived products. */
export interface ProductRow {
  id: number;
  item_name: string;
  sku: string | null;
  size: string | null;
  brand: string | null;
  material: string | null;
  category: string | null;
  cost_cents: number;
  selling_price_cents: number;
  stock_qty: number;
  tax_rate_bps: number;
  image_url: string | null;
  /** The style (model) this size belongs to; every product has one (a style of one for a single product). */
  style_id: number;
  colour: string | null;
  barcode: string | null;
  /** NULL = the style's reorder point. */
  reorder_point: number | null;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

const REASONS = new Set<StockReason>(['INITIAL', 'ADJUSTMENT', 'SALE', 'RETURN', 'VOID', 'RECEIVED', 'STOCK_TAKE']);

// Statements are prepared once per connection.
const stmts = perDb((db: Db) => ({
  getRow: db.prepare('SELECT * FROM inventory_product WHERE id = ?'),
  liveByBarcode: db.prepare('SELECT * FROM inventory_product WHERE barcode = ? AND archived_at IS NULL'),
  liveBySku: db.prepare('SELECT * FROM inventory_product WHERE sku = ? AND archived_at IS NULL'),
  setCost: db.prepare('UPDATE inventory_product SET cost_cents = @cost, updated_at = @now WHERE id = @id'),
  move: db.prepare(
    'UPDATE inventory_product SET stock_qty = stock_qty + @delta, updated_at = @now WHERE id = @id AND stock_qty + @delta >= 0 RETURNING stock_qty',
  ),
  ledger: db.prepare(`INSERT INTO inventory_stock_movement (product_id, reason, qty_delta, stock_after, ref_type, ref_id, note, user_id, created_at)
    VALUES (@productId, @reason, @delta, @stockAfter, @refType, @refId, @note, @userId, @now)`),
}));

/** Reads one product row by id (archived ones included: invoices and returns still refer to them). */
export function getProductRow(db: Db, id: number): ProductRow | undefined {
  return stmts(db).getRow.get(id) as ProductRow | undefined;
}

/** A scanned code: the live product with that barcode (when `barcodeFirst`), else the one with that SKU. */
export function findLiveProductByCode(db: Db, code: string, barcodeFirst: boolean): ProductRow | undefined {
  const s = stmts(db);
  return ((barcodeFirst ? s.liveByBarcode.get(code) : undefined) ?? s.liveBySku.get(code)) as ProductRow | undefined;
}

/**
 * Changes a product's stock by delta and records why, atomically with the caller's transaction.
 * Throws 409 INSUFFICIENT_STOCK ('Insufficient stock for <item_name>') when stock would go below 0,
 * 404 when the product does not exist. Archived products still move (a return of an archived item).
 */
export function moveStock(db: Db, move: StockMove): { stockAfter: number } {
  if (!Number.isSafeInteger(move.delta) || move.delta === 0) throw new Error(`moveStock: delta must be a non-zero integer, got ${move.delta}`);
  if (!REASONS.has(move.reason)) throw new Error(`moveStock: unknown reason ${move.reason}`);
  const s = stmts(db);
  const now = nowIso();
  const row = s.move.get({ id: move.productId, delta: move.delta, now }) as { stock_qty: number } | undefined;
  if (!row) {
    const product = getProductRow(db, move.productId);
    if (!product) throw notFound('Product');
    throw conflict('INSUFFICIENT_STOCK', `Insufficient stock for ${product.item_name}`, {
      productId: product.id,
      available: product.stock_qty,
      requested: -move.delta,
    });
  }
  s.ledger.run({
    productId: move.productId,
    reason: move.reason,
    delta: move.delta,
    stockAfter: row.stock_qty,
    refType: move.refType ?? null,
    refId: move.refId === undefined || move.refId === null ? null : String(move.refId),
    note: move.note ?? null,
    userId: move.userId ?? null,
    now,
  });
  return { stockAfter: row.stock_qty };
}

/** Sets a product's cost (cents), e.g. the weighted average after goods are received; in the caller's transaction. */
export function setProductCost(db: Db, productId: number, costCents: number): void {
  if (!Number.isSafeInteger(costCents) || costCents < 0) throw new Error(`setProductCost: bad cost ${costCents}`);
  if (stmts(db).setCost.run({ id: productId, cost: costCents, now: nowIso() }).changes !== 1) throw notFound('Product');
}
