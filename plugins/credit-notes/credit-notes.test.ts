// Credit notes through the real app: applying partly then fully (USED), the invoice and customer balance
// following, never over-applying (also concurrently), the spec's messages, roles, manual notes, the PDF.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, TEST_PASSWORDS, type TestApp } from '../../tests/helpers/app.js';
import { formatInstantDate } from '../../core/date-format.js';
import { cents, makeCustomer, makeProduct, pdfText, returnItems, sell } from './test-support.js';

let t: TestApp;
let boot: number; // $120.00 -> $130.80 with GST
let sock: number; // $10.00 -> $10.90 with GST
let customer: number;

test.before(async () => {
  t = await testApp();
  boot = await makeProduct(t, 'Leather Boot', 120, 100);
  sock = await makeProduct(t, 'Ankle Sock', 10, 500);
  customer = await makeCustomer(t, 'Harbour Hotel', 50_000);
});
test.after(async () => {
  await t.close();
});

const balance = async (id: number) => (await t.admin.get(`/api/customers/${id}`)).body.customer.outstanding_balance;
const apply = (noteId: number, body: Record<string, unknown>) => t.admin.post(`/api/returns/credit-notes/${noteId}/apply`, { credit_note_id: noteId, ...body });

test('a return credit note applied partly, then fully: invoice PARTIAL, note USED, balance follows', async () => {
  const cash = await sell(t, [{ productId: boot, qty: 1 }]);
  const { creditNote: note } = await returnItems(t, cash.id, [{ productId: boot, qty: 1 }]);
  assert.is(note.amount, 130.8);
  assert.is(note.subtotal, 120);
  assert.is(note.tax, 10.8);
  assert.is(note.customer, null);

  const credit = await sell(t, [{ productId: boot, qty: 2 }], { customerId: customer });
  assert.is(credit.grand_total, 261.6);
  assert.is(await balance(customer), 261.6);

  const first = await apply(note.id, { invoice_id: credit.id, amount: 100, notes: 'Part of the return' });
  assert.is(first.status, 200, JSON.stringify(first.body));
  assert.is(first.body.credit_note.applied_amount, 100);
  assert.is(first.body.credit_note.available, 30.8);
  assert.is(first.body.credit_note.status, 'ACTIVE');
  assert.is(first.body.invoice.payment_status, 'PARTIAL');
  assert.is(first.body.invoice.outstanding, 161.6);
  const payment = first.body.invoice.payments.find((p: any) => p.method === 'CREDIT_NOTE');
  assert.is(payment.amount, 100);
  assert.is(payment.reference, note.number);
  assert.is(await balance(customer), 161.6);

  const second = await apply(note.id, { invoice_id: credit.id, amount: 30.8, notes: '' });
  assert.is(second.status, 200);
  assert.is(second.body.credit_note.status, 'USED');
  assert.is(second.body.credit_note.available, 0);
  assert.is(second.body.credit_note.applied_amount, 130.8);
  assert.is(second.body.invoice.outstanding, 130.8);
  assert.is(await balance(customer), 130.8);

  const detail = await t.admin.get(`/api/returns/credit-notes/${note.id}`);
  assert.is(detail.status, 200);
  const cn = detail.body.credit_note;
  assert.is(cn.applications.length, 2);
  assert.is(cn.applications[0].invoice.number, credit.number);
  assert.is(cn.applications[0].amount, 100);
  assert.is(cn.applications[0].notes, 'Part of the return');
  assert.ok(cn.applications[0].applied_at);
  assert.is(cn.applications[1].notes, null);
  assert.is(cn.invoice.number, cash.number);
  assert.is(cn.invoice.grand_total, 130.8);
  assert.is(cn.invoice.customer.name, 'Walk-in Customer');
  assert.is(cn.lines.length, 1);
  assert.is(cn.lines[0].description, 'Leather Boot');
  assert.is(cn.lines[0].amount, 120);
  assert.is(cn.lines[0].tax, 10.8);
  assert.match(cn.reason, /Defective/);

  // Spent: no more applications, and the rest of the invoice can be settled by another note to PAID.
  const used = await apply(note.id, { invoice_id: credit.id, amount: 1 });
  assert.is(used.status, 409);
  assert.is(used.body.error, 'Only active credit notes can be applied');
  const cash2 = await sell(t, [{ productId: boot, qty: 1 }]);
  const { creditNote: note2 } = await returnItems(t, cash2.id, [{ productId: boot, qty: 1 }]);
  const last = await apply(note2.id, { invoice_id: credit.id, amount: 130.8 });
  assert.is(last.status, 200);
  assert.is(last.body.invoice.payment_status, 'PAID');
  assert.is(last.body.credit_note.status, 'USED');
  assert.is(await balance(customer), 0);
});

