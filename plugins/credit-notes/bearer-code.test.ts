// #25 a walk-in's credit note is bearer money: it spends only by a random redemption code printed on its slip
// (text and Code128), never by its sequential number. A customer's note spends by number or code, for that
// customer only. Failed look-ups (route and checkout) are rate-limited like sign-ins. A USER giving a walk-in's
// number alone learns which note it is, not its worth; by the code, the balance the till needs.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { pdfText } from '../../core/pdf/pdf-text.js';
import { pdfImages } from '../../core/pdf/pdf-images.js';
import { decodeCode128 } from '../../core/pdf/code128-decode.js';
import { makeCustomer, makeProduct, returnItems, sell, stockOf } from './test-support.js';
import { CODE_BITS, CROCKFORD, formatRedemptionCode, newRedemptionCode, redemptionCodeOf } from '../../core/bearer-code.js';

let t: TestApp;
let shoe: number; // $100.00 -> $109.00 with GST
let sock: number; // $10.00 -> $10.90 with GST

test.before(async () => {
  t = await testApp();
  shoe = await makeProduct(t, 'Runner', 100, 200);
  sock = await makeProduct(t, 'Sock', 10, 200);
});
test.after(async () => {
  await t.close();
});

const CODE_SHAPE = /^[0-9A-HJKMNP-TV-Z]{13}$/;
const count = (table: string) => t.app.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
const noteRow = (id: number) =>
  t.app.db.prepare('SELECT status, applied_cents, redemption_code FROM credit_notes_note WHERE id = ?').get(id) as {
    status: string;
    applied_cents: number;
    redemption_code: string;
  };

/** A note worth one shoe ($109.00) from a return of a sale (walk-in, or the customer's); the return's reply. */
async function noteFor(customerId?: number) {
  // A customer who has paid (a return of an unpaid sale goes to their account, not to a note: docs/money.md).
  const inv = await sell(t, [{ productId: shoe, qty: 1 }], customerId ? { customerId, paidLater: true } : {});
  return (await returnItems(t, inv.id, [{ productId: shoe, qty: 1 }])).creditNote as {
    id: number;
    number: string;
    redemption_code: string;
    customer: { id: number } | null;
  };
}

