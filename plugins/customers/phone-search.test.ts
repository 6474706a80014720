// #29 members looked up by phone at the till: the key rule (phone.ts), the SQL column that mirrors it, the index the
// search goes through, and GET /api/customers?search= with digits typed any way a shop types them.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { phoneKey, phoneSearchKey } from '../../core/phone.js';

let t: TestApp;
test.before(async () => {
  t = await testApp();
});
test.after(async () => {
  await t.close();
});

test('phoneKey: the digits, without Singapore 65 when the number carries it', () => {
  assert.is(phoneKey('+65 9123 4567'), '91234567');
  assert.is(phoneKey('+6591234567'), '91234567');
  assert.is(phoneKey('65 9123 4567'), '91234567');
  assert.is(phoneKey('9123-4567'), '91234567');
  assert.is(phoneKey('(65) 6111.2222'), '61112222');
  assert.is(phoneKey('+60 12-345 6789'), '60123456789');
  // An 8-digit local number starting 65 keeps its digits.
  assert.is(phoneKey('6512 3456'), '65123456');
  assert.is(phoneKey(''), null);
  assert.is(phoneKey(null), null);
  assert.is(phoneKey('+ -'), null);
});

test('phoneSearchKey: only a search typed as a number, with 3 digits or more', () => {
  assert.is(phoneSearchKey(' 9123 4567 '), '91234567');
  assert.is(phoneSearchKey('+65 9123'), '9123');
  assert.is(phoneSearchKey('912'), '912');
  assert.is(phoneSearchKey('91'), null);
  assert.is(phoneSearchKey('Tan 9123'), null);
  assert.is(phoneSearchKey('a@b.sg'), null);
  assert.is(phoneSearchKey(''), null);
  assert.is(phoneSearchKey(undefined), null);
});

test('the phone_key column keys stored numbers as phoneKey does', () => {
  const phones = ['+65 9123 4567', '+6591234567', '65 9123 4567', '9123-4567', '(65) 6111.2222', '+60 12-345 6789', '6512 3456', '  +65 8000 0001 ', ''];
  for (const phone of phones) {
    const id = t.app.db
      .prepare('INSERT INTO customers_customer (name, phone, created_at, updated_at) VALUES (?, ?, ?, ?)')
      .run('Key test', phone, 'now', 'now').lastInsertRowid;
    const stored = t.app.db.prepare('SELECT phone_key FROM customers_customer WHERE id = ?').pluck().get(id);
    assert.is(stored, phoneKey(phone), phone);
  }
  t.app.db.prepare("DELETE FROM customers_customer WHERE name = 'Key test'").run();
});

test('a phone search goes through the phone_key index', () => {
  const plan = t.app.db
    .prepare("EXPLAIN QUERY PLAN SELECT id FROM customers_customer c WHERE (c.phone_key >= @key AND c.phone_key < @key || ':')")
    .all({ key: '9123' }) as { detail: string }[];
  assert.ok(
    plan.some((row) => row.detail.includes('customers_customer_phone_key')),
    JSON.stringify(plan),
  );
});

test('GET /api/customers?search= finds a member by the digits typed any way, and lists the phone', async () => {
  const add = async (name: string, phone: string) => {
    const r = await t.staff.post('/api/customers', { name, phone });
    assert.is(r.status, 201, JSON.stringify(r.body));
    return r.body.customer.id as number;
  };
  const siti = await add('Siti Phone', '+65 9123 4567');
  const raj = await add('Raj Phone', '9123-9999');
  const kl = await add('Lim Phone', '+60 12 345 6789');
  const find = async (s: string) => {
    const r = await t.staff.get(`/api/customers?search=${encodeURIComponent(s)}`);
    assert.is(r.status, 200);
    assert.is(r.body.pagination.total, r.body.customers.length, s);
    return r.body.customers.map((c: { id: number }) => c.id);
  };
  for (const s of ['91234567', '9123 4567', '+65 9123 4567', '+6591234567', '6591234567', '9123-4567']) assert.equal(await find(s), [siti], s);
  // The start of the number: both that begin 9123, by name.
  assert.equal(await find('9123'), [raj, siti]);
  assert.equal(await find('+60 12 345'), [kl]);
  assert.equal(await find('9124'), []);
  // The last four digits, as a shop also asks for them: part of a number is found anywhere in it.
  assert.equal(await find('4567'), [kl, siti]);
  assert.equal(await find('91234'), [siti]);
  assert.equal(await find('345 6789'), [kl]);
  // Anything else is still the text search over name, phone, e-mail and company.
  assert.equal(await find('siti'), [siti]);
  // Two digits are too few for a phone search: they are matched anywhere in the phone as typed.
  assert.equal(await find('91'), [raj, siti]);
  const listed = (await t.staff.get('/api/customers?search=91234567')).body.customers[0];
  assert.is(listed.phone, '+65 9123 4567');
  // The key is not part of the customer's JSON.
  assert.not.ok('phone_key' in listed);
});

test('joining at the till: staff add a customer with only a name and a phone; bad input is a 400 naming the field, nothing written', async () => {
  const before = t.app.db.prepare('SELECT COUNT(*) FROM customers_customer').pluck().get();
  const refused: [Record<string, unknown>, number, string][] = [
    [{ phone: '9000 1111' }, 400, 'name'],
    [{ name: '', phone: '9000 1111' }, 400, 'name'],
    [{ name: '   ', phone: '9000 1111' }, 400, 'name'],
    [{ name: 'Long Phone', phone: '9'.repeat(51) }, 400, 'phone'],
    [{ name: 'Odd', phone: 9000111 }, 400, 'phone'],
    [{ name: 'Points', phone: '9000 1111', points: 100 }, 400, 'points'],
  ];
  for (const [body, status, field] of refused) {
    const r = await t.staff.post('/api/customers', body);
    assert.is(r.status, status, JSON.stringify(body));
    assert.is(r.body.details?.field, field, JSON.stringify(r.body));
  }
  // Credit is the owner's to give: staff cannot join a customer with it.
  assert.is((await t.staff.post('/api/customers', { name: 'Credit', phone: '9000 1111', credit_limit: 100 })).status, 403);
  assert.is(t.app.db.prepare('SELECT COUNT(*) FROM customers_customer').pluck().get(), before);
  const r = await t.staff.post('/api/customers', { name: 'Joined Member', phone: '9000 1111' });
  assert.is(r.status, 201);
  assert.is(r.body.customer.credit_limit, 0);
  assert.is(r.body.customer.phone, '9000 1111');
  // A number already on file is not refused by the server (a family may share one): the till offers the customer
  // on file before adding (plugins/sales/screen/join-customer.tsx), and the phone search lists both.
  const again = await t.staff.post('/api/customers', { name: 'Joined Sister', phone: '+65 9000 1111' });
  assert.is(again.status, 201);
  const both = (await t.staff.get('/api/customers?search=90001111')).body.customers.map((c: { name: string }) => c.name);
  assert.equal(both, ['Joined Member', 'Joined Sister']);
});

test.run();