test("apply: the spec's messages, and a refused application writes nothing", async () => {
  const cash = await sell(t, [{ productId: sock, qty: 2 }]);
  const { creditNote: note } = await returnItems(t, cash.id, [{ productId: sock, qty: 2 }]); // $21.80
  const small = await sell(t, [{ productId: sock, qty: 1 }], { customerId: customer }); // $10.90 owed
  const paid = await sell(t, [{ productId: sock, qty: 1 }]); // cash: PAID
  const payments = () => t.app.db.prepare(`SELECT count(*) FROM sales_payment WHERE method = 'CREDIT_NOTE'`).pluck().get();
  const p0 = payments();

  const cases: [Record<string, unknown>, number, string][] = [
    [{ amount: 5 }, 400, 'Please select an invoice'],
    [{ invoice_id: '', amount: 5 }, 400, 'Please select an invoice'],
    [{ invoice_id: null, amount: 5 }, 400, 'Please select an invoice'],
    [{ invoice_id: small.id, amount: 0 }, 400, 'Please enter a valid amount'],
    [{ invoice_id: small.id, amount: -5 }, 400, 'Please enter a valid amount'],
    [{ invoice_id: small.id }, 400, 'Please enter a valid amount'],
    [{ invoice_id: small.id, amount: 'abc' }, 400, 'Please enter a valid amount'],
    [{ invoice_id: small.id, amount: null }, 400, 'Please enter a valid amount'],
    [{ invoice_id: small.id, amount: 21.81 }, 409, 'Amount exceeds available credit. Available: $21.80'],
    [{ invoice_id: small.id, amount: 15 }, 409, 'Amount exceeds outstanding balance. Outstanding: $10.90'],
    [{ invoice_id: paid.id, amount: 1 }, 409, 'Amount exceeds outstanding balance. Outstanding: $0.00'],
  ];
  for (const [body, status, message] of cases) {
    const r = await apply(note.id, body);
    assert.is(r.status, status, JSON.stringify(body));
    assert.is(r.body.error, message);
  }
  assert.is(
    (await t.admin.post(`/api/returns/credit-notes/${note.id}/apply`, { credit_note_id: note.id + 1000, invoice_id: small.id, amount: 1 })).status,
    400,
  );
  assert.is((await apply(999999, { invoice_id: small.id, amount: 1 })).status, 404);
  assert.is((await apply(note.id, { invoice_id: 999999, amount: 1 })).status, 404);
  assert.is((await apply(note.id, { invoice_id: small.id, amount: 1, extra: true })).status, 400);
  assert.is(payments(), p0);
  const after = (await t.admin.get(`/api/returns/credit-notes/${note.id}`)).body.credit_note;
  assert.is(after.applied_amount, 0);
  assert.is(after.status, 'ACTIVE');
  // The body may leave credit_note_id out; a string amount with 2 decimals is read as dollars.
  const ok = await t.admin.post(`/api/returns/credit-notes/${note.id}/apply`, { invoice_id: small.id, amount: '10.90' });
  assert.is(ok.status, 200);
  assert.is(ok.body.invoice.payment_status, 'PAID');
});