/** A request as staff (or admin) from a given client address. */
async function from(ip: string, method: 'GET' | 'POST', url: string, payload?: object, token = t.staff.token) {
  const res = await t.app.inject({ method, url, remoteAddress: ip, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() };
}

const saleBy = (reference: string, extra: object = {}) => ({
  items: [{ productId: shoe, qty: 1 }],
  payments: [{ method: 'CREDIT_NOTE', reference, amount: 109 }],
  ...extra,
});

test('the code: 13 characters of Crockford base32 (65 random bits), read back whatever the case, spaces or dashes', () => {
  assert.ok(CODE_BITS >= 64);
  assert.is(CROCKFORD.length, 32);
  const codes = Array.from({ length: 5000 }, newRedemptionCode);
  for (const c of codes) assert.match(c, CODE_SHAPE);
  assert.is(new Set(codes).size, codes.length, 'no two alike');
  // Every character of the alphabet turns up at every position (65 bits means all 32 x 13 choices are used).
  for (let i = 0; i < 13; i++) assert.is(new Set(codes.map((c) => c[i])).size, 32, `position ${i}`);
  // About 5000/32 = 156 of each character over a position; far from it would mean bias.
  const firsts = new Map<string, number>();
  for (const c of codes) firsts.set(c[0], (firsts.get(c[0]) ?? 0) + 1);
  for (const [ch, n] of firsts) assert.ok(n > 80 && n < 250, `${ch}: ${n}`);

  assert.is(redemptionCodeOf(' 7kq2-m9xd 4ht0b '), '7KQ2M9XD4HT0B');
  assert.is(redemptionCodeOf('7KQ2-M9XD-4HTOB'), '7KQ2M9XD4HT0B', 'O read as 0');
  assert.is(redemptionCodeOf('iL00000000000'), '1100000000000', 'I and L read as 1');
  assert.is(redemptionCodeOf('CN-20250101-0001'), null, 'a number is no code');
  assert.is(redemptionCodeOf('7KQ2M9XD4HT0'), null, 'too short');
  assert.is(redemptionCodeOf('7KQ2M9XD4HT0BU'), null, 'too long, and U is not in the alphabet');
  assert.is(formatRedemptionCode('7KQ2M9XD4HT0B'), '7KQ2-M9XD-4HT0B');
});

test('every note is written with its own code, unique in the database; the IRAS number stays sequential', async () => {
  const a = await noteFor();
  const b = await noteFor();
  assert.match(a.redemption_code, CODE_SHAPE);
  assert.match(b.redemption_code, CODE_SHAPE);
  assert.is.not(a.redemption_code, b.redemption_code);
  assert.is(noteRow(a.id).redemption_code, a.redemption_code);
  assert.match(a.number, /^CN-\d{8}-\d{4}$/);
  assert.is(Number(b.number.slice(-4)), Number(a.number.slice(-4)) + 1);
  assert.throws(() => t.app.db.prepare('UPDATE credit_notes_note SET redemption_code = ? WHERE id = ?').run(a.redemption_code, b.id), /UNIQUE/);
  assert.throws(() => t.app.db.prepare("UPDATE credit_notes_note SET redemption_code = 'not-a-code' WHERE id = ?").run(b.id), /CHECK/);
});

test('the replies that hand the note over carry its code: the return, the exchange, GET by id and the list (ADMIN); the USER returns list does not', async () => {
  const note = await noteFor();
  const byId = await t.admin.get(`/api/returns/credit-notes/${note.id}`);
  assert.is(byId.body.credit_note.redemption_code, note.redemption_code);
  const list = await t.admin.get(`/api/returns/credit-notes?search=${note.number}`);
  assert.equal(
    list.body.credit_notes.map((n: any) => n.redemption_code),
    [note.redemption_code],
  );
  const returns = await t.staff.get('/api/returns?pageSize=200');
  assert.is(returns.status, 200);
  assert.not.ok(JSON.stringify(returns.body).includes(note.redemption_code));

  const inv = await sell(t, [{ productId: shoe, qty: 1 }]);
  const ex = await t.staff.post('/api/exchanges', {
    invoice_id: inv.id,
    items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Wrong Size' }],
    sale: { items: [{ productId: sock, qty: 1 }] },
  });
  assert.is(ex.status, 201, JSON.stringify(ex.body));
  assert.match(ex.body.creditNote.redemption_code, CODE_SHAPE);
  // The exchange's own sale was paid by the note (by its code inside the server); the invoice names the number.
  assert.equal(
    ex.body.sale.invoice.payments.map((p: any) => [p.method, p.amount, p.reference]),
    [['CREDIT_NOTE', 10.9, ex.body.creditNote.number]],
  );
  assert.is(ex.body.creditNote.available, 98.1);
});

test("checkout: a walk-in's note by its number is refused (400, scan or type the code), nothing written; by its code it pays", async () => {
  const note = await noteFor();
  for (const reference of [note.number, note.number.toLowerCase(), ` ${note.number} `]) {
    const before = [count('sales_invoice'), count('sales_payment'), count('credit_notes_application'), await stockOf(t, shoe)];
    const r = await t.staff.post('/api/checkout', saleBy(reference));
    assert.is(r.status, 400, JSON.stringify(r.body));
    assert.is(r.body.code, 'CREDIT_NOTE_CODE_REQUIRED');
    assert.is(r.body.details.field, 'payments.0.reference');
    assert.match(r.body.error, /scan or type the code printed on its slip/);
    assert.equal([count('sales_invoice'), count('sales_payment'), count('credit_notes_application'), await stockOf(t, shoe)], before);
    assert.equal(noteRow(note.id), { status: 'ACTIVE', applied_cents: 0, redemption_code: note.redemption_code });
  }
  // ADMIN too: the number is no key to a bearer note, whoever types it.
  assert.is((await t.admin.post('/api/checkout', saleBy(note.number))).status, 400);

  // Typed as the slip prints it (groups, dashes, lower case) it pays.
  const typed = formatRedemptionCode(note.redemption_code).toLowerCase().replace('-', ' - ');
  const ok = await t.staff.post('/api/checkout', saleBy(typed));
  assert.is(ok.status, 201, JSON.stringify(ok.body));
  assert.equal(
    ok.body.invoice.payments.map((p: any) => [p.method, p.amount, p.reference]),
    [['CREDIT_NOTE', 109, note.number]],
    'the invoice shows the number, never the code',
  );
  assert.equal(noteRow(note.id), { status: 'USED', applied_cents: 10900, redemption_code: note.redemption_code });
});

test("a customer's note: by its number (or code) for that customer's sale; refused for another customer and for a walk-in sale", async () => {
  const tan = await makeCustomer(t, 'Tan');
  const lee = await makeCustomer(t, 'Lee');
  const note = await noteFor(tan);
  assert.is(note.customer?.id, tan);
  for (const [extra, who] of [
    [{ customerId: lee }, 'Lee'],
    [{}, 'walk-in'],
  ] as const) {
    const r = await t.staff.post('/api/checkout', saleBy(note.number, extra));
    assert.is(r.status, 409, `${who}: ${JSON.stringify(r.body)}`);
    assert.is(r.body.code, 'CREDIT_NOTE_OTHER_CUSTOMER');
    const byCode = await t.staff.post('/api/checkout', saleBy(note.redemption_code, extra));
    assert.is(byCode.status, 409, `${who} by code`);
  }
  assert.is(noteRow(note.id).applied_cents, 0);
  const ok = await t.staff.post('/api/checkout', {
    items: [{ productId: sock, qty: 1 }],
    customerId: tan,
    payments: [{ method: 'CREDIT_NOTE', reference: note.number, amount: 10.9 }],
  });
  assert.is(ok.status, 201, JSON.stringify(ok.body));
  const byCode = await t.staff.post('/api/checkout', {
    items: [{ productId: sock, qty: 1 }],
    customerId: tan,
    payments: [{ method: 'CREDIT_NOTE', reference: note.redemption_code, amount: 10.9 }],
  });
  assert.is(byCode.status, 201, JSON.stringify(byCode.body));
  assert.is(noteRow(note.id).applied_cents, 2180);
});

test("lookup: a USER with a walk-in's number sees which note, no balance; by its code the balance; ADMIN sees everything", async () => {
  const note = await noteFor();
  const byNumber = await t.staff.get(`/api/returns/credit-notes/by-number/${note.number}`);
  assert.is(byNumber.status, 200, JSON.stringify(byNumber.body));
  assert.equal(byNumber.body.credit_note, {
    id: note.id,
    number: note.number,
    date: byNumber.body.credit_note.date,
    business_date: byNumber.body.credit_note.business_date,
    customer: null,
    code_required: true,
  });
  for (const hidden of ['amount', 'applied_amount', 'available', 'status', 'redemption_code', 'applications', 'lines', 'subtotal', 'tax']) {
    assert.not.ok(hidden in byNumber.body.credit_note, hidden);
  }
  const byCode = await t.staff.get(`/api/returns/credit-notes/by-number/${encodeURIComponent(formatRedemptionCode(note.redemption_code).toLowerCase())}`);
  assert.is(byCode.status, 200);
  assert.is(byCode.body.credit_note.number, note.number);
  assert.is(byCode.body.credit_note.available, 109);
  assert.is(byCode.body.credit_note.status, 'ACTIVE');
  assert.is(byCode.body.credit_note.redemption_code, note.redemption_code);
  const admin = await t.admin.get(`/api/returns/credit-notes/by-number/${note.number}`);
  assert.is(admin.body.credit_note.available, 109);
  assert.is(admin.body.credit_note.redemption_code, note.redemption_code);
  // A customer's note by number: its balance (it can only pay that customer's sales).
  const tansNote = await noteFor(await makeCustomer(t, 'Tan Two'));
  const tan = await t.staff.get(`/api/returns/credit-notes/by-number/${tansNote.number}`);
  assert.is(tan.body.credit_note.available, 109);
  assert.is(tan.body.credit_note.customer.id, tansNote.customer!.id);
});

test('429 after 10 failed look-ups from one address in 5 minutes (lookups and tenders count together); other addresses are not held up', async () => {
  const note = await noteFor();
  const ip = '10.25.0.7';
  for (let i = 0; i < 8; i++) {
    const r = await from(ip, 'GET', `/api/returns/credit-notes/by-number/${newRedemptionCode()}`);
    assert.is(r.status, 404, `guess ${i}`);
  }
  // A look-up that works forgets nothing (a known code cannot be slipped between guesses to keep going).
  assert.is((await from(ip, 'GET', `/api/returns/credit-notes/by-number/${note.redemption_code}`)).status, 200);
  assert.is((await from(ip, 'GET', '/api/returns/credit-notes/by-number/CN-20990101-0001')).status, 404, 'an unknown number counts too');
  const tender = await from(ip, 'POST', '/api/checkout', saleBy(newRedemptionCode()));
  assert.is(tender.status, 404, '10th failure: a tender at checkout');
  assert.is(tender.body.details.field, 'payments.0.reference');

  const before = [count('sales_invoice'), count('sales_payment'), noteRow(note.id).applied_cents];
  const blocked = await from(ip, 'GET', `/api/returns/credit-notes/by-number/${note.redemption_code}`);
  assert.is(blocked.status, 429);
  assert.match(blocked.body.error, /Too many failed credit note look-ups\. Try again in 5 minute\(s\)\./);
  const blockedSale = await from(ip, 'POST', '/api/checkout', saleBy(note.redemption_code));
  assert.is(blockedSale.status, 429, 'even the right code, while blocked');
  assert.equal([count('sales_invoice'), count('sales_payment'), noteRow(note.id).applied_cents], before);
  assert.is((await from(ip, 'GET', `/api/returns/credit-notes/by-number/${note.number}`, undefined, t.admin.token)).status, 429, 'ADMIN from that address too');
  // Sales without a credit note go on from that till; other tills look notes up as before.
  assert.is((await from(ip, 'POST', '/api/checkout', { items: [{ productId: sock, qty: 1 }] })).status, 201);
  assert.is((await from('10.25.0.8', 'GET', `/api/returns/credit-notes/by-number/${note.redemption_code}`)).status, 200);
  assert.is((await from('10.25.0.8', 'POST', '/api/checkout', saleBy(note.redemption_code))).status, 201);
});

test('the PDF prints the code as text and as a Code128 barcode that scans back to it', async () => {
  for (const note of [await noteFor(), await noteFor(await makeCustomer(t, 'Lim'))]) {
    const r = await t.admin.get(`/api/returns/credit-notes/${note.id}/pdf`);
    assert.is(r.status, 200);
    const { text } = await pdfText(r.raw);
    assert.match(text, `Redemption code ${formatRedemptionCode(note.redemption_code)}`);
    assert.match(text, note.customer ? "For Lim's purchases only" : 'Whoever holds this code can spend it');
    const images = await pdfImages(r.raw);
    assert.is(images.length, 1);
    assert.is(await decodeCode128(images[0]), note.redemption_code);
  }
});

test('the till prints the slip by the code the return gave it (any signed-in user); never by id or number', async () => {
  const note = await noteFor();
  const slip = await t.staff.get(`/api/returns/credit-notes/slip/${note.redemption_code.toLowerCase()}`);
  assert.is(slip.status, 200);
  assert.match(String(slip.headers['content-type']), /application\/pdf/);
  assert.is(await decodeCode128((await pdfImages(slip.raw))[0]), note.redemption_code);
  assert.is((await t.staff.get(`/api/returns/credit-notes/slip/${note.number}`)).status, 404);
  assert.is((await t.staff.get(`/api/returns/credit-notes/${note.id}/pdf`)).status, 403);
});

test.run();
