// Held sales (#26.5) over real HTTP: carts parked per till, listed only at their till, resumed (returned and
// deleted in one step), another till's id is 404, no till header is 400, and the X / Z reports list what is held.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { pdfText } from '../../core/pdf/pdf-text.js';

let t: TestApp;
let h: HttpApp;

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
});
test.after(async () => {
  await t.close();
});

const till = (name: string) => ({ 'x-kedai-till': name });
const line = (productId: number, size: string, qty = 1) => ({
  productId,
  qty,
  sku: `SAMBA-${size}`,
  name: 'Samba OG',
  size,
  colour: 'White',
  price: 100,
  stock: 5,
});
const hold = async (name: string, label: string, items: object[] = [line(1, '42')], total = 109) => {
  const r = await h.staff.post('/api/held-sales', { label, cart: { items }, total }, till(name));
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.held_sale;
};
const held = async (name: string) => {
  const r = await h.staff.get('/api/held-sales', till(name));
  assert.is(r.status, 200, JSON.stringify(r.body));
  return r.body.held_sales as { id: number; label: string; item_count: number; total: number }[];
};
const rows = () => t.app.db.prepare('SELECT count(*) FROM shifts_held_sale').pluck().get() as number;

test('hold at two tills: each lists only its own, newest first; resume returns the cart and deletes it', async () => {
  const tan = await hold('Till 1', 'Mrs Tan', [line(1, '42'), { ...line(2, '43', 2), discount: { kind: 'PERCENT', value: 10 } }], 305.2);
  assert.is(tan.item_count, 3);
  assert.is(tan.total, 305.2);
  assert.is(tan.created_by, 'staff');
  const two = await hold('Till 1', 'Hold 2');
  const other = await hold('Till 2', 'Hold 1');
  assert.equal(
    (await held('Till 1')).map((x) => x.label),
    ['Hold 2', 'Mrs Tan'],
  );
  assert.equal(
    (await held('Till 2')).map((x) => x.id),
    [other.id],
  );
  assert.equal(await held('Till 3'), []);

  // Another till's id, or an unknown one: 404, nothing deleted.
  assert.is((await h.staff.delete(`/api/held-sales/${tan.id}`, till('Till 2'))).status, 404);
  assert.is((await h.staff.delete('/api/held-sales/99999', till('Till 1'))).status, 404);
  assert.is(rows(), 3);

  const r = await h.staff.delete(`/api/held-sales/${tan.id}`, till('Till 1'));
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.held_sale.label, 'Mrs Tan');
  assert.equal(
    r.body.held_sale.cart.items.map((i: { size: string; qty: number }) => [i.size, i.qty]),
    [
      ['42', 1],
      ['43', 2],
    ],
  );
  assert.equal(r.body.held_sale.cart.items[1].discount, { kind: 'PERCENT', value: 10 });
  // Resumed once: a second tap finds nothing.
  assert.is((await h.staff.delete(`/api/held-sales/${tan.id}`, till('Till 1'))).status, 404);
  assert.equal(
    (await held('Till 1')).map((x) => x.id),
    [two.id],
  );
  // Tidy for the next test.
  await h.staff.delete(`/api/held-sales/${two.id}`, till('Till 1'));
  await h.staff.delete(`/api/held-sales/${other.id}`, till('Till 2'));
});

test('no till header: 400 on every held-sale route; bad bodies 400; none signed in 401; nothing written', async () => {
  const before = rows();
  const body = { label: 'Hold 1', cart: { items: [line(1, '42')] }, total: 109 };
  for (const r of [await h.staff.post('/api/held-sales', body), await h.staff.get('/api/held-sales'), await h.staff.delete('/api/held-sales/1')]) {
    assert.is(r.status, 400, JSON.stringify(r.body));
    assert.match(r.body.error, /X-Kedai-Till/);
  }
  for (const bad of [
    { ...body, label: '   ' },
    { ...body, label: 'a\nb' },
    { ...body, label: 'x'.repeat(61) },
    { ...body, cart: { items: [] } },
    { ...body, cart: { items: [{ ...line(1, '42'), qty: 0 }] } },
    { ...body, cart: { items: [{ ...line(1, '42'), qty: 1.5 }] } },
    { ...body, cart: { items: [{ ...line(1, '42'), extra: 1 }] } },
    { ...body, cart: { items: [{ ...line(1, '42'), discount: { kind: 'FREE', value: 1 } }] } },
    { ...body, cart: { items: Array.from({ length: 101 }, (_, i) => line(i + 1, '42')) } },
    { ...body, total: -1 },
    { ...body, extra: 1 },
  ]) {
    const r = await h.staff.post('/api/held-sales', bad, till('Till 1'));
    assert.is(r.status, 400, `${JSON.stringify(bad).slice(0, 120)}: ${JSON.stringify(r.body)}`);
  }
  assert.is((await h.anon.post('/api/held-sales', body, till('Till 1'))).status, 401);
  assert.is(rows(), before);
});

