// #25.5: the text rules (core/schemas.ts ShortText/LongText) refuse the invisible bidi marks (U+200E, U+200F,
// U+061C), the C1 controls (U+0080-U+009F) and the Unicode line/paragraph separators (U+2028, U+2029), in
// single-line fields and in multi-line ones. Over real HTTP, each character in several fields: a 400 naming the
// field, and nothing written. Real names in other scripts, and notes with line breaks, still pass.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type Reply, type TestApp } from '../tests/helpers/app.js';
import { listenHttp, httpRequest, type HttpApp } from '../tests/helpers/http.js';

let t: TestApp;
let h: HttpApp;
let productId: number;
let invoiceId: number;

/** Every character #25.5 names, with its name for the failure message. */
const REFUSED: [string, string][] = [
  ['\u200E', 'U+200E LEFT-TO-RIGHT MARK'],
  ['\u200F', 'U+200F RIGHT-TO-LEFT MARK'],
  ['\u061C', 'U+061C ARABIC LETTER MARK'],
  ['\u0080', 'U+0080 (C1 first)'],
  ['\u0085', 'U+0085 NEXT LINE'],
  ['\u008E', 'U+008E SINGLE SHIFT TWO'],
  ['\u009B', 'U+009B CONTROL SEQUENCE INTRODUCER'],
  ['\u009F', 'U+009F (C1 last)'],
  ['\u2028', 'U+2028 LINE SEPARATOR'],
  ['\u2029', 'U+2029 PARAGRAPH SEPARATOR'],
];

const count = (table: string) => t.app.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
const stock = () => t.app.db.prepare('SELECT stock_qty FROM inventory_product WHERE id = ?').pluck().get(productId) as number;

interface Field {
  name: string;
  /** The field the 400 must name. */
  field: string;
  send(client: HttpApp, text: string): Promise<Reply>;
  /** What must not change when it is refused. */
  state(): unknown;
}

const FIELDS: Field[] = [
  {
    name: 'a product name (single line)',
    field: 'item_name',
    send: (c, text) => c.admin.post('/api/products', { item_name: `Runner${text}Pro`, selling_price: 50, cost: 20, stock_qty: 3 }),
    state: () => count('inventory_product'),
  },
  {
    name: 'a product name changed (single line)',
    field: 'item_name',
    send: (c, text) => c.admin.patch(`/api/products/${productId}`, { item_name: `${text}Text Rules Shoe` }),
    state: () => t.app.db.prepare('SELECT item_name, updated_at FROM inventory_product WHERE id = ?').get(productId),
  },
  {
    name: 'a customer name (single line)',
    field: 'name',
    send: (c, text) => c.staff.post('/api/customers', { name: `Tan${text} Ah Kow`, credit_limit: 0 }),
    state: () => count('customers_customer'),
  },
  {
    name: "a customer's billing address (multi-line)",
    field: 'billing_address',
    send: (c, text) => c.staff.post('/api/customers', { name: 'Address Check', billing_address: `1 Orchard Road\n#02-03${text}\nSingapore 238801` }),
    state: () => count('customers_customer'),
  },
  {
    name: "a return's notes (multi-line)",
    field: 'notes',
    send: (c, text) =>
      c.staff.post('/api/returns', {
        invoice_id: invoiceId,
        items: [{ product_id: productId, returned_qty: 1, return_reason: 'Wrong Size' }],
        notes: `Box opened.\nCustomer${text} says too small`,
      }),
    state: async () => [count('returns_return'), count('credit_notes_note'), stock()],
  },
  {
    name: "a return's reason (single line)",
    field: 'items.0.return_reason',
    send: (c, text) =>
      c.staff.post('/api/returns', { invoice_id: invoiceId, items: [{ product_id: productId, returned_qty: 1, return_reason: `Wrong${text}Size` }] }),
    state: async () => [count('returns_return'), count('credit_notes_note'), stock()],
  },
  {
    name: 'the receipt footer (multi-line setting)',
    field: 'receipt_footer',
    send: (c, text) => c.admin.patch('/api/settings', { receipt_footer: `Thank you!\nExchanges within 7 days${text}` }),
    state: () => t.app.db.prepare('SELECT * FROM core_setting ORDER BY key').all(),
  },
];

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
  const p = await h.admin.post('/api/products', { item_name: 'Text Rules Shoe', sku: 'TXT-1', selling_price: 80, cost: 30, stock_qty: 10 });
  assert.is(p.status, 201, JSON.stringify(p.body));
  productId = p.body.product.id;
  const sale = await h.staff.post('/api/checkout', { items: [{ productId, qty: 2 }] });
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  invoiceId = sale.body.invoiceId;
});
test.after(async () => {
  await t.close();
});

for (const f of FIELDS) {
  test(`${f.name}: each refused character is a 400 naming ${f.field}, nothing written`, async () => {
    for (const [ch, name] of REFUSED) {
      const before = JSON.stringify(await f.state());
      const r = await f.send(h, ch);
      assert.is(r.status, 400, `${name}: ${r.raw.toString()}`);
      assert.is(r.body.code, 'VALIDATION', name);
      assert.is(r.body.details.field, f.field, name);
      assert.match(
        r.body.error,
        new RegExp(`^${f.field.replace(/\./g, '\\.')} must (be a single line without|not contain) control or text-direction characters$`),
        name,
      );
      assert.is(JSON.stringify(await f.state()), before, `${name}: nothing written`);
    }
  });
}

test('sent as JSON \\u escapes rather than raw bytes: refused the same', async () => {
  const before = count('customers_customer');
  for (const written of ['\\u200e', '\\u200F', '\\u061c', '\\u0085', '\\u2028', '\\u2029']) {
    // The JSON text exactly as written (an object would be stringified with the raw character).
    const body = Buffer.from(`{"name":"Lim${written}Bee Hoon","credit_limit":0}`);
    const r = await httpRequest(h.port, 'POST', '/api/customers', body, { authorization: `Bearer ${t.staff.token}` });
    assert.is(r.status, 400, written);
    assert.is(r.body.details.field, 'name', written);
  }
  assert.is(count('customers_customer'), before);
});

test('what shops really type still passes: other scripts, accents, line breaks in notes and addresses', async () => {
  for (const name of ['José Müller', '陈大文', 'முருகன் சுப்பிரமணியம்', 'محمد بن عبدالله', 'Nguyễn Thị Hoa', "O'Brien & Sons (S) Pte. Ltd."]) {
    const r = await h.staff.post('/api/customers', { name, billing_address: `Blk 123 Ang Mo Kio Ave 3\n#04-56\r\nSingapore 560123\tLobby B`, credit_limit: 0 });
    assert.is(r.status, 201, `${name}: ${r.raw.toString()}`);
    assert.is(r.body.customer.name, name);
  }
  const ret = await h.staff.post('/api/returns', {
    invoice_id: invoiceId,
    items: [{ product_id: productId, returned_qty: 1, return_reason: 'Wrong Size' }],
    notes: 'Box opened.\nCustomer says too small.',
  });
  assert.is(ret.status, 201, ret.raw.toString());
  assert.is(ret.body.returns[0].notes, 'Box opened.\nCustomer says too small.');
});

test.run();
