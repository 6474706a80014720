// #17.5 a credit note as tender at checkout: spent in the sale's own transaction (payment, application,
// applied amount, USED when spent); unknown, VOID, USED, another customer's or too much: 4xx naming the
// payment's field and nothing written (invoices, stock, the note). And the till's lookup by code or number.
// A walk-in's note is tendered by its redemption code (#25: bearer-code.test.ts has the refusals by number).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { makeCustomer, makeProduct, returnItems, sell, stockOf } from './test-support.js';

let t: TestApp;
let shoe: number; // $100.00 -> $109.00 with GST
let sock: number; // $10.00 -> $10.90 with GST

test.before(async () => {
  t = await testApp();
  shoe = await makeProduct(t, 'Runner', 100, 50);
  sock = await makeProduct(t, 'Sock', 10, 50);
});
test.after(async () => {
  await t.close();
});

const count = (table: string) => t.app.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
const noteRow = (number: string) =>
  t.app.db.prepare('SELECT status, applied_cents, amount_cents FROM credit_notes_note WHERE number = ?').get(number) as {
    status: string;
    applied_cents: number;
    amount_cents: number;
  };
/** A walk-in's note worth one shoe ($109.00): its number and the code that spends it. */
async function walkInNote(): Promise<{ number: string; code: string }> {
  const inv = await sell(t, [{ productId: shoe, qty: 1 }]);
  const note = (await returnItems(t, inv.id, [{ productId: shoe, qty: 1 }])).creditNote;
  return { number: note.number, code: note.redemption_code };
}

test('lookup by code (any signed-in user): the note and what is left on it; 404 for an unknown number', async () => {
  const { number, code } = await walkInNote();
  const r = await t.staff.get(`/api/returns/credit-notes/by-number/${code.toLowerCase()}`);
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.credit_note.number, number);
  assert.is(r.body.credit_note.available, 109);
  assert.is(r.body.credit_note.status, 'ACTIVE');
  assert.is((await t.staff.get('/api/returns/credit-notes/by-number/CN-20990101-0001')).status, 404);
});

test('a note pays a whole sale: one CREDIT_NOTE payment, an application, the note USED', async () => {
  const { number, code } = await walkInNote();
  const r = await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], payments: [{ method: 'CREDIT_NOTE', reference: code, amount: 109 }] });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(r.body.invoice.payment_status, 'PAID');
  assert.equal(
    r.body.invoice.payments.map((p: any) => [p.method, p.amount, p.reference]),
    [['CREDIT_NOTE', 109, number]],
  );
  assert.equal(noteRow(number), { status: 'USED', applied_cents: 10900, amount_cents: 10900 });
  const note = (await t.staff.get(`/api/returns/credit-notes/by-number/${code}`)).body.credit_note;
  assert.equal(
    note.applications.map((a: any) => [a.invoice.number ?? a.invoice_number, a.amount]),
    [[r.body.number, 109]],
  );
});