test('concurrent applications never over-apply', async () => {
  const cash = await sell(t, [{ productId: boot, qty: 1 }]);
  const { creditNote: note } = await returnItems(t, cash.id, [{ productId: boot, qty: 1 }]); // $130.80
  const big = await sell(t, [{ productId: boot, qty: 10 }], { customerId: customer });
  const results = await Promise.all(Array.from({ length: 10 }, () => apply(note.id, { invoice_id: big.id, amount: 30 })));
  const ok = results.filter((r) => r.status === 200).length;
  assert.is(ok, 4);
  assert.ok(results.filter((r) => r.status !== 200).every((r) => r.status === 409));
  const row = t.app.db.prepare('SELECT applied_cents, amount_cents, status FROM credit_notes_note WHERE id = ?').get(note.id) as any;
  assert.is(row.applied_cents, 12000);
  assert.is(row.status, 'ACTIVE');
  const paidByNote = t.app.db.prepare(`SELECT sum(amount_cents) FROM sales_payment WHERE method = 'CREDIT_NOTE' AND reference = ?`).pluck().get(note.number);
  assert.is(paidByNote, 12000);
  // Exactly what is left empties it.
  const rest = await Promise.all([apply(note.id, { invoice_id: big.id, amount: 10.8 }), apply(note.id, { invoice_id: big.id, amount: 10.8 })]);
  assert.equal(rest.map((r) => r.status).sort(), [200, 409]);
  assert.is(t.app.db.prepare('SELECT status FROM credit_notes_note WHERE id = ?').pluck().get(note.id), 'USED');
});

test('USER cannot list, view, create or apply credit notes (403), but can process returns', async () => {
  const cash = await sell(t, [{ productId: sock, qty: 1 }]);
  const { creditNote: note } = await returnItems(t, cash.id, [{ productId: sock, qty: 1 }]);
  const owed = await sell(t, [{ productId: sock, qty: 1 }], { customerId: customer });
  assert.is((await t.staff.get('/api/returns/credit-notes')).status, 403);
  assert.is((await t.staff.get('/api/returns/credit-notes/invoices')).status, 403);
  assert.is((await t.staff.get(`/api/returns/credit-notes/${note.id}`)).status, 403);
  assert.is((await t.staff.get(`/api/returns/credit-notes/${note.id}/pdf`)).status, 403);
  assert.is((await t.staff.post('/api/returns/credit-notes', { invoice_id: owed.id, amount: 1, reason: 'x' })).status, 403);
  const r = await t.staff.post(`/api/returns/credit-notes/${note.id}/apply`, { credit_note_id: note.id, invoice_id: owed.id, amount: 1, notes: '' });
  assert.is(r.status, 403);
  assert.is(t.app.db.prepare('SELECT applied_cents FROM credit_notes_note WHERE id = ?').pluck().get(note.id), 0);
  assert.is((await t.anon.get('/api/returns/credit-notes')).status, 401);
});

test('list: key credit_notes, status filter, search, tiles and pagination; numbering per day', async () => {
  const all = await t.admin.get('/api/returns/credit-notes');
  assert.is(all.status, 200);
  const notes = all.body.credit_notes;
  assert.ok(notes.length >= 5);
  assert.is(all.body.pagination.total, notes.length);
  // Numbers run 0001, 0002... with no gaps (all made today).
  const seqs = notes.map((n: any) => Number(n.number.slice(-4))).sort((a: number, b: number) => a - b);
  assert.equal(
    seqs,
    Array.from({ length: seqs.length }, (_, i) => i + 1),
  );
  for (const key of [
    'id',
    'number',
    'date',
    'status',
    'reason',
    'amount',
    'applied_amount',
    'available',
    'notes',
    'subtotal',
    'tax',
    'invoice',
    'customer',
    'applications',
    'lines',
    'created_at',
  ]) {
    assert.ok(key in notes[0], key);
  }
  const active = notes.filter((n: any) => n.status === 'ACTIVE');
  assert.is(all.body.summary.total, notes.length);
  assert.is(all.body.summary.active, active.length);
  assert.is(
    cents(all.body.summary.available),
    active.reduce((s: number, n: any) => s + cents(n.available), 0),
  );
  assert.is(
    cents(all.body.summary.applied),
    notes.reduce((s: number, n: any) => s + cents(n.applied_amount), 0),
  );

  const used = await t.admin.get('/api/returns/credit-notes?status=USED');
  assert.ok(used.body.credit_notes.length >= 2);
  assert.ok(used.body.credit_notes.every((n: any) => n.status === 'USED'));
  assert.is((await t.admin.get('/api/returns/credit-notes?status=EXPIRED')).body.credit_notes.length, 0);
  assert.is((await t.admin.get('/api/returns/credit-notes?status=bogus')).status, 400);

  const one = notes[notes.length - 1];
  assert.is((await t.admin.get(`/api/returns/credit-notes?search=${one.number.toLowerCase()}`)).body.credit_notes[0].id, one.id);
  const byInvoice = await t.admin.get(`/api/returns/credit-notes?search=${one.invoice.number}`);
  assert.ok(byInvoice.body.credit_notes.every((n: any) => n.invoice.number === one.invoice.number));
  assert.ok((await t.admin.get('/api/returns/credit-notes?search=defective')).body.credit_notes.length >= 1);
  assert.is((await t.admin.get('/api/returns/credit-notes?search=zzz-none')).body.credit_notes.length, 0);
  // The reports plugin reads the notes through its view.
  const viewSum = t.app.db.prepare('SELECT sum(amount_cents) FROM reports_credit_note').pluck().get();
  assert.is(
    viewSum,
    notes.reduce((s: number, n: any) => s + cents(n.amount), 0),
  );
  const paged = await t.admin.get('/api/returns/credit-notes?page=2&pageSize=2');
  assert.equal(
    paged.body.credit_notes.map((n: any) => n.id),
    notes.slice(2, 4).map((n: any) => n.id),
  );
  assert.is(paged.body.pagination.pageSize, 2);
});