test("the X report lists the till's held sales; the Z at close lists those still held (and its PDF prints them)", async () => {
  const shift = (await h.staff.post('/api/shifts', { till: 'Till 1', opening_float: 100 })).body.shift;
  await hold('Till 1', 'Mrs Tan', [line(1, '42'), line(2, '43')], 218);
  const resumed = await hold('Till 1', 'Hold 2');
  await hold('Till 2', 'Elsewhere');
  let x = await h.staff.get(`/api/shifts/${shift.id}/x-report`, till('Till 1'));
  assert.is(x.status, 200, JSON.stringify(x.body));
  assert.equal(
    x.body.report.held_sales.map((s: { label: string; item_count: number; total: number; created_by: string }) => [
      s.label,
      s.item_count,
      s.total,
      s.created_by,
    ]),
    [
      ['Hold 2', 1, 109, 'staff'],
      ['Mrs Tan', 2, 218, 'staff'],
    ],
  );
  await h.staff.delete(`/api/held-sales/${resumed.id}`, till('Till 1'));
  x = await h.staff.get(`/api/shifts/${shift.id}/x-report`, till('Till 1'));
  assert.equal(
    x.body.report.held_sales.map((s: { label: string }) => s.label),
    ['Mrs Tan'],
  );

  const z = await h.staff.post(`/api/shifts/${shift.id}/close`, { counted: { 100: 1 } }, till('Till 1'));
  assert.is(z.status, 200, JSON.stringify(z.body));
  assert.is(z.body.report.kind, 'Z');
  assert.equal(
    z.body.report.held_sales.map((s: { label: string }) => s.label),
    ['Mrs Tan'],
  );
  // Held after the close: the next shift's, not this Z's.
  await new Promise((r) => setTimeout(r, 5));
  await hold('Till 1', 'Tomorrow');
  const again = await h.staff.get(`/api/shifts/${shift.id}/z-report`, till('Till 1'));
  assert.equal(
    again.body.report.held_sales.map((s: { label: string }) => s.label),
    ['Mrs Tan'],
  );
  const pdf = await t.app.inject({ method: 'GET', url: `/api/shifts/${shift.id}/report.pdf`, headers: { authorization: `Bearer ${t.staff.token}` } });
  assert.is(pdf.statusCode, 200);
  const { text } = await pdfText(pdf.rawPayload);
  assert.match(text, /Sales still held \(1\)/);
  assert.match(text, /Mrs Tan, 2 items/);
});

test('a gift card beside the shoes (#29) is held and comes back on resume; a charge the schema cannot take is a 400, nothing held', async () => {
  const card = { kind: 'gift_card', value: { amount: 50 }, label: 'Gift card $50.00', amount: 50 };
  const r = await h.staff.post('/api/held-sales', { label: 'With card', cart: { items: [line(1, '42')], charges: [card] }, total: 159 }, till('Till 9'));
  assert.is(r.status, 201, JSON.stringify(r.body));
  const back = await h.staff.delete(`/api/held-sales/${r.body.held_sale.id}`, till('Till 9'));
  assert.is(back.status, 200, JSON.stringify(back.body));
  assert.equal(back.body.held_sale.cart.charges, [card]);
  const before = rows();
  for (const bad of [
    { ...card, kind: 'Gift Card' },
    { ...card, value: { amount: { nested: 1 } } },
    { ...card, amount: -5 },
    { ...card, extra: 1 },
  ]) {
    const x = await h.staff.post('/api/held-sales', { label: 'Bad', cart: { items: [line(1, '42')], charges: [bad] }, total: 159 }, till('Till 9'));
    assert.is(x.status, 400, JSON.stringify(x.body));
    assert.match(x.body.details.field, /^cart\.charges\.0/);
  }
  assert.is(rows(), before);
});

test.run();
