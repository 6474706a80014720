// The demo history of returns: made through the real actions, so stock, notes and balances agree.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';

let t: TestApp;
test.before(async () => {
  t = await testApp({ demo: true });
});
test.after(async () => {
  await t.close();
});

test('six completed returns, each with its own credit note, one used and one partly applied', async () => {
  const returns = (await t.staff.get('/api/returns')).body.returns as any[];
  assert.is(returns.length, 6);
  assert.ok(returns.every((r) => r.status === 'COMPLETED' && r.returned_qty === 1 && /^CN-\d{8}-\d{4}$/.test(r.creditNote.number)));
  const notes = (await t.admin.get('/api/returns/credit-notes')).body.credit_notes as any[];
  assert.is(notes.length, 6);
  assert.is(notes.filter((n) => n.status === 'USED').length, 1);
  const partial = notes.filter((n) => n.status === 'ACTIVE' && n.applied_amount > 0);
  assert.is(partial.length, 1);
  assert.ok(partial[0].applied_amount < partial[0].amount);
});

test('returned goods are back in stock through the ledger', () => {
  const back = t.app.db.prepare("SELECT count(*) AS n, sum(qty_delta) AS q FROM inventory_stock_movement WHERE reason = 'RETURN'").get() as {
    n: number;
    q: number;
  };
  assert.equal(back, { n: 6, q: 6 });
  const drift = t.app.db
    .prepare(`SELECT id FROM inventory_product p
    WHERE stock_qty <> (SELECT ifnull(sum(qty_delta), 0) FROM inventory_stock_movement WHERE product_id = p.id)`)
    .all();
  assert.equal(drift, []);
});

test.run();