test('the apply picker lists only invoices that still owe (not PAID, not VOID) with their outstanding', async () => {
  const owed = await sell(t, [{ productId: sock, qty: 3 }], { customerId: customer });
  const cash = await sell(t, [{ productId: sock, qty: 1 }]);
  const r = await t.admin.get('/api/returns/credit-notes/invoices?pageSize=200');
  assert.is(r.status, 200);
  const got = r.body.invoices.find((i: any) => i.id === owed.id);
  assert.is(got.number, owed.number);
  assert.is(got.customer.name, 'Harbour Hotel');
  assert.is(got.outstanding, 32.7);
  assert.is(got.grand_total, 32.7);
  assert.not.ok(r.body.invoices.some((i: any) => i.id === cash.id));
  assert.ok(r.body.invoices.every((i: any) => i.payment_status === 'UNPAID' || i.payment_status === 'PARTIAL'));
});

test('manual credit note: 201, GST split, never above what is left creditable; invoice then cannot be voided', async () => {
  const inv = await sell(t, [{ productId: boot, qty: 1 }]); // $130.80
  const r = await t.admin.post('/api/returns/credit-notes', { invoice_id: inv.id, amount: 21.8, reason: 'Price match', notes: 'Competitor flyer' });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const cn = r.body.credit_note;
  assert.is(cn.source, 'MANUAL');
  assert.is(cn.status, 'ACTIVE');
  assert.is(cn.amount, 21.8);
  assert.is(cn.subtotal, 20);
  assert.is(cn.tax, 1.8);
  assert.is(cn.reason, 'Price match');
  assert.is(cn.notes, 'Competitor flyer');
  assert.is(cn.lines.length, 1);

  const over = await t.admin.post('/api/returns/credit-notes', { invoice_id: inv.id, amount: 109.01, reason: 'More' });
  assert.is(over.status, 409);
  assert.is(over.body.error, 'Amount exceeds creditable balance. Creditable: $109.00');
  assert.is((await t.admin.post('/api/returns/credit-notes', { invoice_id: inv.id, amount: 0, reason: 'x' })).body.error, 'Please enter a valid amount');
  assert.is((await t.admin.post('/api/returns/credit-notes', { amount: 5, reason: 'x' })).body.error, 'Please select an invoice');
  assert.is((await t.admin.post('/api/returns/credit-notes', { invoice_id: inv.id, amount: 5 })).status, 400);
  // A return after it may only credit what is left: the boot's full refund (130.80) no longer fits.
  const ret = await t.staff.post('/api/returns', { invoice_id: inv.id, items: [{ product_id: boot, returned_qty: 1, return_reason: 'Defective' }] });
  assert.is(ret.status, 409);

  const voided = await t.admin.post(`/api/invoices/${inv.id}/void`, { reason: 'Mistake' });
  assert.is(voided.status, 409);
  assert.is(voided.body.error, 'Cannot void an invoice with returns or credit notes applied');
  const other = await sell(t, [{ productId: sock, qty: 1 }]);
  assert.is((await t.admin.post(`/api/invoices/${other.id}/void`, { reason: 'Mistake' })).status, 200);
  assert.is((await t.admin.post('/api/returns/credit-notes', { invoice_id: other.id, amount: 1, reason: 'x' })).status, 409);
});

