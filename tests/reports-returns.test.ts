// Reports with real returns and manual credit notes, made through those plugins' actions at fixed times
// (moved from plugins/reports/reports.test.ts: reports does not depend on returns or credit notes, it reads
// them through the reports_credit_note seam view, so its own test may not call their code).
//   2024-05-02 13:00  Runner Pro 100.00 + Kids Sandal 25.00, GST 11.25 = 136.25, NETS 100 + CASH 50 (change 13.75)
//   2024-05-02 15:00  the Kids Sandal comes back: credit note 25.00 + its GST share 2.25 = 27.25
//   2024-05-03 10:00  a manual (goodwill) credit note of 5.00 on the same invoice (a note, not a return)
//   2024-05-03 11:00  the Runner Pro comes back for cash: 109.00 (a return, refunded in money: in returns_total too)
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createManualCreditNote } from '../plugins/credit-notes/api.js';
import { createReturn } from '../plugins/returns/actions/create-return.js';
import { checkout } from '../plugins/sales/api.js';
import { testApp, type TestApp } from './helpers/app.js';

let t: TestApp;
const sgt = (local: string) => new Date(`${local}:00+08:00`);
const daily = async (date: string) => (await t.admin.get(`/api/reports/sales?type=daily&date=${date}`)).body;

test.before(async () => {
  t = await testApp();
});
test.after(async () => {
  await t?.close();
});

test('returns_total: goods brought back on their day, however paid back, reported apart from sales; manual notes apart again', async () => {
  const product = async (sku: string, item_name: string, selling_price: number) => {
    const r = await t.admin.post('/api/products', { item_name, sku, category: 'Test', selling_price, cost: 10, stock_qty: 10 });
    assert.is(r.status, 201, JSON.stringify(r.body));
    return r.body.product.id as number;
  };
  const runner = await product('A', 'Runner Pro', 100);
  const sandal = await product('C', 'Kids Sandal', 25);
  const ctx = { userId: null, timeZone: t.app.config.timeZone };
  const sale = checkout(
    t.app.db,
    {
      items: [
        { productId: runner, qty: 1 },
        { productId: sandal, qty: 1 },
      ],
      payments: [
        { method: 'NETS', amount: 100 },
        { method: 'CASH', amount: 50 },
      ],
    },
    { ...ctx, at: sgt('2024-05-02T13:00') },
  );
  const line = t.app.db.prepare('SELECT id FROM sales_invoice_line WHERE invoice_id = ? AND product_id = ?').pluck().get(sale.invoiceId, sandal) as number;
  createReturn(
    t.app.db,
    { invoice_id: sale.invoiceId, items: [{ product_id: sandal, invoice_line_id: line, returned_qty: 1, return_reason: 'Wrong Size' }] },
    { ...ctx, at: sgt('2024-05-02T15:00') },
  );

  const day = await daily('2024-05-02');
  assert.is(day.returns_total, 27.25);
  assert.is(day.returns_gst, 2.25);
  assert.is(day.credit_note_count, 1);
  assert.is(day.total_sales, 136.25, 'returns are reported apart, never netted off sales');
  const eod = (await t.admin.get('/api/reports/end-of-day?date=2024-05-02')).body;
  assert.equal(eod.credit_notes.from_returns, { count: 1, amount: 27.25 });
  assert.is((await daily('2024-05-03')).returns_total, 0);

  createManualCreditNote(t.app.db, { invoice_id: sale.invoiceId, amount: 5, reason: 'Goodwill' }, { ...ctx, at: sgt('2024-05-03T10:00') });
  assert.is((await daily('2024-05-03')).returns_total, 0, 'a manual note is not goods brought back');
  assert.equal((await t.admin.get('/api/reports/end-of-day?date=2024-05-03')).body.credit_notes.manual, { count: 1, amount: 5 });
  const runnerLine = t.app.db
    .prepare('SELECT id FROM sales_invoice_line WHERE invoice_id = ? AND product_id = ?')
    .pluck()
    .get(sale.invoiceId, runner) as number;
  const cash = createReturn(
    t.app.db,
    {
      invoice_id: sale.invoiceId,
      refund_method: 'CASH',
      items: [{ product_id: runner, invoice_line_id: runnerLine, returned_qty: 1, return_reason: 'Defective' }],
    },
    { ...ctx, at: sgt('2024-05-03T11:00') },
  );
  assert.equal([cash.creditNoteId, cash.refund?.paidOutCents], [null, 10_900]);
  const third = await daily('2024-05-03');
  assert.equal([third.returns_total, third.refunds_by_method.CASH], [109, 109]);
  assert.is((await t.admin.get('/api/reports/sales?type=monthly&month=2024-05')).body.returns_total, 136.25);
});

test.run();
