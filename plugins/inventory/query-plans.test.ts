// #27: every statement the till's requests run, at 50,000 products, reads through an index. The till's requests
// (the POS open, keystroke searches, scans, Enter's first match, low stock, a checkout and its receipt) are sent
// to the real app over a catalogue seeded in SQL; each statement they execute is recorded and its EXPLAIN QUERY
// PLAN must not SCAN a table. Allowed, each for its reason: virtual tables (an FTS5 MATCH is its index's lookup,
// json_each a list the statement was given), the statement's own CTE rows and constant rows, and an ordered walk
// of an index that a LIMIT stops (a page in name order: the index gives the order, the page its end); and the
// shop's accounts and settings (tens of rows).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Statement } from 'better-sqlite3';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { lowStockRows } from './low-stock.js';
import { inventoryRepo } from './repo.js';
import { seedCatalogueSql } from './test-support.js';

const STYLES = 10_000;
const SIZES = 5;

let t: TestApp;
let recording: Set<string> | null = null;
const patched: { proto: Record<string, unknown>; name: string; fn: unknown }[] = [];

test.before(async () => {
  t = await testApp();
  seedCatalogueSql(t.app.db, STYLES, SIZES);
  // Every statement, wherever it was prepared, runs through these: record its text while a till request runs.
  const proto = Object.getPrototypeOf(t.app.db.prepare('SELECT 1')) as Record<string, (...a: unknown[]) => unknown>;
  for (const name of ['run', 'get', 'all', 'iterate']) {
    const fn = proto[name];
    patched.push({ proto, name, fn });
    proto[name] = function (this: Statement, ...args: unknown[]) {
      recording?.add(this.source);
      return fn.apply(this, args);
    };
  }
});
test.after(async () => {
  for (const p of patched) p.proto[p.name] = p.fn;
  await t?.close();
});

/** Sends one till request as the staff account and returns the SQL it ran. */
async function statementsOf(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ sql: string[]; status: number; json: () => any }> {
  recording = new Set();
  try {
    const res = await t.app.inject({
      method,
      url,
      payload: body as object | undefined,
      headers: { authorization: `Bearer ${t.staff.token}`, 'x-kedai-till': 'Till 1', ...headers },
    });
    return { sql: [...recording], status: res.statusCode, json: () => res.json() };
  } finally {
    recording = null;
  }
}

/** A shop's accounts and settings: tens of rows, read whole by design (the settings are one object). */
const TINY = new Set(['core_user', 'core_setting']);

interface PlanRow {
  id: number;
  parent: number;
  detail: string;
}

/** The plan's lines that read a whole table (none allowed), with the reason each other SCAN is fine. */
function fullScans(sql: string): string[] {
  const db = t.app.db;
  const stmt = db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  // Plans do not depend on the values here (no ANALYZE statistics): NULLs stand in for them.
  const params = Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => null);
  const named = [...sql.matchAll(/@(\w+)/g)].map((m) => m[1]);
  const rows = (named.length ? stmt.all(Object.fromEntries(named.map((n) => [n, null]))) : stmt.all(...params)) as PlanRow[];
  const ordered = /\bLIMIT\b/i.test(sql) && !rows.some((r) => /USE TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/.test(r.detail));
  // Rows the statement made itself: its CTEs, and subqueries in FROM (`(SELECT ...) m`).
  const cteNames = [...sql.matchAll(/(?:WITH(?: RECURSIVE)?|,)\s*(\w+)\s*(?:\([^)]*\))?\s+AS\s*(?:MATERIALIZED\s*)?\(/gi)]
    .map((m) => m[1].toLowerCase())
    .concat([...sql.matchAll(/\)\s+(?:AS\s+)?(\w+)\s+(?:JOIN|WHERE|ON|,|ORDER|LIMIT)/gi)].map((m) => m[1].toLowerCase()));
  return rows
    .filter((r) => {
      const m = /^SCAN (\S+)(.*)$/.exec(r.detail);
      if (!m) return false;
      const [, name, rest] = m;
      if (/VIRTUAL TABLE/.test(rest)) return false; // FTS5 MATCH, json_each(?)
      if (TINY.has(name)) return false;
      if (name === 'CONSTANT' || cteNames.includes(name.toLowerCase()) || name.startsWith('(subquery')) return false;
      if (/USING (COVERING )?INDEX/.test(rest) && ordered) return false; // a page walked in index order, stopped by LIMIT
      return true;
    })
    .map((r) => r.detail);
}

