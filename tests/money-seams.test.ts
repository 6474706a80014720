// #25 money at the seams, over real HTTP on a real port: each finding of the issue as a cashier or an owner met it,
// and the identity every report keeps (by-method totals + credit notes taken = total sales + rounding).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from './helpers/app.js';
import { listenHttp } from './helpers/http.js';
import type { Client as HttpClient } from './helpers/app.js';

let t: TestApp;
let admin: HttpClient;
let staff: HttpClient;
const cents = (d: number) => Math.round(d * 100);
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

async function product(name: string, price: number, stock = 100): Promise<number> {
  const r = await admin.post('/api/products', {
    item_name: name,
    sku: `SEAM-${name.replace(/\W/g, '')}`,
    size: '42',
    selling_price: price,
    cost: 1,
    stock_qty: stock,
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.product.id;
}
async function customer(name: string): Promise<number> {
  const r = await admin.post('/api/customers', { name, credit_limit: 5000, credit_terms_days: 30 });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.customer.id;
}
async function sale(body: object, client = staff) {
  const r = await client.post('/api/checkout', body);
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.invoice;
}
async function giveBack(invoiceId: number, productId: number, qty: number, refund_method?: string) {
  const r = await staff.post('/api/returns', {
    invoice_id: invoiceId,
    refund_method,
    items: [{ product_id: productId, returned_qty: qty, return_reason: 'Defective' }],
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body;
}
const balance = async (id: number) => (await admin.get(`/api/customers/${id}`)).body.customer.outstanding_balance;
const sum = (m: Record<string, number>) => Object.values(m).reduce((s, v) => s + cents(v), 0);

test.before(async () => {
  t = await testApp();
  ({ admin, staff } = await listenHttp(t));
});
test.after(async () => {
  await t.close();
});

test('goods bought on unpaid credit come back to the account, and value from a credit note never as cash', async () => {
  const shoe = await product('Credit Runner', 100); // $109.00
  const c = await customer('Unpaid Ltd');
  const onCredit = await sale({ items: [{ productId: shoe, qty: 1 }], customerId: c });
  assert.is(onCredit.payment_status, 'UNPAID');
  const ret = await giveBack(onCredit.id, shoe, 1);
  // The return paid the debt: no spendable note is left, and the customer owes nothing.
  assert.equal([ret.creditNote.status, ret.creditNote.available], ['USED', 0]);
  assert.is(await balance(c), 0);
  const spend = await staff.post('/api/checkout', {
    items: [{ productId: shoe, qty: 1 }],
    customerId: c,
    payments: [{ method: 'CREDIT_NOTE', reference: ret.creditNote.number, amount: 109 }],
  });
  assert.is(spend.status, 409, JSON.stringify(spend.body));

  // A customer who paid in cash gets a note; the note pays a new sale; that sale returned for CASH gives back a note, not cash.
  const d = await customer('Paid Ltd');
  const paid = await sale({ items: [{ productId: shoe, qty: 1 }], customerId: d, payments: [{ method: 'CASH', amount: 109 }] });
  const note = (await giveBack(paid.id, shoe, 1)).creditNote;
  assert.equal([note.status, note.available], ['ACTIVE', 109]);
  const byNote = await sale({
    items: [{ productId: shoe, qty: 1 }],
    customerId: d,
    payments: [{ method: 'CREDIT_NOTE', reference: note.number, amount: 109 }],
  });
  assert.is(byNote.payment_status, 'PAID');
  const cashBack = await giveBack(byNote.id, shoe, 1, 'CASH');
  assert.is(cashBack.refund, null, 'no cash for value that came from a note');
  assert.equal([cashBack.creditNote.status, cashBack.creditNote.available], ['ACTIVE', 109]);
  assert.is(t.app.db.prepare('SELECT count(*) FROM sales_refund WHERE invoice_id = ?').pluck().get(byNote.id), 0);
});

test('split cash refunds round the running total: ten one-unit refunds of a $21.80 cash sale pay out $21.80', async () => {
  assert.is((await admin.patch('/api/settings', { cash_rounding: true })).status, 200);
  try {
    const sock = await product('Rounding Sock', 2); // $2.18
    const inv = await sale({ items: [{ productId: sock, qty: 10 }] });
    assert.equal([inv.grand_total, inv.rounding], [21.8, 0]);
    const paidOut: number[] = [];
    for (let i = 0; i < 10; i++) paidOut.push(cents((await giveBack(inv.id, sock, 1, 'CASH')).refund.paid_out));
    assert.equal(paidOut, [220, 215, 220, 215, 220, 220, 215, 220, 215, 220]);
    assert.is(
      paidOut.reduce((a, b) => a + b, 0),
      2180,
    );
    assert.is(t.app.db.prepare('SELECT sum(amount_cents) FROM sales_refund WHERE invoice_id = ?').pluck().get(inv.id), 2180);
  } finally {
    await admin.patch('/api/settings', { cash_rounding: false });
  }
});

test("a customer's sale paid in full in cash rounds like a walk-in's (sale and exchange); only a part on account stays exact", async () => {
  assert.is((await admin.patch('/api/settings', { cash_rounding: true })).status, 200);
  try {
    const boot = await product('Rounding Boot', 88.36); // $96.31
    const c = await customer('Cash Customer');
    const inv = await sale({ items: [{ productId: boot, qty: 1 }], customerId: c, payments: [{ method: 'CASH', amount: 96.3 }] });
    assert.equal([inv.grand_total, inv.rounding, inv.amount_due, inv.payment_status], [96.31, -0.01, 96.3, 'PAID']);
    const tendered = await sale({ items: [{ productId: boot, qty: 1 }], customerId: c, payments: [{ method: 'CASH', amount: 96.31 }], tendered: 100 });
    assert.equal([tendered.rounding, tendered.change, tendered.payment_status], [-0.01, 3.7, 'PAID']);
    assert.is(await balance(c), 0);
    // A part on account stays exact.
    const part = await sale({ items: [{ productId: boot, qty: 1 }], customerId: c, payments: [{ method: 'CASH', amount: 50 }] });
    assert.equal([part.rounding, part.payment_status], [0, 'PARTIAL']);
    assert.is(await balance(c), 46.31);

    // Exchange on a customer's paid invoice: the note pays $109, the rest $96.31 in cash 96.30.
    const shoe = await product('Exchange Shoe', 100);
    const e = await customer('Exchange Customer');
    const orig = await sale({ items: [{ productId: shoe, qty: 1 }], customerId: e, payments: [{ method: 'NETS', amount: 109, reference: 'N1' }] });
    const x = await staff.post('/api/exchanges', {
      invoice_id: orig.id,
      items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Wrong Size' }],
      sale: {
        items: [
          { productId: shoe, qty: 1 },
          { productId: boot, qty: 1 },
        ],
        payments: [{ method: 'CASH', amount: 96.3 }],
      },
    });
    assert.is(x.status, 201, JSON.stringify(x.body));
    assert.equal([x.body.sale.invoice.rounding, x.body.sale.invoice.payment_status], [-0.01, 'PAID']);
    assert.is(await balance(e), 0);
  } finally {
    await admin.patch('/api/settings', { cash_rounding: false });
  }
});

async function figures() {
  const d = today();
  const [daily, monthly, yearly, eod, csv] = await Promise.all([
    admin.get(`/api/reports/sales?type=daily&date=${d}`),
    admin.get(`/api/reports/sales?type=monthly&month=${d.slice(0, 7)}`),
    admin.get(`/api/reports/sales?type=yearly&year=${d.slice(0, 4)}`),
    admin.get(`/api/reports/end-of-day?date=${d}`),
    admin.get(`/api/reports/sales/csv?type=daily&date=${d}`),
  ]);
  for (const r of [daily, monthly, yearly, eod, csv]) assert.is(r.status, 200, JSON.stringify(r.body));
  const csvRow = (label: string) =>
    cents(
      Number(
        String(csv.body)
          .split('\n')
          .find((l) => l.startsWith(label))
          ?.split(',')[1] ?? 0,
      ),
    );
  return {
    reports: [daily.body, monthly.body, yearly.body],
    eod: eod.body,
    credit: [daily, monthly, yearly]
      .map((r) => cents(r.body.totals_by_method.CREDIT ?? 0))
      .concat(cents(eod.body.by_method.CREDIT?.amount ?? 0), csvRow('Payment Method CREDIT')),
    notesTaken: [daily, monthly, yearly].map((r) => cents(r.body.credit_notes_taken)).concat(cents(eod.body.credit_notes_taken.amount)),
  };
}

test('a credit note plus the rest on account: CREDIT grows by the part on account only, in every report, end-of-day and the CSV', async () => {
  const shoe = await product('Note Shoe', 100);
  const big = await product('Account Boot', 176.72); // $192.62
  const c = await customer('Note And Account');
  const first = await sale({ items: [{ productId: shoe, qty: 1 }], customerId: c, payments: [{ method: 'NETS', amount: 109, reference: 'N2' }] });
  const note = await admin.post('/api/returns/credit-notes', { invoice_id: first.id, amount: 50, reason: 'Goodwill' });
  assert.is(note.status, 201, JSON.stringify(note.body));
  const before = await figures();
  const inv = await sale({
    items: [{ productId: big, qty: 1 }],
    customerId: c,
    payments: [{ method: 'CREDIT_NOTE', reference: note.body.credit_note.number, amount: 50 }],
  });
  assert.equal([inv.grand_total, inv.payment_status], [192.62, 'PARTIAL']);
  const after = await figures();
  assert.equal(
    after.credit.map((v, i) => v - before.credit[i]),
    [14262, 14262, 14262, 14262, 14262],
  );
  assert.equal(
    after.notesTaken.map((v, i) => v - before.notesTaken[i]),
    [5000, 5000, 5000, 5000],
  );
});

test('every report keeps by-method totals + credit notes taken = total sales + rounding, after voids, refunds and exchanges', async () => {
  assert.is((await admin.patch('/api/settings', { cash_rounding: true })).status, 200);
  const shoe = await product('Identity Shoe', 100.02);
  const voided = await sale({ items: [{ productId: shoe, qty: 1 }], tendered: 200 });
  assert.is((await admin.post(`/api/invoices/${voided.id}/void`, { reason: 'Rung twice' })).status, 200);
  await giveBack((await sale({ items: [{ productId: shoe, qty: 2 }] })).id, shoe, 1, 'CASH');
  await admin.patch('/api/settings', { cash_rounding: false });
  const { reports, eod } = await figures();
  for (const r of reports) {
    assert.is(
      sum(r.totals_by_method) + cents(r.credit_notes_taken),
      cents(r.total_sales) + cents(r.rounding_total),
      `${r.type}: ${JSON.stringify(r.totals_by_method)}`,
    );
  }
  const eodMethods = Object.values(eod.by_method as Record<string, { amount: number }>).reduce((s, m) => s + cents(m.amount), 0);
  assert.is(eodMethods + cents(eod.credit_notes_taken.amount), cents(eod.total_sales) + cents(eod.rounding_total));
  // The voided sale's cash came in today and went back out today: both are on the day's sheet.
  assert.ok(cents(eod.voided_sales_received.CASH.amount) >= cents(voided.amount_due));
});

test("a walk-in's credit note spends only by its random code: its number is refused at the till, a USER sees no balance by number, guessing is 429", async () => {
  const shoe = await product('Bearer Shoe', 100);
  const inv = await sale({ items: [{ productId: shoe, qty: 1 }] });
  const note = (await giveBack(inv.id, shoe, 1)).creditNote;
  assert.match(note.redemption_code, /^[0-9A-HJKMNP-TV-Z]{13}$/);
  const rows = () => t.app.db.prepare('SELECT count(*) FROM sales_invoice').pluck().get();
  const before = rows();
  const byNumber = await staff.post('/api/checkout', {
    items: [{ productId: shoe, qty: 1 }],
    payments: [{ method: 'CREDIT_NOTE', reference: note.number, amount: 109 }],
  });
  assert.is(byNumber.status, 400, JSON.stringify(byNumber.body));
  assert.is(byNumber.body.code, 'CREDIT_NOTE_CODE_REQUIRED');
  assert.is(rows(), before, 'nothing written');
  const seen = await staff.get(`/api/returns/credit-notes/by-number/${note.number}`);
  assert.is(seen.status, 200);
  assert.equal([seen.body.credit_note.available, seen.body.credit_note.amount, seen.body.credit_note.code_required], [undefined, undefined, true]);
  const byCode = await staff.post('/api/checkout', {
    items: [{ productId: shoe, qty: 1 }],
    payments: [{ method: 'CREDIT_NOTE', reference: note.redemption_code, amount: 109 }],
  });
  assert.is(byCode.status, 201, JSON.stringify(byCode.body));
  // Guessing codes from this address: 10 misses, then 429 even for a real one.
  const other = (await giveBack((await sale({ items: [{ productId: shoe, qty: 1 }] })).id, shoe, 1)).creditNote;
  const misses: number[] = [];
  for (let i = 0; i < 10; i++) misses.push((await staff.get(`/api/returns/credit-notes/by-number/ZZZZZZZZZZZ${String(i).padStart(2, '0')}`)).status);
  assert.equal(misses, Array(10).fill(404));
  assert.is((await staff.get(`/api/returns/credit-notes/by-number/${other.redemption_code}`)).status, 429);
});

test.run();
