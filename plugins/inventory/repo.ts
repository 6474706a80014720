// SQL for inventory's tables. Fixed statements are prepared once; the search statement varies with the
// filters given, so its few shapes are prepared on first use and kept.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../core/db.js';
import type { ProductRow } from './stock.js';

export interface ImageRow {
  product_id: number;
  id: number;
  url: string;
  thumb_url: string | null;
  alt: string | null;
  is_primary: number;
  position: number | null;
}

export interface MovementRow {
  id: number;
  product_id: number;
  reason: string;
  qty_delta: number;
  stock_after: number;
  ref_type: string | null;
  ref_id: string | null;
  note: string | null;
  user_id: number | null;
  created_at: string;
}

export interface ProductFilter {
  search?: string;
  sku?: string;
  category?: string;
  brand?: string;
  size?: string;
  material?: string;
  barcode?: string;
}

/** Columns a product insert/update writes. A product inserted without a style_id becomes a style of one; an update never moves it. */
export type ProductValues = Omit<
  ProductRow,
  'id' | 'stock_qty' | 'archived_at' | 'created_at' | 'updated_at' | 'style_id' | 'colour' | 'barcode' | 'reorder_point'
> &
  Partial<Pick<ProductRow, 'colour' | 'barcode' | 'reorder_point'>> & { style_id?: number | null };

/** The catalogue's figures, kept by triggers (migration 004). */
export interface CatalogueFigures {
  live_products: number;
  live_styles: number;
  generation: number;
}

const MAX_TERMS = 8;

/** Splits a search box text into terms (whitespace separated, at most 8). */
export function searchTerms(search: string | undefined): string[] {
  return (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_TERMS);
}

const phrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

interface SearchPlan {
  /** WHERE clause over `p` (live products, filters, search). */
  where: string;
  params: unknown[];
  /** Rowids of live products matching every search term, or null without a search. */
  match: { sql: string; params: unknown[] } | null;
  hasFilters: boolean;
  /** Identifies the statement shape, for the statement cache. */
  shape: string;
}

/**
 * Plans a product query. Terms of 3+ characters match anywhere (trigram index: "kayan", "AF1-WH");
 * shorter ones ("42", "UK") match the start of a word, where a substring would match nearly everything.
 */