const seen = new Map<string, string>();
async function till(label: string, method: 'GET' | 'POST', url: string, body?: unknown, headers?: Record<string, string>) {
  const r = await statementsOf(method, url, body, headers);
  assert.ok(r.status < 400, `${label}: ${r.status} ${JSON.stringify(r.json())}`);
  for (const sql of r.sql) if (!seen.has(sql)) seen.set(sql, label);
  return r;
}

test('the catalogue is shop-sized', () => {
  const n = t.app.db.prepare('SELECT count(*) FROM inventory_product').pluck().get() as number;
  assert.is(n, STYLES * SIZES);
  assert.equal(t.app.db.prepare('SELECT live_products, live_styles FROM inventory_catalogue').get(), {
    live_products: STYLES * SIZES - (STYLES * SIZES) / 50,
    live_styles: STYLES,
  });
});

test('the styles search at scale: the page and count the plain query gives, walked or sorted, on every page', async () => {
  const plain = (where: string, params: unknown[], limit: number, offset: number) => ({
    ids: t.app.db
      .prepare(`SELECT s.id FROM inventory_style s WHERE s.id IN (SELECT p.style_id FROM inventory_product p WHERE p.archived_at IS NULL AND ${where})
      ORDER BY s.item_name, s.id LIMIT ? OFFSET ?`)
      .pluck()
      .all(...params, limit, offset),
    total: t.app.db
      .prepare(`SELECT count(DISTINCT p.style_id) FROM inventory_product p WHERE p.archived_at IS NULL AND ${where}`)
      .pluck()
      .get(...params),
  });
  const fts = 'p.id IN (SELECT rowid FROM inventory_product_fts WHERE inventory_product_fts MATCH ?)';
  const words = 'p.id IN (SELECT rowid FROM inventory_product_words WHERE inventory_product_words MATCH ?)';
  const cases: [string, string, unknown[]][] = [
    ['search=n', words, ['"n"*']],
    ['search=nike', fts, ['"nike"']],
    ['search=court%207', `${fts} AND ${words}`, ['"court"', '"7"*']],
    ['search=ST12', fts, ['"ST12"']],
    ['category=Running', 'p.category = ?', ['Running']],
    ['search=zzqx', fts, ['"zzqx"']],
  ];
  for (const [query, where, params] of cases) {
    for (const [page, pageSize] of [
      [1, 200],
      [3, 50],
      [40, 200],
    ]) {
      const r = await t.staff.get(`/api/styles?${query}&page=${page}&pageSize=${pageSize}`);
      const want = plain(where, params, pageSize, (page - 1) * pageSize);
      assert.equal(
        r.body.styles.map((x: { id: number }) => x.id),
        want.ids,
        `${query} page ${page}`,
      );
      assert.is(r.body.count, want.total, `${query} count`);
    }
  }
});

test('facets by loose index scan: the values DISTINCT gives', () => {
  const repo = inventoryRepo(t.app.db);
  const f = repo.facets();
  for (const [key, col] of [
    ['categories', 'category'],
    ['brands', 'brand'],
    ['sizes', 'size'],
    ['materials', 'material'],
  ] as const) {
    const plain = t.app.db
      .prepare(`SELECT DISTINCT ${col} FROM inventory_product WHERE archived_at IS NULL AND ${col} IS NOT NULL AND ${col} <> '' ORDER BY ${col}`)
      .pluck()
      .all();
    assert.equal(f[key], plain, key);
  }
});

test('low stock from its two indexes: the rows the plain query gives', () => {
  const plain = t.app.db
    .prepare(`SELECT p.id FROM inventory_product p JOIN inventory_style s ON s.id = p.style_id
    WHERE p.archived_at IS NULL AND coalesce(p.reorder_point, s.reorder_point) IS NOT NULL AND p.stock_qty <= coalesce(p.reorder_point, s.reorder_point)
    ORDER BY p.item_name COLLATE NOCASE, p.style_id, p.id`)
    .pluck()
    .all();
  assert.ok(plain.length > 100);
  assert.equal(
    lowStockRows(t.app.db).map((r) => r.id),
    plain,
  );
});

