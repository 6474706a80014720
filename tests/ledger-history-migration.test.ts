// #25 the ledger starts with the history: a shop's day of sales, payments, notes, returns, an exchange, a void,
// shifts with pay-ins/outs is made through the real API (which writes the ledger as it goes); then the ledger is
// emptied and rebuilt by the history migrations alone (sales 009, credit-notes 003, shifts 002), as on a shop that
// upgrades. Every figure (end-of-day, the sales report, each shift's X/Z) must come out the same to the cent.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp } from './helpers/app.js';
import { plugins } from '../app/plugins.js';

const sqlOf = (plugin: string, name: string) => plugins.find((p) => p.name === plugin)!.migrations!.find((m) => m.name === name)!.sql;
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const strip = (o: unknown) => JSON.parse(JSON.stringify(o, (k, v) => (k === 'generated_at' ? undefined : v)));

test('the history migrations rebuild the ledger the live code wrote: every figure the same', async () => {
  const t = await testApp();
  try {
    const { admin, staff } = t;
    const at = (name: string) => ({ 'x-kedai-till': name });
    const p = (await admin.post('/api/products', { item_name: 'History Shoe', sku: 'HIST-1', size: '42', selling_price: 100.02, cost: 1, stock_qty: 100 })).body
      .product.id;
    const c = (await admin.post('/api/customers', { name: 'History Co', credit_limit: 5000, credit_terms_days: 30 })).body.customer.id;
    await admin.patch('/api/settings', { cash_rounding: true });
    const one = (await staff.post('/api/shifts', { till: 'Till 1', opening_float: 100 }, at('Till 1'))).body.shift.id;
    const sell = async (body: object, till = 'Till 1') => {
      const r = await staff.post('/api/checkout', body, at(till));
      assert.is(r.status, 201, JSON.stringify(r.body));
      return r.body.invoice;
    };
    const cash = await sell({ items: [{ productId: p, qty: 2 }], tendered: 300 });
    await sell({
      items: [{ productId: p, qty: 1 }],
      payments: [
        { method: 'NETS', amount: 50, reference: 'N' },
        { method: 'CASH', amount: 59.02 },
      ],
    });
    const credit = await sell({ items: [{ productId: p, qty: 3 }], customerId: c, payments: [{ method: 'PAYNOW', amount: 100, reference: 'P' }] });
    assert.is((await staff.post(`/api/customers/${c}/payments`, { method: 'CASH', amount: 20 }, at('Till 1'))).status, 201);
    const ret = await staff.post(
      '/api/returns',
      { invoice_id: cash.id, refund_method: 'CASH', items: [{ product_id: p, returned_qty: 1, return_reason: 'Defective' }] },
      at('Till 1'),
    );
    assert.is(ret.status, 201, JSON.stringify(ret.body));
    const paidCustomer = await sell({ items: [{ productId: p, qty: 1 }], customerId: c, payments: [{ method: 'NETS', amount: 109.02, reference: 'N2' }] });
    const note = (await staff.post('/api/returns', { invoice_id: paidCustomer.id, items: [{ product_id: p, returned_qty: 1, return_reason: 'Defective' }] }))
      .body.creditNote;
    await sell({
      items: [{ productId: p, qty: 1 }],
      customerId: c,
      payments: [
        { method: 'CREDIT_NOTE', reference: note.number, amount: 50 },
        { method: 'CASH', amount: 59.02 },
      ],
    });
    const exch = await staff.post(
      '/api/exchanges',
      {
        invoice_id: credit.id,
        items: [{ product_id: p, returned_qty: 1, return_reason: 'Wrong Size' }],
        sale: { items: [{ productId: p, qty: 1 }], payments: [] },
      },
      at('Till 1'),
    );
    assert.is(exch.status, 201, JSON.stringify(exch.body));
    assert.is((await staff.post(`/api/shifts/${one}/cash-movements`, { kind: 'PAY_OUT', amount: 5, reason: 'Milk' }, at('Till 1'))).status, 201);
    const voided = await sell({ items: [{ productId: p, qty: 1 }], tendered: 120 });
    assert.is((await admin.post(`/api/invoices/${voided.id}/void`, { reason: 'Twice' })).status, 200);
    assert.is((await staff.post(`/api/shifts/${one}/close`, { counted: { 100: 3 } }, at('Till 1'))).status, 200);
    const two = (await staff.post('/api/shifts', { till: 'Till 2', opening_float: 50 }, at('Till 2'))).body.shift.id;
    await sell({ items: [{ productId: p, qty: 1 }] }, 'Till 2');
    assert.is((await staff.post(`/api/shifts/${two}/cash-movements`, { kind: 'PAY_IN', amount: 30, reason: 'Coins' }, at('Till 2'))).status, 201);

    const d = today();
    const snapshot = async () =>
      strip({
        eod: (await admin.get(`/api/reports/end-of-day?date=${d}`)).body,
        daily: (await admin.get(`/api/reports/sales?type=daily&date=${d}`)).body,
        yearly: (await admin.get(`/api/reports/sales?type=yearly&year=${d.slice(0, 4)}`)).body,
        z: (await admin.get(`/api/shifts/${one}/z-report`)).body.report,
        x: (await admin.get(`/api/shifts/${two}/x-report`)).body.report,
      });
    const live = await snapshot();
    const db = t.app.db;
    const ledgerRows = db.prepare('SELECT count(*) FROM ledger_entry').pluck().get() as number;
    assert.ok(ledgerRows > 20, `${ledgerRows} rows`);

    db.exec(`DROP TRIGGER ledger_entry_no_delete; DELETE FROM ledger_entry; DELETE FROM ledger_void; DELETE FROM ledger_day; DELETE FROM ledger_drawer;`);
    db.transaction(() => {
      db.exec(sqlOf('sales', 'ledger-history'));
      db.exec(sqlOf('credit-notes', 'ledger-history'));
      db.exec(sqlOf('shifts', 'ledger-history'));
    })();
    const rebuilt = await snapshot();
    assert.equal(rebuilt.eod, live.eod);
    assert.equal(rebuilt.daily, live.daily);
    assert.equal(rebuilt.yearly, live.yearly);
    assert.equal(rebuilt.z, live.z);
    assert.equal(rebuilt.x, live.x);
    // The open shift is the till's drawer again: the next sale at Till 2 is its own.
    const next = await staff.post('/api/checkout', { items: [{ productId: p, qty: 1 }] }, at('Till 2'));
    assert.is(next.status, 201);
    assert.is(db.prepare('SELECT shift_id FROM ledger_entry WHERE invoice_id = ? AND kind = ?').pluck().get(next.body.invoiceId, 'SALE_PAYMENT'), two);
  } finally {
    await t.close();
  }
});

test.run();
