// API tests for the customers plugin: roles, validation, search, pagination, derived balances, demo seed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { demoCustomers } from '../../data/demo/customers.js';

let t: TestApp;
test.before(async () => {
  t = await testApp();
});
test.after(async () => {
  await t.close();
});

const count = () => t.app.db.prepare('SELECT COUNT(*) FROM customers_customer').pluck().get() as number;

async function add(body: Record<string, unknown>) {
  const r = await t.admin.post('/api/customers', body);
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.customer;
}

test('anonymous requests are refused with 401', async () => {
  assert.is((await t.anon.get('/api/customers')).status, 401);
  assert.is((await t.anon.get('/api/customers/1')).status, 401);
  assert.is((await t.anon.post('/api/customers', { name: 'X' })).status, 401);
  assert.is((await t.anon.patch('/api/customers/1', { name: 'X' })).status, 401);
  assert.is(count(), 0);
});

test('a USER adds a customer: 201 with the full JSON, money in dollars, defaults 0', async () => {
  const r = await t.staff.post('/api/customers', { name: '  Walk In Wendy  ', phone: '+65 9000 0001', email: '' });
  assert.is(r.status, 201);
  const c = r.body.customer;
  assert.equal(
    Object.keys(c).sort(),
    [
      'billing_address',
      'company',
      'created_at',
      'credit_limit',
      'credit_terms_days',
      'email',
      'id',
      'name',
      'outstanding_balance',
      'overdue',
      'phone',
      'uen',
      'updated_at',
    ].sort(),
  );
  assert.is(c.name, 'Walk In Wendy');
  assert.is(c.phone, '+65 9000 0001');
  assert.is(c.email, null);
  assert.is(c.credit_limit, 0);
  assert.is(c.credit_terms_days, 0);
  assert.is(c.outstanding_balance, 0);
  assert.is(c.overdue, false);
  assert.match(c.created_at, /^\d{4}-\d{2}-\d{2}T/);
});

test('POST stores credit limit (as cents) and terms from the body', async () => {
  const c = await add({
    name: 'Harbour Hotel',
    company: 'Harbour Hotel Pte Ltd',
    uen: '199704518E',
    billing_address: '1 Harbourfront Ave',
    credit_limit: 2500.75,
    credit_terms_days: 30,
  });
  assert.is(c.credit_limit, 2500.75);
  assert.is(c.credit_terms_days, 30);
  const cents = t.app.db.prepare('SELECT credit_limit_cents FROM customers_customer WHERE id = ?').pluck().get(c.id);
  assert.is(cents, 250075);
});

test('a USER adds customers only without credit: any limit or terms is 403 and writes nothing (#13.4)', async () => {
  const before = count();
  for (const body of [
    { name: 'Dance Studio', credit_limit: 10000, credit_terms_days: 365 },
    { name: 'Dance Studio', credit_limit: 0.01 },
    { name: 'Dance Studio', credit_terms_days: 1 },
  ]) {
    const r = await t.staff.post('/api/customers', body);
    assert.is(r.status, 403, JSON.stringify(body));
    assert.match(r.body.error, /Only an admin can give a customer credit/);
  }
  assert.is(count(), before);
  // Explicit zeros are the defaults: allowed.
  const ok = await t.staff.post('/api/customers', { name: 'Dance Studio', credit_limit: 0, credit_terms_days: 0 });
  assert.is(ok.status, 201);
  assert.is(ok.body.customer.credit_limit, 0);
  assert.is(ok.body.customer.credit_terms_days, 0);
  // And the staff-made customer cannot buy on credit.
  const sale = await t.staff.post('/api/checkout', { items: [], customerId: ok.body.customer.id });
  assert.is(sale.status, 400);
});

test('credit limit has a ceiling of $1,000,000 and terms of 365 days: 400 naming the field', async () => {
  const big = await t.admin.post('/api/customers', { name: 'Big Spender', credit_limit: 1_000_000.01 });
  assert.is(big.status, 400);
  assert.is(big.body.details.field, 'credit_limit');
  const long = await t.admin.post('/api/customers', { name: 'Big Spender', credit_terms_days: 366 });
  assert.is(long.status, 400);
  assert.is(long.body.details.field, 'credit_terms_days');
  const c = await add({ name: 'Big Spender', credit_limit: 1_000_000, credit_terms_days: 365 });
  assert.is(c.credit_limit, 1_000_000);
  const patch = await t.admin.patch(`/api/customers/${c.id}`, { credit_limit: 5_000_000 });
  assert.is(patch.status, 400);
  assert.is(patch.body.details.field, 'credit_limit');
});

