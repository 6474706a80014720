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
    generation: db.prepare('SELECT generation FROM inventory_catalogue WHERE id = 1').pluck(),
    styleIdsOf: db.prepare(`SELECT p.id, p.style_id FROM json_each(?) j
      JOIN inventory_product p INDEXED BY inventory_product_id_style ON p.id = j.value AND p.archived_at IS NULL`),
    livePage: db.prepare(`SELECT s.* FROM inventory_style s INDEXED BY inventory_style_list
      WHERE EXISTS (SELECT 1 FROM inventory_product p WHERE p.style_id = s.id AND p.archived_at IS NULL)
      ORDER BY s.item_name, s.id LIMIT ? OFFSET ?`),
    nameOrder: db.prepare('SELECT id FROM inventory_style INDEXED BY inventory_style_list ORDER BY item_name, id LIMIT ?').pluck(),
    byIds: db.prepare('SELECT * FROM inventory_style WHERE id IN (SELECT value FROM json_each(?))'),
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

  // Live product id -> its style id, learned as searches meet the products and forgotten when the catalogue's
  // generation moves (a size added, archived or moved: migration 004). A one-letter keystroke matches 28,000 of
  // 50,000 products: their styles come from here, not from 28,000 index lookups.
  let styleOf: Int32Array = new Int32Array(1024);
  let styleOfGeneration = -1;
  // The matched styles of the latest search: marked[style id] === stamp.
  let marked: Int32Array = new Int32Array(1024);
  let stamp = 0;
  const grow = (a: Int32Array, max: number): Int32Array => {
    if (max < a.length) return a;
    const grown = new Int32Array(Math.max(max + 1, a.length * 2));
    grown.set(a);
    return grown;
  };
  /** The distinct styles (in no order) of a search's matches, marked for walkMarked. */
  const markMatchedStyles = (ids: (number | null)[]): number[] => {
    stamp += 1;
    const out: number[] = [];
    for (const sid of ids) {
      if (!sid || sid < 0) continue;
      if (sid >= marked.length) marked = grow(marked, sid);
      if (marked[sid] !== stamp) {
        marked[sid] = stamp;
        out.push(sid);
      }
    }
    return out;
  };
  const stylesOfMatches = (match: { sql: string; params: unknown[] }): number[] => {
    const generation = s.generation.get() as number;
    const rowids = stmt(`match|${match.sql}`, () => match.sql)
      .pluck()
      .all(...match.params) as number[];
    if (generation !== styleOfGeneration) {
      styleOf = new Int32Array(styleOf.length);
      styleOfGeneration = generation;
    }
    let max = 0;
    for (const id of rowids) if (id > max) max = id;
    styleOf = grow(styleOf, max);
    const unknown = rowids.filter((id) => styleOf[id] === 0);
    if (unknown.length) {
      for (const r of s.styleIdsOf.all(JSON.stringify(unknown)) as { id: number; style_id: number | null }[]) styleOf[r.id] = r.style_id ?? -1;
    }
    return markMatchedStyles(rowids.map((id) => styleOf[id]));
  };
  /**
   * A page of the marked styles in name order, walking the name index until it is full: about
   * (offset + limit) * all / matched steps. Null when that walk would be long (then a sort is cheaper).
   */
  const walkMarked = (total: number, all: number, limit: number, offset: number): StyleRow[] | null => {
    const bound = Math.ceil(((offset + limit) * all) / total) * 3 + 100;
    if (bound > total) return null;
    const picked: number[] = [];
    let matched = 0;
    let steps = 0;
    for (const id of s.nameOrder.iterate(bound) as IterableIterator<number>) {
      steps += 1;
      if (marked[id] !== stamp) continue;
      if (matched++ >= offset) picked.push(id);
      if (picked.length === limit) break;
    }
    if (picked.length < limit && steps === bound) return null; // the bound ran out first (a skewed catalogue)
    const byId = new Map((s.byIds.all(JSON.stringify(picked)) as StyleRow[]).map((r) => [r.id, r]));
    return picked.map((id) => byId.get(id)!);
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
      // The matching styles (the count), then their page: the name index walked until it is full when many
      // match, else the matches sorted.
      const ids =
        plan.match && !plan.hasFilters
          ? stylesOfMatches(plan.match)
          : markMatchedStyles(
              stmt(`ids|${plan.shape}`, () => `SELECT p.style_id FROM inventory_product p WHERE ${plan.where}`)
                .pluck()
                .all(...plan.params) as number[],
            );
      const total = ids.length;
      if (total === 0 || offset >= total) return { rows: [], total };
      const walked = walkMarked(total, Math.max(total, s.liveStyles.get() as number), limit, offset);
      return { rows: walked ?? (s.sortIds.all(JSON.stringify(ids), limit, offset) as StyleRow[]), total };
    },
  };
}

export type StylesRepo = ReturnType<typeof stylesRepo>;