test('#17.7: a credit note to a business carries its UEN and the original invoice number, date and reason', async () => {
  const id = (
    await t.admin.post('/api/customers', {
      name: 'Credit UEN Co',
      company: 'Credit UEN Co Pte Ltd',
      uen: '201815234N',
      billing_address: '5 Kallang Way',
      credit_limit: 5000,
      credit_terms_days: 30,
    })
  ).body.customer.id;
  const inv = await sell(t, [{ productId: sock, qty: 2 }], { customerId: id });
  const { creditNote: note } = await returnItems(t, inv.id, [{ productId: sock, qty: 1 }], 'Damaged in Transit');
  const text = await pdfText((await t.admin.get(`/api/returns/credit-notes/${note.id}/pdf`)).raw);
  const invoiceDate = formatInstantDate(new Date(), 'Asia/Singapore');
  for (const s of [
    'Credit To',
    'Credit UEN Co Pte Ltd',
    '5 Kallang Way',
    'UEN: 201815234N',
    inv.number,
    `Invoice Date: ${invoiceDate}`,
    'Reason: Return: Damaged in Transit',
  ]) {
    assert.ok(text.includes(s), `PDF lacks ${s}: ${text}`);
  }
});

test('the credit note PDF: Credit Note, its number, the invoice, GST and total (bearer or session cookie)', async () => {
  t.app.db
    .prepare(`INSERT INTO core_setting (key, value) VALUES ('shop_name', '"Kedai Test Shoes"'), ('gst_reg_no', '"M2-7654321-0"')
    ON CONFLICT(key) DO UPDATE SET value = excluded.value`)
    .run();
  const cash = await sell(t, [
    { productId: boot, qty: 2 },
    { productId: sock, qty: 1 },
  ]);
  const { creditNote: note } = await returnItems(t, cash.id, [{ productId: boot, qty: 1 }], 'Wrong Size');
  const r = await t.admin.get(`/api/returns/credit-notes/${note.id}/pdf`);
  assert.is(r.status, 200);
  assert.match(String(r.headers['content-type']), /application\/pdf/);
  const text = await pdfText(r.raw);
  for (const s of [
    'Credit Note',
    note.number,
    cash.number,
    'Kedai Test Shoes',
    'M2-7654321-0',
    'Walk-in Customer',
    'Wrong Size',
    'Leather Boot',
    '$120.00',
    '$10.80',
    '$130.80',
  ]) {
    assert.ok(text.includes(s), `PDF lacks ${s}: ${text}`);
  }
  // #17.7: the original tax invoice's number AND date, and the reason, each where a reader looks for them.
  const invoiceDate = formatInstantDate(new Date(), 'Asia/Singapore');
  for (const s of [
    'Original Invoice:',
    'Invoice Date:',
    'Reason: Return: Wrong Size',
    `This credit note adjusts tax invoice ${cash.number} dated ${invoiceDate}.`,
  ]) {
    assert.ok(text.includes(s), `PDF lacks ${s}: ${text}`);
  }
  // Opened in a new tab: the session cookie alone is enough.
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: TEST_PASSWORDS.admin } });
  const cookie = String(login.headers['set-cookie']).split(';')[0];
  const viaCookie = await t.app.inject({ method: 'GET', url: `/api/returns/credit-notes/${note.id}/pdf`, headers: { cookie } });
  assert.is(viaCookie.statusCode, 200);
  assert.is((await t.admin.get('/api/returns/credit-notes/999999/pdf')).status, 404);
});

