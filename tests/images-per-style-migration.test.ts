// Images migration 003 (#30, photos per style) on a shop with photos: each size's photos gather on its style
// with one primary (that of the style's first size, by id, that had one) and positions by size then old
// position; a product without a style keeps its own; every size reads its style's photos through inventory's view.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { plugins } from '../app/plugins.js';
import { openDb } from '../core/db.js';
import { runMigrations } from '../core/migrate.js';

const migrationsOf = (name: string) => ({ name, migrations: plugins.find((p) => p.name === name)!.migrations ?? [] });
const inventory = migrationsOf('inventory');
const images = migrationsOf('images');

test("migration 003: the sizes' photos gather on their style (one primary, positions by size); no style keeps its own", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-img-mig-'));
  const db = openDb(path.join(dir, 'shop.db'));
  try {
    runMigrations(db, [inventory, { name: 'images', migrations: images.migrations.slice(0, 2) }]);
    const now = '2025-01-01T00:00:00.000Z';
    db.prepare(`INSERT INTO inventory_style (id, item_name, selling_price_cents, created_at, updated_at)
      VALUES (7, 'Samba', 14900, @now, @now), (8, 'Court', 8900, @now, @now)`).run({ now });
    const addProduct =
      db.prepare(`INSERT INTO inventory_product (id, item_name, size, style_id, cost_cents, selling_price_cents, stock_qty, tax_rate_bps, created_at, updated_at)
      VALUES (?, 'Shoe', ?, ?, 0, 100, 0, 900, '${now}', '${now}')`);
    addProduct.run(10, '40', 7);
    addProduct.run(11, '41', 7);
    addProduct.run(12, '42', 7);
    addProduct.run(20, '40', 8);
    addProduct.run(30, null, null); // a product without a style (not made by today's code, but allowed by the schema)
    let n = 0;
    const addImage = db.prepare(`INSERT INTO images_product_image (product_id, file_id, alt, is_primary, position, width, height, bytes, created_at)
      VALUES (?, ?, ?, ?, ?, 10, 10, 100, '${now}')`);
    const photo = (productId: number, alt: string, primary: 0 | 1, position: number) =>
      addImage.run(productId, (++n).toString(16).padStart(32, '0'), alt, primary, position);
    // Size 12 first (its rows have the lowest ids), then size 11 with its primary second: size 11 comes first by product id.
    photo(12, '42-a', 1, 0);
    photo(11, '41-b', 0, 1);
    photo(11, '41-a', 1, 0);
    photo(20, 'court', 1, 0);
    photo(30, 'own-1', 0, 1);
    photo(30, 'own-0', 1, 0);
    runMigrations(db, [inventory, images]);
    assert.equal(db.pragma('foreign_key_check'), []);
    const rows = db.prepare('SELECT alt, product_id, style_id, owner, is_primary, position FROM images_product_image ORDER BY owner, position').all();
    assert.equal(rows, [
      { alt: 'own-0', product_id: 30, style_id: null, owner: -30, is_primary: 1, position: 0 },
      { alt: 'own-1', product_id: 30, style_id: null, owner: -30, is_primary: 0, position: 1 },
      { alt: '41-a', product_id: 11, style_id: 7, owner: 7, is_primary: 1, position: 0 },
      { alt: '41-b', product_id: 11, style_id: 7, owner: 7, is_primary: 0, position: 1 },
      { alt: '42-a', product_id: 12, style_id: 7, owner: 7, is_primary: 0, position: 2 },
      { alt: 'court', product_id: 20, style_id: 8, owner: 8, is_primary: 1, position: 0 },
    ]);
    // Every size of style 7 (size 10 had no photos) reads the style's three through inventory's view.
    const view = db
      .prepare('SELECT product_id, count(*) AS n, sum(is_primary) AS primaries FROM inventory_product_image GROUP BY product_id ORDER BY product_id')
      .all();
    assert.equal(view, [
      { product_id: 10, n: 3, primaries: 1 },
      { product_id: 11, n: 3, primaries: 1 },
      { product_id: 12, n: 3, primaries: 1 },
      { product_id: 20, n: 1, primaries: 1 },
      { product_id: 30, n: 2, primaries: 1 },
    ]);
    // One primary per style, whatever the application does.
    assert.throws(() => db.prepare("UPDATE images_product_image SET is_primary = 1 WHERE alt = '42-a'").run(), /UNIQUE/);
    // The view is read through the owner index (one seek per size).
    const plan = db
      .prepare('EXPLAIN QUERY PLAN SELECT * FROM inventory_product_image WHERE product_id = ?')
      .all(10)
      .map((r) => (r as { detail: string }).detail);
    assert.ok(
      plan.some((d) => /images_product_image_(owner|one_primary)/.test(d)),
      plan.join('; '),
    );
    assert.not.ok(
      plan.some((d) => /^SCAN/.test(d)),
      plan.join('; '),
    );
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