test('names and contact fields refuse NUL, line breaks and bidi overrides; the address may span lines', async () => {
  const before = count();
  for (const [field, value] of [
    ['name', 'Tan\u0000Ah Kow'],
    ['name', 'Tan\nAh Kow'],
    ['name', 'evil\u202Efdp.exe'],
    ['phone', '9000\r\n0001'],
    ['company', 'A\u2066B'],
    ['uen', '1997\t04518E'],
    ['billing_address', '1 Road\u0000'],
    ['billing_address', 'x\u202Dy'],
  ] as const) {
    const r = await t.admin.post('/api/customers', { name: 'Valid Name', [field]: value });
    assert.is(r.status, 400, `${field}=${JSON.stringify(value)}`);
    assert.is(r.body.details.field, field);
    assert.match(r.body.error, /control or text-direction characters/);
  }
  assert.is(count(), before);
  const ok = await add({ name: '陈大文 Muthu பாலா', billing_address: 'Blk 1 Tampines St 11\n#02-03\nSingapore 521001' });
  assert.is(ok.name, '陈大文 Muthu பாலா');
  assert.is(ok.billing_address, 'Blk 1 Tampines St 11\n#02-03\nSingapore 521001');
  const patch = await t.staff.patch(`/api/customers/${ok.id}`, { name: 'A\u202EB' });
  assert.is(patch.status, 400);
});

test('GET /api/customers/:id returns the customer with empty outstanding_invoices; unknown id 404', async () => {
  const c = await add({ name: 'Detail Person', email: 'detail@example.sg' });
  const r = await t.staff.get(`/api/customers/${c.id}`);
  assert.is(r.status, 200);
  assert.is(r.body.customer.id, c.id);
  assert.is(r.body.customer.email, 'detail@example.sg');
  assert.equal(r.body.customer.outstanding_invoices, []);
  const missing = await t.staff.get('/api/customers/999999');
  assert.is(missing.status, 404);
  assert.is(missing.body.error, 'Customer not found');
  assert.is((await t.staff.patch('/api/customers/999999', { name: 'Nobody' })).body.error, 'Customer not found');
  assert.is((await t.staff.get('/api/customers/abc')).status, 400);
});

test('a USER edits contact fields but gets 403 changing credit limit or terms; nothing written', async () => {
  const c = await add({ name: 'Security Co', credit_limit: 1000, credit_terms_days: 30 });
  const ok = await t.staff.patch(`/api/customers/${c.id}`, { phone: '6749 8800', company: 'Vanguard Security', email: 'a@vanguard.sg' });
  assert.is(ok.status, 200);
  assert.is(ok.body.customer.phone, '6749 8800');
  assert.is(ok.body.customer.company, 'Vanguard Security');
  assert.is(ok.body.customer.credit_limit, 1000);

  const limit = await t.staff.patch(`/api/customers/${c.id}`, { credit_limit: 5000, phone: '1' });
  assert.is(limit.status, 403);
  const terms = await t.staff.patch(`/api/customers/${c.id}`, { credit_terms_days: 60 });
  assert.is(terms.status, 403);
  const after = (await t.staff.get(`/api/customers/${c.id}`)).body.customer;
  assert.is(after.credit_limit, 1000);
  assert.is(after.credit_terms_days, 30);
  assert.is(after.phone, '6749 8800');

  // Re-sending the unchanged values (a full edit form) is not a change.
  assert.is((await t.staff.patch(`/api/customers/${c.id}`, { credit_limit: 1000, credit_terms_days: 30, name: 'Security Co.' })).status, 200);
});

test('an ADMIN changes credit limit and terms; omitted fields keep their values; null clears a text', async () => {
  const c = await add({ name: 'School', phone: '6452 1180', company: 'Tampines Primary', credit_limit: 100 });
  const r = await t.admin.patch(`/api/customers/${c.id}`, { credit_limit: 4000, credit_terms_days: 60, company: null });
  assert.is(r.status, 200);
  assert.is(r.body.customer.credit_limit, 4000);
  assert.is(r.body.customer.credit_terms_days, 60);
  assert.is(r.body.customer.company, null);
  assert.is(r.body.customer.phone, '6452 1180');
  assert.is(r.body.customer.name, 'School');
  assert.ok(r.body.customer.updated_at >= c.updated_at);
});