test("a customer's credit note pays only that customer's invoices (409 otherwise); a walk-in's note pays any (#13.6)", async () => {
  const a = await makeCustomer(t, 'Customer A', 5000);
  const b = await makeCustomer(t, 'Customer B', 5000);
  const invA = await sell(t, [{ productId: boot, qty: 2 }], { customerId: a, paidLater: true }); // 261.60, paid since
  const invA2 = await sell(t, [{ productId: sock, qty: 1 }], { customerId: a }); // 10.90
  const invB = await sell(t, [{ productId: sock, qty: 2 }], { customerId: b }); // 21.80
  const { creditNote: noteA } = await returnItems(t, invA.id, [{ productId: boot, qty: 1 }]); // 130.80 for A
  const payments = () => t.app.db.prepare('SELECT count(*) FROM sales_payment').pluck().get();
  const before = [payments(), await balance(a), await balance(b)];

  const wrong = await apply(noteA.id, { invoice_id: invB.id, amount: 10 });
  assert.is(wrong.status, 409);
  assert.is(wrong.body.code, 'CREDIT_NOTE_OTHER_CUSTOMER');
  assert.is(wrong.body.error, `Credit note ${noteA.number} was issued to Customer A; it can only be applied to that customer's invoices`);
  // A walk-in invoice is not A's either.
  const walkIn = await t.staff.post('/api/checkout', { items: [{ productId: sock, qty: 1 }], payments: [{ method: 'NETS', amount: 5 }] });
  assert.is(walkIn.status, 400); // walk-ins pay in full: there is no open walk-in invoice to pay
  assert.equal([payments(), await balance(a), await balance(b)], before);
  const note = (await t.admin.get(`/api/returns/credit-notes/${noteA.id}`)).body.credit_note;
  assert.is(note.available, 130.8);

  // The picker, told which note, offers only A's open invoices.
  const picker = await t.admin.get(`/api/returns/credit-notes/invoices?credit_note_id=${noteA.id}&pageSize=200`);
  assert.is(picker.status, 200);
  const ids = picker.body.invoices.map((i: any) => i.id).sort();
  assert.equal(ids, [invA2.id]);
  assert.is(picker.body.pagination.total, 1);
  const all = await t.admin.get('/api/returns/credit-notes/invoices?pageSize=200');
  assert.ok(
    all.body.invoices.some((i: any) => i.id === invB.id),
    'without a note: every open invoice',
  );
  assert.is((await t.admin.get('/api/returns/credit-notes/invoices?credit_note_id=999999')).status, 404);

  const right = await apply(noteA.id, { invoice_id: invA2.id, amount: 10.9 });
  assert.is(right.status, 200, JSON.stringify(right.body));
  assert.is(await balance(a), 0); // 261.60 paid since, 10.90 paid by A's own note
  assert.is(right.body.credit_note.available, 119.9);
  assert.is(await balance(b), 21.8);

  // A walk-in's note (its invoice had no customer) may pay customer B's invoice, and the picker offers everything.
  const cash = await sell(t, [{ productId: sock, qty: 1 }]);
  const { creditNote: walkInNote } = await returnItems(t, cash.id, [{ productId: sock, qty: 1 }]);
  assert.is(walkInNote.customer, null);
  const anyPicker = await t.admin.get(`/api/returns/credit-notes/invoices?credit_note_id=${walkInNote.id}&pageSize=200`);
  assert.ok(anyPicker.body.invoices.some((i: any) => i.id === invB.id));
  const paysB = await apply(walkInNote.id, { invoice_id: invB.id, amount: 10.9 });
  assert.is(paysB.status, 200, JSON.stringify(paysB.body));
  assert.is(await balance(b), 10.9);
});

test('typed amounts must be plain decimals: hex, exponents, spaces, Infinity are 400 naming amount (#13.11)', async () => {
  const inv = await sell(t, [{ productId: boot, qty: 1 }]);
  const notes = () => t.app.db.prepare('SELECT count(*) FROM credit_notes_note').pluck().get();
  const before = notes();
  for (const amount of ['0x10', '1e3', '1E1', ' 5', '5 ', 'Infinity', '-5', '+5', '5.', '.5', '5.001', '1_000', '0b11', '0o7', '１２']) {
    const r = await t.admin.post('/api/returns/credit-notes', { invoice_id: inv.id, amount, reason: 'Goodwill' });
    assert.is(r.status, 400, `amount ${JSON.stringify(amount)}: ${JSON.stringify(r.body)}`);
    assert.is(r.body.details.field, 'amount');
  }
  assert.is(notes(), before);
  const ok = await t.admin.post('/api/returns/credit-notes', { invoice_id: inv.id, amount: '16.50', reason: 'Goodwill' });
  assert.is(ok.status, 201, JSON.stringify(ok.body));
  assert.is(ok.body.credit_note.amount, 16.5);
});

test.run();
