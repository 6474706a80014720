// Migration 002 rebuilds stock_take (for CANCELLED) under foreign keys: a shop with takes and counted lines
// keeps every row and id, and the lines still point at their takes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openDb } from '../core/db.js';
import { runMigrations } from '../core/migrate.js';
import { plugins } from '../app/plugins.js';

const migrationsOf = (name: string) => ({ name, migrations: plugins.find((p) => p.name === name)!.migrations ?? [] });
const inventory = migrationsOf('inventory');
const stockTake = migrationsOf('stock-take');

test('002-cancelled keeps takes, lines and ids; the foreign key still holds', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-st-mig-'));
  const db = openDb(path.join(dir, 'shop.db'));
  try {
    runMigrations(db, [inventory, { name: 'stock-take', migrations: stockTake.migrations.slice(0, 1) }]);
    const now = new Date().toISOString();
    db.prepare(
      "INSERT INTO inventory_style (id, item_name, cost_cents, selling_price_cents, tax_rate_bps, created_at, updated_at) VALUES (1, 'S', 0, 100, 900, ?, ?)",
    ).run(now, now);
    db.prepare(
      "INSERT INTO inventory_product (id, item_name, sku, style_id, cost_cents, selling_price_cents, stock_qty, tax_rate_bps, created_at, updated_at) VALUES (1, 'S', 'S-1', 1, 0, 100, 4, 900, ?, ?)",
    ).run(now, now);
    db.prepare("INSERT INTO stock_take (id, status, created_at, posted_at) VALUES (5, 'POSTED', ?, ?), (9, 'OPEN', ?, NULL)").run(now, now, now);
    db.prepare(
      'INSERT INTO stock_take_line (stock_take_id, product_id, expected_qty, counted_qty, unit_cost_cents, counted_at) VALUES (5, 1, 4, 3, 0, ?), (9, 1, 4, 4, 0, ?)',
    ).run(now, now);
    runMigrations(db, [inventory, stockTake]);
    assert.equal(db.prepare('SELECT id, status FROM stock_take ORDER BY id').all(), [
      { id: 5, status: 'POSTED' },
      { id: 9, status: 'OPEN' },
    ]);
    assert.is(db.prepare('SELECT count(*) FROM stock_take_line').pluck().get(), 2);
    assert.equal(db.pragma('foreign_key_check'), []);
    db.prepare("UPDATE stock_take SET status = 'CANCELLED' WHERE id = 9").run();
    assert.throws(
      () =>
        db
          .prepare('INSERT INTO stock_take_line (stock_take_id, product_id, expected_qty, counted_qty, unit_cost_cents, counted_at) VALUES (77, 1, 1, 1, 0, ?)')
          .run(now),
      /FOREIGN KEY/,
    );
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
