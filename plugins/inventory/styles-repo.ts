// SQL for styles: a style row holds the shared fields of one model; its sizes are inventory_product rows.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../core/db.js';
import { planFor, type ProductFilter } from './repo.js';
import type { ProductRow } from './stock.js';

/** A style row as stored (cents, basis points). */
export interface StyleRow {
  id: number;
  item_name: string;
  brand: string | null;
  category: string | null;
  material: string | null;
  colour: string | null;
  cost_cents: number;
  selling_price_cents: number;
  tax_rate_bps: number;
  reorder_point: number | null;
  sku_prefix: string | null;
  created_at: string;
  updated_at: string;
}

/** Columns a style insert/update writes. */
export type StyleValues = Omit<StyleRow, 'id' | 'created_at' | 'updated_at'>;

/** The fields a style shares with its sizes (PATCH /api/styles/:id writes them to every size). */
export const SHARED_COLUMNS = ['item_name', 'brand', 'category', 'material', 'colour', 'cost_cents', 'selling_price_cents', 'tax_rate_bps'] as const;

/** The styles repository over one connection. */
export function stylesRepo(db: Db) {
  const s = {
    get: db.prepare('SELECT * FROM inventory_style WHERE id = ?'),
    insert: db.prepare(`INSERT INTO inventory_style
      (item_name, brand, category, material, colour, cost_cents, selling_price_cents, tax_rate_bps, reorder_point, sku_prefix, created_at, updated_at)
      VALUES (@item_name, @brand, @category, @material, @colour, @cost_cents, @selling_price_cents, @tax_rate_bps, @reorder_point, @sku_prefix, @now, @now)`),
    update: db.prepare(`UPDATE inventory_style SET item_name = @item_name, brand = @brand, category = @category, material = @material,
      colour = @colour, cost_cents = @cost_cents, selling_price_cents = @selling_price_cents, tax_rate_bps = @tax_rate_bps,
      reorder_point = @reorder_point, sku_prefix = @sku_prefix, updated_at = @now WHERE id = @id`),
    // The shared fields onto every live size (archived sizes keep what their invoices showed).
    updateSizes: db.prepare(`UPDATE inventory_product SET item_name = @item_name, brand = @brand, category = @category, material = @material,
      colour = @colour, cost_cents = @cost_cents, selling_price_cents = @selling_price_cents, tax_rate_bps = @tax_rate_bps, updated_at = @now
      WHERE style_id = @id AND archived_at IS NULL`),
    sizes: db.prepare('SELECT * FROM inventory_product WHERE style_id = ? AND archived_at IS NULL ORDER BY id'),
    sizesOf: db.prepare(`SELECT * FROM inventory_product WHERE style_id IN (SELECT value FROM json_each(?)) AND archived_at IS NULL ORDER BY style_id, id`),
    productCount: db.prepare('SELECT count(*) FROM inventory_product WHERE style_id = ?').pluck(),
    liveStyles: db.prepare('SELECT live_styles FROM inventory_catalogue WHERE id = 1').pluck(),
    livePage: db.prepare(`SELECT s.* FROM inventory_style s INDEXED BY inventory_style_list
      WHERE EXISTS (SELECT 1 FROM inventory_product p WHERE p.style_id = s.id AND p.archived_at IS NULL)
      ORDER BY s.item_name, s.id LIMIT ? OFFSET ?`),
    walkIds: db.prepare(`SELECT s.* FROM inventory_style s INDEXED BY inventory_style_list WHERE s.id IN (SELECT value FROM json_each(?))
      ORDER BY s.item_name, s.id LIMIT ? OFFSET ?`),
    sortIds: db.prepare(`SELECT s.* FROM inventory_style s WHERE s.id IN (SELECT value FROM json_each(?))
      ORDER BY +s.item_name, +s.id LIMIT ? OFFSET ?`),
  };
  // The id query varies with the filters given; its few shapes are prepared on first use and kept.
  const cache = new Map<string, Statement<unknown[]>>();
  const stmt = (key: string, sql: () => string) => {
    let st = cache.get(key);
    if (!st) cache.set(key, (st = db.prepare<unknown[]>(sql())));
    return st;
  };

  return {
    get: (id: number) => s.get.get(id) as StyleRow | undefined,
    insert: (v: StyleValues, now: string) => Number(s.insert.run({ ...v, now }).lastInsertRowid),
    update: (id: number, v: StyleValues, now: string) => s.update.run({ ...v, id, now }),
    /** Writes the style's shared fields onto every live size. */
    updateSizes: (id: number, v: StyleValues, now: string) => s.updateSizes.run({ ...v, id, now }),
    /** The live sizes of a style (product rows), in creation order. */
    sizes: (id: number) => s.sizes.all(id) as ProductRow[],
    /** The live sizes of many styles, grouped by style id. */
    sizesOf(ids: number[]): Map<number, ProductRow[]> {
      const out = new Map<number, ProductRow[]>();
      if (!ids.length) return out;
      for (const r of s.sizesOf.all(JSON.stringify(ids)) as ProductRow[]) {
        const list = out.get(r.style_id);
        if (list) list.push(r);
        else out.set(r.style_id, [r]);
      }
      return out;
    },
    /** How many products (live or archived) belong to the style. */
    productCount: (id: number) => s.productCount.get(id) as number,
    /**
     * One page of styles with at least one live size matching the filter (the product search: name, SKU,
     * barcode, brand, ...), in name order, and how many in all.
     */
    list(f: ProductFilter, limit: number, offset: number): { rows: StyleRow[]; total: number } {
      const plan = planFor(f);
      if (!plan.match && !plan.hasFilters) {
        // The whole catalogue (the POS's first page): its count is kept by triggers, its page walks the name index.
        const total = s.liveStyles.get() as number;
        if (total === 0 || offset >= total) return { rows: [], total };
        return { rows: s.livePage.all(limit, offset) as StyleRow[], total };
      }
      // The matching styles' ids (the count), then their page: sorted when few match, else the name index
      // walked until the page is full (about (offset + limit) * all / matched steps).
      const ids = stmt(`ids|${plan.shape}`, () => `SELECT DISTINCT p.style_id FROM inventory_product p${plan.match && !plan.hasFilters ? ' INDEXED BY inventory_product_id_style' : ''}
        WHERE ${plan.where} AND p.style_id IS NOT NULL`).pluck().all(...plan.params) as number[];
      const total = ids.length;
      if (total === 0 || offset >= total) return { rows: [], total };
      const all = Math.max(total, s.liveStyles.get() as number);
      const walk = ((offset + limit) * all) / total < total;
      return { rows: (walk ? s.walkIds : s.sortIds).all(JSON.stringify(ids), limit, offset) as StyleRow[], total };
    },
  };
}

export type StylesRepo = ReturnType<typeof stylesRepo>;