test('validation: bad input is a 400 naming the field and writes nothing', async () => {
  const before = count();
  const cases: [Record<string, unknown>, string][] = [
    [{ name: 'A', email: 'not-an-email' }, 'email'],
    [{ name: 'A', email: 'a@' }, 'email'],
    [{ name: 'A', credit_limit: -1 }, 'credit_limit'],
    [{ name: 'A', credit_limit: 10.005 }, 'credit_limit'],
    [{ name: 'A', credit_terms_days: -5 }, 'credit_terms_days'],
    [{ name: 'A', credit_terms_days: 1.5 }, 'credit_terms_days'],
    [{ name: 'A', credit_terms_days: 366 }, 'credit_terms_days'],
    [{ name: 'A', favourite: 'x' }, 'favourite'],
    [{ phone: '1' }, 'name'],
    [{ name: '' }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ name: 'x'.repeat(1024 * 1024) }, 'name'],
    [{ name: 'A', billing_address: 'x'.repeat(1024 * 1024) }, 'billing_address'],
    [{ name: 'A', company: 'x'.repeat(1024 * 1024) }, 'company'],
  ];
  for (const [body, field] of cases) {
    const r = await t.staff.post('/api/customers', body);
    assert.is(r.status, 400, `${JSON.stringify(body).slice(0, 80)} -> ${r.status}`);
    assert.is(r.body.details.field, field);
    assert.ok(r.body.error.includes(field), r.body.error);
  }
  assert.is(count(), before);

  const c = await add({ name: 'Valid', email: 'valid@example.com' });
  const updates: [Record<string, unknown>, string][] = [
    [{ email: 'bad' }, 'email'],
    [{ name: '  ' }, 'name'],
    [{ name: null }, 'name'],
    [{ credit_limit: -0.01 }, 'credit_limit'],
    [{ id: 5 }, 'id'],
    [{ uen: 'x'.repeat(1024 * 1024) }, 'uen'],
  ];
  for (const [body, field] of updates) {
    const r = await t.admin.patch(`/api/customers/${c.id}`, body);
    assert.is(r.status, 400, JSON.stringify(body).slice(0, 80));
    assert.is(r.body.details.field, field);
  }
  const after = (await t.admin.get(`/api/customers/${c.id}`)).body.customer;
  assert.is(after.name, 'Valid');
  assert.is(after.email, 'valid@example.com');
  assert.is(after.updated_at, c.updated_at);
});

test('list query is validated (unknown params and bad page sizes are 400)', async () => {
  assert.is((await t.staff.get('/api/customers?pageSize=201')).status, 400);
  assert.is((await t.staff.get('/api/customers?page=0')).status, 400);
  const r = await t.staff.get('/api/customers?sort=name');
  assert.is(r.status, 400);
  assert.is(r.body.details.field, 'sort');
});

test('search is case-insensitive over name, phone, email and company, and not over other fields', async () => {
  const z = await add({
    name: 'Zebra Quokka',
    phone: '+65 6111 2222',
    email: 'Zed.Q@Zoomail.SG',
    company: 'Acme Widgets Pte Ltd',
    uen: 'UNIQUEUEN1',
    billing_address: 'Qwertyuiop Road',
  });
  const find = async (s: string) => {
    const r = await t.staff.get(`/api/customers?search=${encodeURIComponent(s)}`);
    assert.is(r.status, 200);
    return r.body.customers.map((c: { id: number }) => c.id);
  };
  for (const s of ['zebra quokka', 'QUOKKA', '6111 2222', 'zed.q@zoomail', 'ZOOMAIL.sg', 'acme WIDGETS', 'widgets pte']) {
    assert.equal(await find(s), [z.id], s);
  }
  assert.equal(await find('UNIQUEUEN1'), []);
  assert.equal(await find('Qwertyuiop'), []);
  // LIKE wildcards in the search are literal characters.
  assert.equal(await find('%'), []);
  assert.equal(await find('_ebra'), []);
  // An empty search lists everyone.
  const all = await t.staff.get('/api/customers?search=');
  assert.is(all.body.pagination.total, count());
});

test('pagination: pages of the name-ordered list with the total', async () => {
  for (const n of ['Page C', 'page A', 'Page B', 'Page E', 'Page D']) await add({ name: n });
  const p1 = await t.staff.get('/api/customers?search=page&pageSize=2');
  assert.equal(p1.body.pagination, { page: 1, pageSize: 2, total: 5 });
  assert.equal(
    p1.body.customers.map((c: { name: string }) => c.name),
    ['page A', 'Page B'],
  );
  const p3 = await t.staff.get('/api/customers?search=page&pageSize=2&page=3');
  assert.equal(
    p3.body.customers.map((c: { name: string }) => c.name),
    ['Page E'],
  );
  assert.equal(p3.body.pagination, { page: 3, pageSize: 2, total: 5 });
  const beyond = await t.staff.get('/api/customers?search=page&pageSize=2&page=9');
  assert.equal(beyond.body.customers, []);
  const def = await t.staff.get('/api/customers');
  assert.is(def.body.pagination.pageSize, 50);
  assert.is(def.body.pagination.page, 1);
});

