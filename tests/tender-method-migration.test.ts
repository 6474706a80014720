// #29 migrations on a shop's existing data: sales 012 and ledger 003 rebuild sales_payment and ledger_entry to take
// any plugin tender's method (GIFT_CARD, LOYALTY_POINTS). Every row and id is kept, credit notes' applications still
// point at their payments, and the triggers work as before: paid_cents and the status follow the payments, payments
// and ledger rows stay immutable, the ledger's day sums follow new rows and voids.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openDb } from '../core/db.js';
import { runMigrations } from '../core/migrate.js';
import { corePlugin } from '../core/app.js';
import { orderPlugins } from '../core/plugin.js';
import { plugins } from '../app/plugins.js';

const all = orderPlugins([corePlugin, ...plugins]).map((p) => ({ name: p.name, migrations: p.migrations ?? [] }));
// The schema before #29: sales up to 011, ledger up to 002, every other plugin as it is.
const before = all.map((p) =>
  p.name === 'sales' ? { ...p, migrations: p.migrations.slice(0, 11) } : p.name === 'ledger' ? { ...p, migrations: p.migrations.slice(0, 2) } : p,
);

test('sales 012 and ledger 003 keep every row, id, link and trigger, and take plugin tenders', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-tender-mig-'));
  const db = openDb(path.join(dir, 'shop.db'));
  try {
    runMigrations(db, before);
    assert.throws(() => db.prepare("INSERT INTO sales_payment (invoice_id, method, amount_cents, paid_at) VALUES (1, 'GIFT_CARD', 1, 'x')").run(), /CHECK/);
    const now = '2025-01-01T02:00:00.000Z';
    const addInvoice = db.prepare(`INSERT INTO sales_invoice (id, number, business_date, seq, customer_name, subtotal_cents, discount_total_cents,
      tax_rate_bps, tax_total_cents, grand_total_cents, payment_status, payment_method, created_at, rounding_cents)
      VALUES (?, ?, '2025-01-01', ?, 'Walk-in Customer', 10000, 0, 900, 900, 10900, 'UNPAID', ?, ?, ?)`);
    addInvoice.run(1, 'INV-20250101-0001', 1, 'CASH', now, 0);
    addInvoice.run(2, 'INV-20250101-0002', 2, 'MIXED', now, 0);
    addInvoice.run(3, 'INV-20250101-0003', 3, 'CASH', now, 0);
    const pay = db.prepare('INSERT INTO sales_payment (id, invoice_id, method, amount_cents, reference, paid_at, till) VALUES (?, ?, ?, ?, ?, ?, ?)');
    pay.run(10, 1, 'CASH', 10900, null, now, 'Till 1');
    pay.run(11, 2, 'NETS', 5000, 'APPR1', now, 'Till 1');
    pay.run(12, 2, 'CREDIT_NOTE', 5900, 'CN-20250101-0001', now, null);
    pay.run(13, 3, 'PAYNOW', 4000, null, now, null);
    db.prepare(`INSERT INTO credit_notes_note (id, number, business_date, seq, invoice_id, source, reason, subtotal_cents, tax_cents, amount_cents,
      applied_cents, status, created_at) VALUES (1, 'CN-20250101-0001', '2025-01-01', 1, 1, 'RETURN', 'Defective', 5413, 487, 5900, 5900, 'USED', ?)`).run(now);
    db.prepare(`INSERT INTO credit_notes_application (id, note_id, invoice_id, payment_id, amount_cents, applied_at)
      VALUES (7, 1, 2, 12, 5900, ?)`).run(now);
    const led = db.prepare(`INSERT INTO ledger_entry (id, kind, method, amount_cents, invoice_id, at_sale, at, business_date, reference)
      VALUES (?, ?, ?, ?, ?, ?, ?, '2025-01-01', ?)`);
    led.run(100, 'SALE_PAYMENT', 'CASH', 10900, 1, 1, now, 'INV-20250101-0001');
    led.run(101, 'SALE_PAYMENT', 'NETS', 5000, 2, 1, now, 'INV-20250101-0002');
    led.run(102, 'CN_REDEEM', 'CREDIT_NOTE', 5900, 2, 1, now, 'CN-20250101-0001');
    const payments = () => db.prepare('SELECT * FROM sales_payment ORDER BY id').all();
    const invoices = () => db.prepare('SELECT id, paid_cents, payment_status FROM sales_invoice ORDER BY id').all();
    const ledger = () => db.prepare('SELECT * FROM ledger_entry ORDER BY id').all();
    const days = () => db.prepare('SELECT * FROM ledger_day ORDER BY kind, method').all();
    const was = { payments: payments(), invoices: invoices(), ledger: ledger(), days: days() };
    assert.equal(was.invoices, [
      { id: 1, paid_cents: 10900, payment_status: 'PAID' },
      { id: 2, paid_cents: 10900, payment_status: 'PAID' },
      { id: 3, paid_cents: 4000, payment_status: 'PARTIAL' },
    ]);

    assert.ok(runMigrations(db, all) >= 2);
    assert.equal(payments(), was.payments);
    assert.equal(invoices(), was.invoices);
    assert.equal(ledger(), was.ledger);
    assert.equal(days(), was.days);
    // Credit notes' link to the payment: still a foreign key to the rebuilt table, and nothing broken.
    assert.equal(db.pragma('foreign_key_check'), []);
    assert.equal(db.prepare('SELECT a.id, p.method, p.amount_cents FROM credit_notes_application a JOIN sales_payment p ON p.id = a.payment_id').all(), [
      { id: 7, method: 'CREDIT_NOTE', amount_cents: 5900 },
    ]);
    assert.throws(
      () => db.prepare("INSERT INTO credit_notes_application (note_id, invoice_id, payment_id, amount_cents, applied_at) VALUES (1, 2, 999, 1, 'x')").run(),
      /FOREIGN KEY/,
    );
    // Every index kept.
    const indexes = (t: string) =>
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name").all(t) as { name: string }[]).map(
        (r) => r.name,
      );
    assert.equal(indexes('sales_payment'), ['sales_payment_customer_payment', 'sales_payment_invoice', 'sales_payment_paid_at', 'sales_payment_till']);
    assert.equal(indexes('ledger_entry'), ['ledger_entry_credit_note', 'ledger_entry_invoice', 'ledger_entry_shift']);

    // The paid_cents trigger of 006: a plugin tender's payment settles invoice 3; deleting it reopens it.
    pay.run(14, 3, 'GIFT_CARD', 6900, 'GC ****0001', now, 'Till 1');
    assert.equal(db.prepare('SELECT paid_cents, payment_status FROM sales_invoice WHERE id = 3').get(), { paid_cents: 10900, payment_status: 'PAID' });
    db.prepare('DELETE FROM sales_payment WHERE id = 14').run();
    assert.equal(db.prepare('SELECT paid_cents, payment_status FROM sales_invoice WHERE id = 3').get(), { paid_cents: 4000, payment_status: 'PARTIAL' });
    pay.run(15, 3, 'LOYALTY_POINTS', 6900, null, now, null);
    assert.throws(() => db.prepare('UPDATE sales_payment SET amount_cents = 1 WHERE id = 10').run(), /immutable/);
    for (const bad of ['gift_card', 'CREDIT', 'MIXED', 'G', 'GIFT CARD', '1CARD']) {
      assert.throws(() => pay.run(null, 1, bad, 1, null, now, null), /CHECK/, bad);
    }

    // The ledger: plugin tender kinds, signs checked, rows immutable, day sums and voids as before.
    led.run(103, 'TENDER_REDEEM', 'LOYALTY_POINTS', 6900, 3, 1, now, null);
    assert.throws(() => led.run(104, 'TENDER_REFUND', 'GIFT_CARD', 100, 3, 0, now, null), /CHECK/);
    assert.throws(() => led.run(104, 'SALE_PAYMENT', 'GIFT_CARD', 100, 3, 1, now, null), /CHECK/);
    assert.throws(() => led.run(104, 'TENDER_REFUND', 'GIFT_CARD', -100, 3, 1, now, null), /CHECK/);
    led.run(104, 'TENDER_REFUND', 'GIFT_CARD', -100, 3, 0, now, null);
    assert.throws(() => db.prepare('UPDATE ledger_entry SET amount_cents = 1 WHERE id = 100').run(), /immutable/);
    assert.throws(() => db.prepare('DELETE FROM ledger_entry WHERE id = 100').run(), /immutable/);
    const day = (kind: string, method: string) =>
      db.prepare('SELECT n, cents, voided FROM ledger_day WHERE kind = ? AND method = ? ORDER BY voided').all(kind, method);
    assert.equal(day('TENDER_REDEEM', 'LOYALTY_POINTS'), [{ n: 1, cents: 6900, voided: 0 }]);
    db.prepare("INSERT INTO ledger_void (invoice_id, at, business_date) VALUES (2, ?, '2025-01-01')").run(now);
    assert.equal(day('SALE_PAYMENT', 'NETS'), [
      { n: 0, cents: 0, voided: 0 },
      { n: 1, cents: 5000, voided: 1 },
    ]);
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