test('part by note, the rest in cash with change; the note stays ACTIVE with the balance', async () => {
  const { number, code } = await walkInNote();
  // Sale: 1 sock $10.90; note $109: applied only what the till sends ($5), cash $10 for the $5.90 left.
  const r = await t.staff.post('/api/checkout', {
    items: [{ productId: sock, qty: 1 }],
    payments: [
      { method: 'CREDIT_NOTE', reference: code, amount: 5 },
      { method: 'CASH', amount: 10 },
    ],
    tendered: 10,
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(r.body.invoice.payment_status, 'PAID');
  assert.is(r.body.invoice.payment_method, 'MIXED');
  assert.equal(r.body.invoice.payments.map((p: any) => [p.method, p.amount]).sort(), [
    ['CASH', 5.9],
    ['CREDIT_NOTE', 5],
  ]);
  assert.is(r.body.invoice.change, 4.1);
  assert.equal(noteRow(number), { status: 'ACTIVE', applied_cents: 500, amount_cents: 10900 });
});

test("refused, naming the payment field, nothing written: unknown, too much, more than the total, VOID, USED, another customer's", async () => {
  const { number: active, code: activeCode } = await walkInNote();
  const { number: used, code: usedCode } = await walkInNote();
  t.app.db.prepare("UPDATE credit_notes_note SET applied_cents = amount_cents, status = 'USED' WHERE number = ?").run(used);
  const { number: voided, code: voidedCode } = await walkInNote();
  t.app.db.prepare("UPDATE credit_notes_note SET status = 'VOID' WHERE number = ?").run(voided);
  const tan = await makeCustomer(t, 'Tan');
  const lee = await makeCustomer(t, 'Lee');
  const tanSale = await sell(t, [{ productId: shoe, qty: 1 }], { customerId: tan, paidLater: true });
  const tansNote = (await returnItems(t, tanSale.id, [{ productId: shoe, qty: 1 }])).creditNote.number;

  const sale = (payments: unknown[], extra: object = {}) => ({ items: [{ productId: shoe, qty: 1 }], payments, ...extra });
  const cases: [string, object, number, string][] = [
    [
      'unknown',
      sale([
        { method: 'CASH', amount: 9 },
        { method: 'CREDIT_NOTE', reference: 'CN-20990101-0009', amount: 100 },
      ]),
      404,
      'payments.1.reference',
    ],
    ['no number', sale([{ method: 'CREDIT_NOTE', amount: 109 }]), 400, 'payments.0.reference'],
    [
      'more than the note',
      {
        items: [{ productId: shoe, qty: 2 }],
        payments: [
          { method: 'CREDIT_NOTE', reference: activeCode, amount: 200 },
          { method: 'CASH', amount: 18 },
        ],
      },
      409,
      'payments.0.amount',
    ],
    ['more than the total', sale([{ method: 'CREDIT_NOTE', reference: activeCode, amount: 109.01 }]), 400, 'payments'],
    ['USED', sale([{ method: 'CREDIT_NOTE', reference: usedCode, amount: 109 }]), 409, 'payments.0.reference'],
    ['VOID', sale([{ method: 'CREDIT_NOTE', reference: voidedCode, amount: 109 }]), 409, 'payments.0.reference'],
    ['walk-in note by its number', sale([{ method: 'CREDIT_NOTE', reference: active, amount: 109 }]), 400, 'payments.0.reference'],
    ['other customer (walk-in sale)', sale([{ method: 'CREDIT_NOTE', reference: tansNote, amount: 109 }]), 409, 'payments.0.reference'],
    ['other customer (Lee)', sale([{ method: 'CREDIT_NOTE', reference: tansNote, amount: 109 }], { customerId: lee }), 409, 'payments.0.reference'],
  ];
  for (const [name, body, status, field] of cases) {
    const before = [count('sales_invoice'), count('sales_payment'), count('credit_notes_application'), await stockOf(t, shoe)];
    const notes = [active, used, voided, tansNote].map(noteRow);
    const r = await t.staff.post('/api/checkout', body);
    assert.is(r.status, status, `${name}: ${JSON.stringify(r.body)}`);
    assert.is(r.body.details?.field, field, `${name}: ${JSON.stringify(r.body)}`);
    if (name.startsWith('other')) assert.is(r.body.code, 'CREDIT_NOTE_OTHER_CUSTOMER');
    assert.equal([count('sales_invoice'), count('sales_payment'), count('credit_notes_application'), await stockOf(t, shoe)], before, name);
    assert.equal([active, used, voided, tansNote].map(noteRow), notes, name);
  }
  // Tan's own sale may use Tan's note.
  const ok = await t.staff.post('/api/checkout', sale([{ method: 'CREDIT_NOTE', reference: tansNote, amount: 109 }], { customerId: tan }));
  assert.is(ok.status, 201, JSON.stringify(ok.body));
  assert.is(noteRow(tansNote).status, 'USED');
});

test.run();
