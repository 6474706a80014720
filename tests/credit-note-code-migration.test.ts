// #25 credit-notes 003 on a shop's existing notes: every note written before it (walk-in and customer's, any
// status) gets its own redemption code, 13 characters of Crockford base32, unique; the notes keep everything
// else; a walk-in's old note then spends by that code (and no longer by its number).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openDb } from '../core/db.js';
import { runMigrations } from '../core/migrate.js';
import { corePlugin } from '../core/app.js';
import { plugins } from '../app/plugins.js';
import { creditNotesRepo } from '../plugins/credit-notes/repo.js';
import { lookUpNote, tenderedNote } from '../plugins/credit-notes/lookup.js';

const migrationsOf = (name: string) => ({ name, migrations: [corePlugin, ...plugins].find((p) => p.name === name)!.migrations ?? [] });
const upTo = (name: string, version: number) => ({ name, migrations: migrationsOf(name).migrations.slice(0, version) });
const before = ['core', 'ledger', 'inventory', 'customers', 'sales'].map(migrationsOf);

test('credit-notes 003 gives every existing note its own code and changes nothing else', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-cn-code-mig-'));
  const db = openDb(path.join(dir, 'shop.db'));
  try {
    runMigrations(db, [...before, upTo('credit-notes', 2)]);
    const now = new Date().toISOString();
    db.prepare('INSERT INTO customers_customer (id, name, created_at, updated_at) VALUES (1, ?, ?, ?)').run('Tan', now, now);
    const addInvoice = db.prepare(`INSERT INTO sales_invoice (id, number, business_date, seq, customer_id, customer_name, subtotal_cents, discount_total_cents,
      tax_rate_bps, tax_total_cents, grand_total_cents, payment_status, payment_method, created_at)
      VALUES (?, ?, '2025-01-01', ?, ?, ?, 10000, 0, 900, 900, 10900, 'PAID', 'CASH', ?)`);
    addInvoice.run(1, 'INV-20250101-0001', 1, null, 'Walk-in Customer', now);
    addInvoice.run(2, 'INV-20250101-0002', 2, 1, 'Tan', now);
    const addNote = db.prepare(`INSERT INTO credit_notes_note (id, number, business_date, seq, invoice_id, customer_id, source, reason, subtotal_cents,
      tax_cents, amount_cents, applied_cents, status, created_at) VALUES (?, ?, '2025-01-01', ?, ?, ?, 'RETURN', 'Defective', 1000, 90, 1090, ?, ?, ?)`);
    // Walk-in notes (ACTIVE, part-spent, USED, VOID) and a customer's note.
    addNote.run(1, 'CN-20250101-0001', 1, 1, null, 0, 'ACTIVE', now);
    addNote.run(2, 'CN-20250101-0002', 2, 1, null, 500, 'ACTIVE', now);
    addNote.run(3, 'CN-20250101-0003', 3, 1, null, 1090, 'USED', now);
    addNote.run(4, 'CN-20250101-0004', 4, 1, null, 0, 'VOID', now);
    addNote.run(5, 'CN-20250101-0005', 5, 2, 1, 0, 'ACTIVE', now);
    const others = () => db.prepare('SELECT id, number, customer_id, applied_cents, status, amount_cents FROM credit_notes_note ORDER BY id').all();
    const kept = others();

    runMigrations(db, [...before, migrationsOf('credit-notes')]);
    const codes = db.prepare('SELECT redemption_code FROM credit_notes_note ORDER BY id').pluck().all() as string[];
    assert.is(codes.length, 5);
    for (const c of codes) assert.match(c, /^[0-9A-HJKMNP-TV-Z]{13}$/);
    assert.is(new Set(codes).size, 5, 'each its own');
    assert.equal(others(), kept);
    assert.throws(() => db.prepare('UPDATE credit_notes_note SET redemption_code = ? WHERE id = 2').run(codes[0]), /UNIQUE/);

    // The old walk-in note is now found by its code, and refused at a till by its number.
    db.transaction(() => {
      assert.is(lookUpNote(db, codes[0].toLowerCase()).note.id, 1);
      assert.throws(
        () => tenderedNote(db, 'CN-20250101-0001', { field: 'payments.0' }),
        (e: any) => e.code === 'CREDIT_NOTE_CODE_REQUIRED' && e.statusCode === 400,
      );
      assert.is(tenderedNote(db, codes[1], { field: 'payments.0' }).id, 2);
      assert.is(tenderedNote(db, 'CN-20250101-0005', { field: 'payments.0' }).id, 5, "a customer's note still goes by number");
    })();
    // A note written after the migration gets a code of its own from the repository.
    const id = creditNotesRepo(db).insertNote({
      number: 'CN-20250101-0006',
      business_date: '2025-01-01',
      seq: 6,
      invoice_id: 1,
      customer_id: null,
      source: 'MANUAL',
      reason: 'Goodwill',
      notes: null,
      subtotal_cents: 100,
      tax_cents: 9,
      amount_cents: 109,
      status: 'ACTIVE',
      created_by: null,
      created_at: now,
    });
    const fresh = creditNotesRepo(db).get(id)!.redemption_code!;
    assert.match(fresh, /^[0-9A-HJKMNP-TV-Z]{13}$/);
    assert.not.ok(codes.includes(fresh));
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
