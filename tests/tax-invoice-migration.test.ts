// #17.7 migrations on a shop's existing data: customers 002 brings stored UENs to the form the routes now require
// (case, spaces, dashes), sales 008 snapshots the customer's UEN on earlier invoices and marks the ones above
// $1,000.00 billed to an address as full tax invoices.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openDb } from '../core/db.js';
import { runMigrations } from '../core/migrate.js';
import { corePlugin } from '../core/app.js';
import { plugins } from '../app/plugins.js';

const migrationsOf = (name: string) => ({ name, migrations: [corePlugin, ...plugins].find((p) => p.name === name)!.migrations ?? [] });
const upTo = (name: string, version: number) => ({ name, migrations: migrationsOf(name).migrations.slice(0, version) });

test('customers 002 and sales 008 keep every row and fill the new columns', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-taxinv-mig-'));
  const db = openDb(path.join(dir, 'shop.db'));
  try {
    runMigrations(db, [migrationsOf('core'), migrationsOf('inventory'), upTo('customers', 1), upTo('sales', 5)]);
    const now = new Date().toISOString();
    const addCustomer = db.prepare('INSERT INTO customers_customer (id, name, uen, billing_address, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)');
    addCustomer.run(1, 'Hotel', ' 1997-04518e ', '1 Harbourfront Ave', now, now);
    addCustomer.run(2, 'Blank', '  ', null, now, now);
    addCustomer.run(3, 'Odd', 'not a uen!', null, now, now);
    addCustomer.run(4, 'Sole Prop', '53312345 a', null, now, now);
    const addInvoice = db.prepare(`INSERT INTO sales_invoice (number, business_date, seq, customer_id, customer_name, customer_billing_address,
      subtotal_cents, discount_total_cents, tax_rate_bps, tax_total_cents, grand_total_cents, payment_status, payment_method, created_at)
      VALUES (?, '2025-01-01', ?, ?, ?, ?, ?, 0, 900, ?, ?, 'UNPAID', ?, ?)`);
    addInvoice.run('INV-20250101-0001', 1, 1, 'Hotel', '1 Harbourfront Ave', 91_744, 8257, 100_001, 'CREDIT', now);
    addInvoice.run('INV-20250101-0002', 2, 1, 'Hotel', '1 Harbourfront Ave', 1000, 90, 1090, 'CREDIT', now);
    addInvoice.run('INV-20250101-0003', 3, null, 'Walk-in Customer', null, 91_744, 8257, 100_001, 'CASH', now);

    runMigrations(db, [migrationsOf('core'), migrationsOf('ledger'), migrationsOf('inventory'), migrationsOf('customers'), migrationsOf('sales')]);
    assert.equal(db.prepare('SELECT id, uen FROM customers_customer ORDER BY id').all(), [
      { id: 1, uen: '199704518E' },
      { id: 2, uen: null },
      { id: 3, uen: 'not a uen!' },
      { id: 4, uen: '53312345A' },
    ]);
    assert.equal(db.prepare('SELECT number, customer_uen, full_tax_invoice FROM sales_invoice ORDER BY id').all(), [
      { number: 'INV-20250101-0001', customer_uen: '199704518E', full_tax_invoice: 1 },
      { number: 'INV-20250101-0002', customer_uen: '199704518E', full_tax_invoice: 0 },
      { number: 'INV-20250101-0003', customer_uen: null, full_tax_invoice: 0 },
    ]);
    assert.throws(() => db.prepare('UPDATE sales_invoice SET full_tax_invoice = 2 WHERE id = 1').run(), /CHECK/);
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
