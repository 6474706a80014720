// #28.1 and #28.2 over real HTTP: a plugin that declares an adjuster and an after-commit hook in its manifest, and
// nothing else, changes what the quote and the checkout charge: the same adjustment on both, inside its line's
// discount, written as rows of sales_invoice_adjustment, GST once on the adjusted amount, never counted against
// the staff discount limit, never taking a line below zero; the after-commit hook sees each sale once, after its
// COMMIT, and a hook that throws cannot undo the sale.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { definePlugin, type CommittedSale } from '../../core/plugin.js';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { addProduct } from './test-support.js';

let t: TestApp;
let h: HttpApp;
let shoe: number;
let sock: number;
let boot: number;
const committed: CommittedSale[] = [];
let asked = 0;

// $15.00 off each pair of the shoe (shared as one adjustment over its line), and a greedy $500 off the boot.
const testAdjust = definePlugin({
  name: 'test-adjust',
  dependsOn: ['sales'],
  adjusters: [
    {
      source: 'test-adjust',
      adjust: (_db, cart) => {
        asked++;
        const drafts = [];
        for (const l of cart.lines) {
          if (l.productId === shoe)
            drafts.push({ code: 'PAIR-15', label: '$15 off each pair', refId: 7, shares: [{ index: l.index, units: l.qty, amountCents: -1500 * l.qty }] });
          if (l.productId === boot)
            drafts.push({ code: 'BOOT-ALL', label: 'Boot giveaway', refId: null, shares: [{ index: l.index, units: l.qty, amountCents: -50_000 }] });
        }
        return drafts;
      },
    },
  ],
  afterCommit: [
    (_db, sale) => committed.push(sale),
    () => {
      throw new Error('a broken hook');
    },
  ],
});

test.before(async () => {
  t = await testApp({ morePlugins: [testAdjust] });
  h = await listenHttp(t);
  shoe = await addProduct(t, 100, 20, 'Pipeline Runner');
  sock = await addProduct(t, 8, 50, 'Pipeline Socks');
  boot = await addProduct(t, 120, 5, 'Pipeline Boot');
});
test.after(async () => {
  await t.close();
});

const rowsOf = (invoiceId: number) =>
  t.app.db.prepare('SELECT source, code, label, ref_id, units, amount_cents FROM sales_invoice_adjustment WHERE invoice_id = ? ORDER BY id').all(invoiceId);

test('the quote and the checkout charge the same adjusted total, GST once on the adjusted amount', async () => {
  const body = {
    items: [
      { productId: shoe, qty: 2 },
      { productId: sock, qty: 1 },
    ],
  };
  const q = await h.staff.post('/api/checkout/quote', body);
  assert.is(q.status, 200, JSON.stringify(q.body));
  const quote = q.body.quote;
  assert.equal(quote.adjustments, [
    { source: 'test-adjust', code: 'PAIR-15', label: '$15 off each pair', amount: -30, units: 2, ref_id: 7, promotion_id: null, charge: false },
  ]);
  // 2 x 100 - 30 + 8 = 178; GST 9% = 16.02; total 194.02.
  assert.equal(
    quote.items.map((i: any) => [i.line_total, i.discount, i.adjustment]),
    [
      [170, 30, -30],
      [8, 0, 0],
    ],
  );
  assert.is(quote.subtotal, 178);
  assert.is(quote.tax_total, 16.02);
  assert.is(quote.grand_total, 194.02);

  const sale = await h.staff.post('/api/checkout', { ...body, payments: [{ method: 'NETS', amount: 194.02 }] });
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  const inv = sale.body.invoice;
  assert.is(inv.grand_total, quote.grand_total);
  assert.is(inv.tax_total, quote.tax_total);
  assert.equal(inv.adjustments, quote.adjustments);
  assert.equal(
    inv.items.map((i: any) => [i.line_total, i.adjustment]),
    [
      [170, -30],
      [8, 0],
    ],
  );
  assert.equal(rowsOf(inv.id), [{ source: 'test-adjust', code: 'PAIR-15', label: '$15 off each pair', ref_id: 7, units: 2, amount_cents: -3000 }]);
  // The invoice read back later says the same.
  const again = await h.admin.get(`/api/invoices/${inv.id}`);
  assert.equal(again.body.invoice.adjustments, inv.adjustments);
  assert.equal(again.body.invoice.items, inv.items);
});

test("an adjustment is the shop's: a cashier's sale with one needs no manager; the cashier's own discount still does", async () => {
  // $30 of $208 is 14%, above the 10% staff limit, yet the cashier gave nothing.
  const q = await h.staff.post('/api/checkout/quote', {
    items: [
      { productId: shoe, qty: 2 },
      { productId: sock, qty: 1 },
    ],
  });
  assert.is(q.body.quote.approval_required, false);
  const own = await h.staff.post('/api/checkout/quote', {
    items: [
      { productId: shoe, qty: 2, discount: 40 },
      { productId: sock, qty: 1 },
    ],
  });
  assert.is(own.body.quote.approval_required, true);
  const refused = await h.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 2, discount: 40 }], payments: [{ method: 'NETS', amount: 141.7 }] });
  assert.is(refused.status, 403);
  assert.is(refused.body.code, 'APPROVAL_REQUIRED');
});

test('an adjustment never takes a line below zero, and the line before it stays what the cashier rang up', async () => {
  const sale = await h.admin.post('/api/checkout', { items: [{ productId: boot, qty: 1, discount: 20 }], payments: [], tendered: 0 });
  // $120 - $20 own discount leaves $100: the $500 giveaway takes $100, not more.
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  const inv = sale.body.invoice;
  assert.equal(
    inv.items.map((i: any) => [i.discount, i.adjustment, i.line_total]),
    [[120, -100, 0]],
  );
  assert.is(inv.grand_total, 0);
  assert.equal(
    inv.adjustments.map((a: any) => [a.label, a.amount]),
    [['Boot giveaway', -100]],
  );
});

test('after commit: each sale once, with its number and till; a replay runs nothing; a throwing hook is only logged', async () => {
  committed.length = 0;
  const body = { items: [{ productId: sock, qty: 1 }], payments: [{ method: 'CASH', amount: 8.72 }] };
  const headers = { 'idempotency-key': 'pipeline-after-commit-1', 'x-kedai-till': 'Till 1' };
  const first = await h.staff.post('/api/checkout', body, headers);
  assert.is(first.status, 201, JSON.stringify(first.body));
  assert.equal(committed, [{ invoiceId: first.body.invoiceId, number: first.body.number, till: 'Till 1', grandTotalCents: 872 }]);
  const replay = await h.staff.post('/api/checkout', body, headers);
  assert.is(replay.status, 201);
  assert.is(committed.length, 1, 'a replay commits nothing new');
});

test('a failed sale writes no adjustment rows and runs no after-commit hook', async () => {
  committed.length = 0;
  const before = t.app.db.prepare('SELECT count(*) FROM sales_invoice_adjustment').pluck().get();
  const r = await h.admin.post('/api/checkout', { items: [{ productId: shoe, qty: 999 }], payments: [] });
  assert.is(r.status, 409, JSON.stringify(r.body));
  assert.is(t.app.db.prepare('SELECT count(*) FROM sales_invoice_adjustment').pluck().get(), before);
  assert.is(committed.length, 0);
  assert.ok(asked > 0);
});

test.run();