test("every statement of the till's requests reads through an index", async () => {
  // The POS opens: its first page of styles, the facets (made, then cached, then a 304), the low-stock badge.
  const page = await till('POS open: styles page', 'GET', '/api/styles?pageSize=200');
  assert.is(page.json().styles.length, 200);
  assert.is(page.json().count, STYLES);
  await till('POS open: facets', 'GET', '/api/products/facets');
  const tag = (await t.app.inject({ method: 'GET', url: '/api/products/facets', headers: { authorization: `Bearer ${t.staff.token}` } })).headers
    .etag as string;
  const cached = await statementsOf('GET', '/api/products/facets', undefined, { 'if-none-match': tag });
  assert.is(cached.status, 304);
  assert.equal(
    cached.sql.filter((q) => !q.includes('core_user')),
    ['SELECT live_products, live_styles, generation FROM inventory_catalogue WHERE id = 1'],
    'a 304 reads only the generation (and the signed-in user, as every request)',
  );
  const low = await till('POS open: low stock', 'GET', '/api/reports/low-stock');
  assert.ok(low.json().count > 0, 'some sizes are low');
  await till('POS open: auth config', 'GET', '/api/auth/config');

  // Keystrokes (GET /api/styles?search=, after the debounce): broad ones walk the name index, narrow ones sort.
  for (const q of ['n', 'ni', 'nik', 'nike', 'nike air', 'ST12', 'ST1234-40', '42', 'zzqx', 'court 7']) {
    await till(`keystroke "${q}"`, 'GET', `/api/styles?search=${encodeURIComponent(q)}&pageSize=200`);
  }
  await till('filter: category', 'GET', '/api/styles?category=Running&pageSize=200');
  await till('filter: brand + search', 'GET', '/api/styles?search=air&brand=Nike&pageSize=200');

  // Scans: the POS asks for an exact barcode, then an exact SKU (pageSize 1); Enter asks for the first match.
  const code = t.app.db.prepare('SELECT barcode, sku FROM inventory_product WHERE archived_at IS NULL AND id = 777').get() as { barcode: string; sku: string };
  const byBarcode = await till('scan: barcode', 'GET', `/api/products?barcode=${code.barcode}&pageSize=1`);
  assert.is(byBarcode.json().products[0].barcode, code.barcode);
  await till('scan: SKU', 'GET', `/api/products?sku=${code.sku}&pageSize=1`);
  for (const q of [code.sku, code.barcode, 'nike', 'n', 'gel 5']) {
    const first = await till(`Enter: first match "${q}"`, 'GET', `/api/products?search=${encodeURIComponent(q)}&pageSize=1`);
    if (q === code.sku || q === code.barcode) assert.is(first.json().products[0].id, 777, 'the exact code leads');
  }
  await till('Enter: first match with filters', 'GET', '/api/products?search=air&category=Running&brand=Nike&size=40&pageSize=1');

  // The till quotes the cart as it changes (#28: the pipeline's price and adjust stages, promotions included).
  await till('cart quote', 'POST', '/api/checkout/quote', {
    items: [
      { productId: 777, qty: 1 },
      { productId: 778, qty: 2 },
    ],
  });
  // A sale: checkout (its product lookups, stock moves, ledger), then the receipt and the badge again.
  const sale = await till(
    'checkout',
    'POST',
    '/api/checkout',
    {
      items: [
        { productId: 777, qty: 1 },
        { productId: 778, qty: 2 },
      ],
      tendered: 1000,
    },
    { 'idempotency-key': 'plan-test-1' },
  );
  await till('receipt', 'GET', `/api/invoices/${sale.json().invoiceId}/receipt`);
  await till('after the sale: low stock', 'GET', '/api/reports/low-stock');

  // Facets after a product changed: made again, through the index.
  t.app.db.prepare("UPDATE inventory_product SET brand = 'Zebra' WHERE id = 5").run();
  const fresh = await till('facets after a change', 'GET', '/api/products/facets');
  assert.ok(fresh.json().brands.includes('Zebra'));

  const bad: string[] = [];
  for (const [sql, label] of seen) {
    const scans = fullScans(sql);
    if (scans.length) bad.push(`${label}: ${scans.join('; ')}\n    ${sql.replace(/\s+/g, ' ').slice(0, 300)}`);
  }
  assert.ok(seen.size > 20, `statements recorded: ${seen.size}`);
  assert.equal(bad, [], `full scans:\n${bad.join('\n')}`);
});

test.run();