export function planFor(f: ProductFilter): SearchPlan {
  const where = ['p.archived_at IS NULL'];
  const params: unknown[] = [];
  const shape: string[] = [];
  for (const key of ['category', 'brand', 'size', 'material', 'sku', 'barcode'] as const) {
    const v = f[key]?.trim();
    if (v) {
      where.push(`p.${key} = ?`);
      params.push(v);
      shape.push(key.slice(0, 2));
    }
  }
  const hasFilters = shape.length > 0;
  const terms = searchTerms(f.search);
  const long = terms.filter((t) => [...t].length >= 3);
  const short = terms
    .filter((t) => [...t].length < 3)
    .map((t) => t.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  const parts: string[] = [];
  const matchParams: unknown[] = [];
  if (long.length) {
    parts.push('SELECT rowid FROM inventory_product_fts WHERE inventory_product_fts MATCH ?');
    matchParams.push(long.map(phrase).join(' AND '));
    shape.push('T');
  }
  if (short.length) {
    parts.push('SELECT rowid FROM inventory_product_words WHERE inventory_product_words MATCH ?');
    matchParams.push(short.map((t) => `${phrase(t)}*`).join(' AND '));
    shape.push('W');
  }
  const match = parts.length ? { sql: parts.join(' INTERSECT '), params: matchParams } : null;
  if (match) {
    where.push(`p.id IN (${match.sql})`);
    params.push(...matchParams);
  }
  return { where: where.join(' AND '), params, match, hasFilters, shape: shape.join('.') };
}

/** Inventory's repository over one connection. */
export function inventoryRepo(db: Db) {
  const byId = db.prepare('SELECT * FROM inventory_product WHERE id = ? AND archived_at IS NULL');
  const byIdAny = db.prepare('SELECT * FROM inventory_product WHERE id = ?');
  const bySku = db.prepare('SELECT id FROM inventory_product WHERE sku = ? AND archived_at IS NULL AND id <> ?');
  const byBarcode = db.prepare('SELECT id FROM inventory_product WHERE barcode = ? AND archived_at IS NULL AND id <> ?');
  const insert = db.prepare(`INSERT INTO inventory_product
      (item_name, sku, size, brand, material, category, colour, barcode, reorder_point, style_id, cost_cents, selling_price_cents, stock_qty, tax_rate_bps, image_url, created_at, updated_at)
      VALUES (@item_name, @sku, @size, @brand, @material, @category, @colour, @barcode, @reorder_point, @style_id, @cost_cents, @selling_price_cents, 0, @tax_rate_bps, @image_url, @now, @now)`);
  const update = db.prepare(`UPDATE inventory_product SET item_name = @item_name, sku = @sku, size = @size, brand = @brand,
      material = @material, category = @category, colour = @colour, barcode = @barcode, reorder_point = @reorder_point,
      cost_cents = @cost_cents, selling_price_cents = @selling_price_cents,
      tax_rate_bps = @tax_rate_bps, image_url = @image_url, updated_at = @now WHERE id = @id`);
  const insertStyle = db.prepare(`INSERT INTO inventory_style
      (item_name, brand, category, material, colour, cost_cents, selling_price_cents, tax_rate_bps, created_at, updated_at)
      VALUES (@item_name, @brand, @category, @material, @colour, @cost_cents, @selling_price_cents, @tax_rate_bps, @now, @now)`);
  const dropEmptyStyle = db.prepare('DELETE FROM inventory_style WHERE id = ? AND NOT EXISTS (SELECT 1 FROM inventory_product WHERE style_id = ?)');
  const archive = db.prepare('UPDATE inventory_product SET archived_at = @now, updated_at = @now WHERE id = @id');
  const hasSale = db.prepare("SELECT 1 FROM inventory_stock_movement WHERE product_id = ? AND reason = 'SALE' LIMIT 1");
  const deleteMovements = db.prepare('DELETE FROM inventory_stock_movement WHERE product_id = ?');
  const deleteProduct = db.prepare('DELETE FROM inventory_product WHERE id = ?');
  // A product's own photos; a product without any shows its style's (those of the style's first size that has photos).
  const images = db.prepare(`WITH wanted AS (
        SELECT p.id AS pid, coalesce(
          (SELECT i.product_id FROM inventory_product_image i WHERE i.product_id = p.id LIMIT 1),
          (SELECT min(i.product_id) FROM inventory_product s JOIN inventory_product_image i ON i.product_id = s.id WHERE s.style_id = p.style_id)
        ) AS owner
        FROM inventory_product p WHERE p.id IN (SELECT value FROM json_each(?)))
      SELECT w.pid AS product_id, i.id, i.url, i.thumb_url, i.alt, i.is_primary, i.position
      FROM wanted w JOIN inventory_product_image i ON i.product_id = w.owner
      ORDER BY w.pid, i.is_primary DESC, i.position, i.id`);
  const movements = db.prepare('SELECT * FROM inventory_stock_movement WHERE product_id = ? ORDER BY id DESC LIMIT ? OFFSET ?');
  const movementCount = db.prepare('SELECT count(*) AS n FROM inventory_stock_movement WHERE product_id = ?').pluck();
  // Each distinct value is one index seek past the last (a loose index scan): a few dozen seeks, not 50,000 rows.
  // The columns are NOCASE, so values differing only in case are one (as DISTINCT made them).
  const facet = (col: string) =>
    db
      .prepare(`WITH RECURSIVE v(x) AS (
      SELECT (SELECT min(${col}) FROM inventory_product WHERE archived_at IS NULL AND ${col} > '')
      UNION ALL SELECT (SELECT min(${col}) FROM inventory_product WHERE archived_at IS NULL AND ${col} > v.x) FROM v WHERE v.x IS NOT NULL)
    SELECT x FROM v WHERE x IS NOT NULL`)
      .pluck();
  const facets = { categories: facet('category'), brands: facet('brand'), sizes: facet('size'), materials: facet('material') };

  // The till's scanner reads a barcode or a SKU label: either, exactly, leads the list (a barcode first). Two
  // lookups, each on its own unique index: an OR of the two read every row.
  const liveByBarcode = db.prepare('SELECT * FROM inventory_product WHERE barcode = ? AND archived_at IS NULL');
  const liveBySku = db.prepare('SELECT * FROM inventory_product WHERE sku = ? AND archived_at IS NULL');
  const maxId = db.prepare('SELECT ifnull(max(id), 0) FROM inventory_product').pluck();
  // Kept by migration 004's triggers.
  const catalogue = db.prepare('SELECT live_products, live_styles, generation FROM inventory_catalogue WHERE id = 1');

  // Search statements vary with the filters given; their few shapes are prepared on first use and kept.
  const cache = new Map<string, Statement<unknown[]>>();
  const stmt = (key: string, sql: () => string) => {
    let s = cache.get(key);
    if (!s) cache.set(key, (s = db.prepare<unknown[]>(sql())));
    return s;
  };

  /**
   * One page in name order. 'walk' follows the name index and keeps matching rows (cheap when many match);
   * 'sort' fetches the matches and sorts them (cheap when few match). Without a search SQLite picks.
   */
  const pageRows = (plan: SearchPlan, how: 'walk' | 'sort' | 'auto', exceptId: number | null, limit: number, offset: number) => {
    const except = exceptId === null ? '' : ' AND p.id <> ?';
    const s = stmt(`page|${plan.shape}|${how}|${except}`, () => {
      const from = how === 'walk' ? 'inventory_product p INDEXED BY inventory_product_list' : 'inventory_product p';
      const order = how === 'sort' ? 'ORDER BY +p.item_name, +p.id' : 'ORDER BY p.item_name, p.id';
      return `SELECT p.* FROM ${from} WHERE ${plan.where}${except} ${order} LIMIT ? OFFSET ?`;
    });
    return s.all(...plan.params, ...(exceptId === null ? [] : [exceptId]), limit, offset) as ProductRow[];
  };

  const countRows = (plan: SearchPlan): number => {
    if (!plan.match && !plan.hasFilters) return (catalogue.get() as CatalogueFigures).live_products;
    // The search indexes hold live products only, so a search without filters is counted in the index alone.
    if (plan.match && !plan.hasFilters)
      return stmt(`countm|${plan.shape}`, () => `SELECT count(*) FROM (${plan.match!.sql})`)
        .pluck()
        .get(...plan.match.params) as number;
    return stmt(`count|${plan.shape}`, () => `SELECT count(*) FROM inventory_product p WHERE ${plan.where}`)
      .pluck()
      .get(...plan.params) as number;
  };

  const isMatch = (plan: SearchPlan, id: number) =>
    stmt(`one|${plan.shape}`, () => `SELECT 1 FROM inventory_product p WHERE ${plan.where} AND p.id = ?`).get(...plan.params, id) !== undefined;

  return {
    /** A live (not archived) product row. */
    get: (id: number) => byId.get(id) as ProductRow | undefined,
    /** Another live product with this SKU (case-insensitive), if any. */
    skuTaken: (sku: string, exceptId = 0) => bySku.get(sku, exceptId) !== undefined,
    /** Another live product with this barcode (case-insensitive), if any. */
    barcodeTaken: (barcode: string, exceptId = 0) => byBarcode.get(barcode, exceptId) !== undefined,
    /** Inserts a product with 0 stock (stock comes through moveStock); without a style_id it gets a style of one. */
    insert: (v: ProductValues, now: string) => {
      const row = { colour: null, barcode: null, reorder_point: null, ...v, now };
      const style_id = v.style_id || Number(insertStyle.run(row).lastInsertRowid);
      return Number(insert.run({ ...row, style_id }).lastInsertRowid);
    },
    update: (id: number, v: ProductValues, now: string) => update.run({ colour: null, barcode: null, reorder_point: null, ...v, id, now }),
    archive: (id: number, now: string) => archive.run({ id, now }),
    hasSale: (id: number) => hasSale.get(id) !== undefined,
    /** Removes a product and its ledger (only for products no invoice refers to). */
    deleteWithMovements: (id: number) => {
      const styleId = (byIdAny.get(id) as ProductRow | undefined)?.style_id;
      deleteMovements.run(id);
      deleteProduct.run(id);
      if (styleId) dropEmptyStyle.run(styleId, styleId);
    },
    /**
     * One page of live products matching the filter, and how many match in all. A product whose SKU or barcode
     * equals the search text exactly (the till's scanner) comes first; the rest follow in name order.
     */
    list(f: ProductFilter, limit: number, offset: number): { rows: ProductRow[]; total: number } {
      const plan = planFor(f);
      const total = countRows(plan);
      if (total === 0 || offset >= total) return { rows: [], total };
      const text = f.search?.trim();
      const exactRow = plan.match && text ? ((liveByBarcode.get(text) ?? liveBySku.get(text)) as ProductRow | undefined) : undefined;
      const exact = exactRow && isMatch(plan, exactRow.id) ? exactRow : undefined;
      const rows: ProductRow[] = [];
      let off = offset;
      let lim = limit;
      if (exact) {
        if (offset === 0) {
          rows.push(exact);
          lim -= 1;
        } else off -= 1;
      }
      const rest = total - (exact ? 1 : 0);
      if (lim > 0 && off < rest) {
        let how: 'walk' | 'sort' | 'auto' = 'auto';
        if (plan.match) {
          // Index entries a walk visits to collect the page, against rows a sort reads (each costlier).
          const walkCost = ((off + lim) * Math.max(maxId.get() as number, total)) / total;
          how = walkCost < total * 4 ? 'walk' : 'sort';
        }
        rows.push(...pageRows(plan, how, exact ? exact.id : null, lim, off));
      }
      return { rows, total };
    },
    /** Images of many products in one query, grouped by product id (primary first, then position). */
    imagesFor(ids: number[]): Map<number, ImageRow[]> {
      const out = new Map<number, ImageRow[]>();
      if (!ids.length) return out;
      for (const r of images.all(JSON.stringify(ids)) as ImageRow[]) {
        const list = out.get(r.product_id);
        if (list) list.push(r);
        else out.set(r.product_id, [r]);
      }
      return out;
    },
    /** Distinct attribute values of live products, for the filter dropdowns. */
    facets() {
      return {
        categories: facets.categories.all() as string[],
        brands: facets.brands.all() as string[],
        sizes: facets.sizes.all() as string[],
        materials: facets.materials.all() as string[],
      };
    },
    /** Live products, styles with a live size, and the facets' generation (changes with any product that could change them). */
    catalogue: () => catalogue.get() as CatalogueFigures,
    movements: (id: number, limit: number, offset: number) => movements.all(id, limit, offset) as MovementRow[],
    movementCount: (id: number) => movementCount.get(id) as number,
  };
}

export type InventoryRepo = ReturnType<typeof inventoryRepo>;