test('outstanding_balance and overdue are derived from the balance view (0 / false without invoices)', async () => {
  const c = await add({ name: 'Derived Dora', credit_limit: 1000 });
  const list = await t.staff.get('/api/customers?search=derived');
  assert.is(list.body.customers[0].outstanding_balance, 0);
  assert.is(list.body.customers[0].overdue, false);
  const views = t.app.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'view' AND name LIKE 'customers_%' ORDER BY name`).pluck().all();
  assert.equal(views, ['customers_balance', 'customers_open_invoice']);
  const cols = (v: string) => (t.app.db.prepare(`PRAGMA table_info(${v})`).all() as { name: string }[]).map((x) => x.name);
  assert.equal(cols('customers_balance'), ['customer_id', 'outstanding_cents', 'overdue']);
  assert.equal(cols('customers_open_invoice'), ['customer_id', 'invoice_id', 'number', 'date', 'due_date', 'grand_total_cents', 'outstanding_cents']);

  // Replace the views as the sales plugin does, and the JSON follows without anything stored on the customer.
  const viewSql = t.app.db
    .prepare(`SELECT group_concat(sql, ';') FROM sqlite_master WHERE type = 'view' AND name IN ('customers_balance', 'customers_open_invoice')`)
    .pluck()
    .get() as string;
  t.app.db.exec(`DROP VIEW customers_balance;
    CREATE VIEW customers_balance AS SELECT ${c.id} AS customer_id, 12345 AS outstanding_cents, 1 AS overdue;
    DROP VIEW customers_open_invoice;
    CREATE VIEW customers_open_invoice AS SELECT ${c.id} AS customer_id, 7 AS invoice_id, 'INV-20250101-1' AS number,
      '2025-01-01' AS date, '2025-01-31' AS due_date, 20000 AS grand_total_cents, 12345 AS outstanding_cents;`);
  try {
    const one = (await t.staff.get(`/api/customers/${c.id}`)).body.customer;
    assert.is(one.outstanding_balance, 123.45);
    assert.is(one.overdue, true);
    assert.equal(one.outstanding_invoices, [
      { id: 7, number: 'INV-20250101-1', date: '2025-01-01', due_date: '2025-01-31', grand_total: 200, outstanding: 123.45 },
    ]);
    const listed = (await t.staff.get('/api/customers?search=derived')).body.customers[0];
    assert.is(listed.outstanding_balance, 123.45);
    const other = (await t.staff.get('/api/customers?search=zebra')).body.customers[0];
    assert.is(other.outstanding_balance, 0);
    assert.is(other.overdue, false);
  } finally {
    t.app.db.exec(`DROP VIEW customers_balance; DROP VIEW customers_open_invoice; ${viewSql};`);
  }
});

test('uen (#17.7): optional, 9 or 10 letters and digits, stored upper case; anything else is 400 naming uen, nothing written', async () => {
  const c = await add({ name: 'UEN Holdings', uen: ' 201912345k ' });
  assert.is(c.uen, '201912345K');
  assert.is((await add({ name: 'Society', uen: 'T09LL0001B' })).uen, 'T09LL0001B');
  assert.is((await add({ name: 'Sole Prop', uen: '53312345A' })).uen, '53312345A');
  assert.is((await add({ name: 'No UEN', uen: '' })).uen, null);
  const before = count();
  for (const uen of ['2019-1234K', '12345678', '20191234567K', 'ABC 12345K', '20191234\u00e9K']) {
    const r = await t.admin.post('/api/customers', { name: 'Bad UEN', uen });
    assert.is(r.status, 400, uen);
    assert.is(r.body.details.field, 'uen');
    assert.match(r.body.error, /uen must be 9 or 10 letters and digits/);
  }
  assert.is(count(), before);
  const patch = await t.staff.patch(`/api/customers/${c.id}`, { uen: '1234' });
  assert.is(patch.status, 400);
  assert.is(patch.body.details.field, 'uen');
  assert.is((await t.staff.get(`/api/customers/${c.id}`)).body.customer.uen, '201912345K');
  assert.is((await t.staff.patch(`/api/customers/${c.id}`, { uen: '199704518e' })).body.customer.uen, '199704518E');
  assert.is((await t.staff.patch(`/api/customers/${c.id}`, { uen: null })).body.customer.uen, null);
});

test('demo seed loads the demo customers', async () => {
  const demo = await testApp({ demo: true });
  try {
    const r = await demo.staff.get('/api/customers?pageSize=200');
    assert.is(r.body.pagination.total, demoCustomers.length);
    assert.ok(demoCustomers.length >= 10);
    const hotel = r.body.customers.find((c: { company: string | null }) => c.company?.includes('Hotel'));
    assert.ok(hotel, 'a hotel account');
    assert.ok(hotel.credit_limit >= 500 && hotel.credit_limit <= 5000);
    assert.ok([14, 30, 60].includes(hotel.credit_terms_days));
    assert.ok(
      r.body.customers.some((c: { credit_limit: number }) => c.credit_limit === 0),
      'walk-in style customers',
    );
  } finally {
    await demo.close();
  }
});

test.run();
