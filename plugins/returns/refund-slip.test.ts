// #26.3/#26.4 returns at the till, over real HTTP: the refund window and 'No receipt' ask a manager's approval (403
// APPROVAL_REQUIRED naming why; the approver is recorded); the refund slip's model, and its ESC/POS bytes on a fake
// LAN printer: 'REFUND', the invoice, the lines, the amount and method; a credit note's slip with its code as Code128;
// a cash refund's first print kicks the drawer once.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { startFakePrinter, type FakePrinter } from '../../tests/helpers/fake-printer.js';
import { saveSettings } from '../../core/settings.js';
import { makeProduct, sell } from '../credit-notes/test-support.js';
import { approvalNeed, daysBetween } from './refund-policy.js';

let t: TestApp;
let h: HttpApp;
let printer: FakePrinter;
let shoe: number;

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
  printer = await startFakePrinter();
  shoe = await makeProduct(t, 'Trail Runner', 59.9, 40);
});
test.after(async () => {
  await printer.close();
  await t.close();
});

const till = { 'x-kedai-till': 'Till 1' };
const KICK = Buffer.from([0x1b, 0x70, 0x00, 0x19, 0xfa]);
const CUT = Buffer.from([0x1d, 0x56]);
const code128 = (code: string) => Buffer.concat([Buffer.from([0x1d, 0x6b, 73, code.length + 2, 0x7b, 0x42]), Buffer.from(code, 'latin1')]);
const text = (b: Buffer) => b.toString('latin1');
const count = (b: Buffer, part: Buffer) => {
  let n = 0;
  for (let i = b.indexOf(part); i >= 0; i = b.indexOf(part, i + 1)) n++;
  return n;
};

/** Moves a sale `days` back (its shop date, time and number), as if it had been made then; returns its number. */
function age(invoiceId: number, days: number): string {
  const at = new Date(Date.now() - days * 86_400_000);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(at);
  const seq = 900 + invoiceId;
  const number = `INV-${date.replaceAll('-', '')}-${seq}`;
  t.app.db
    .prepare('UPDATE sales_invoice SET business_date = ?, created_at = ?, seq = ?, number = ? WHERE id = ?')
    .run(date, at.toISOString(), seq, number, invoiceId);
  return number;
}

const item = { product_id: 0, returned_qty: 1, return_reason: 'Wrong Size' };

test('the policy: inside the window and with the receipt, no approval; day N+1 or no receipt, why it is needed', () => {
  assert.is(daysBetween('2025-03-01', '2025-03-15'), 14);
  const base = { invoiceNumber: 'INV-1', saleDate: '2025-03-01', windowDays: 14, receipt: true };
  assert.is(approvalNeed({ ...base, today: '2025-03-15' }), null);
  assert.equal(approvalNeed({ ...base, today: '2025-03-16' })!.why, ['REFUND_WINDOW']);
  assert.is(approvalNeed({ ...base, today: '2025-03-16' })!.message, "INV-1 is 15 days old, outside the 14-day refund window: a manager's approval is needed");
  assert.is(approvalNeed({ ...base, today: '2026-03-16', windowDays: 0 }), null, '0 = no window');
  assert.is(approvalNeed({ ...base, today: '2025-03-02', receipt: false })!.message, "The customer has no receipt: a manager's approval is needed");
  assert.equal(approvalNeed({ ...base, today: '2025-04-02', receipt: false })!.why, ['REFUND_WINDOW', 'NO_RECEIPT']);
});

test('Settings: refund_window_days defaults to 14, takes 0..3650 whole days, refuses the rest with the field named', async () => {
  assert.is((await h.staff.get('/api/settings')).body.settings.refund_window_days, 14);
  for (const bad of [-1, 1.5, 4000, '7']) {
    const r = await h.admin.patch('/api/settings', { refund_window_days: bad });
    assert.is(r.status, 400, `${bad}: ${JSON.stringify(r.body)}`);
  }
  const ok = await h.admin.patch('/api/settings', { refund_window_days: 7 });
  assert.is(ok.status, 200, JSON.stringify(ok.body));
  assert.is(ok.body.settings.refund_window_days, 7);
  assert.is((await h.staff.patch('/api/settings', { refund_window_days: 30 })).status, 403);
  saveSettings(t.app.db, { refund_window_days: 14 });
});

test('outside the window: a USER gets 403 APPROVAL_REQUIRED (nothing written); a wrong password 403; a manager approves; ADMIN needs none', async () => {
  const inv = await sell(t, [{ productId: shoe, qty: 3 }]);
  const number = age(inv.id, 20);
  const body = { invoice_id: inv.id, items: [{ ...item, product_id: shoe }], refund_method: 'CASH' };
  const before = t.app.db.prepare('SELECT count(*) FROM returns_return').pluck().get();
  const refused = await h.staff.post('/api/returns', body, till);
  assert.is(refused.status, 403);
  assert.is(refused.body.code, 'APPROVAL_REQUIRED');
  assert.match(refused.body.error, new RegExp(`${number} is 20 days old, outside the 14-day refund window`));
  assert.equal(refused.body.details, { reasons: ['REFUND_WINDOW'], age_days: 20, window_days: 14 });
  const wrong = await h.staff.post('/api/returns', { ...body, approval: { username: 'admin', password: 'nope' } }, till);
  assert.is(wrong.status, 403);
  assert.is(wrong.body.code, 'FORBIDDEN');
  const notAdmin = await h.staff.post('/api/returns', { ...body, approval: { username: 'staff', password: 'staff123' } }, till);
  assert.is(notAdmin.status, 403);
  assert.is(t.app.db.prepare('SELECT count(*) FROM returns_return').pluck().get(), before, 'nothing written');

  const approved = await h.staff.post('/api/returns', { ...body, approval: { username: 'admin', password: 'admin123' } }, till);
  assert.is(approved.status, 201, JSON.stringify(approved.body));
  assert.is(approved.body.returns[0].approved_by, 'admin');
  assert.is(approved.body.returns[0].created_by, 'staff');
  const byAdmin = await h.admin.post('/api/returns', body, till);
  assert.is(byAdmin.status, 201, JSON.stringify(byAdmin.body));
  assert.is(byAdmin.body.returns[0].approved_by, 'admin', 'the ADMIN who made it is the approver');

  // A window of 0 days is no window.
  saveSettings(t.app.db, { refund_window_days: 0 });
  const open = await h.staff.post('/api/returns', body, till);
  assert.is(open.status, 201, JSON.stringify(open.body));
  assert.is(open.body.returns[0].approved_by, null);
  saveSettings(t.app.db, { refund_window_days: 14 });
});

test("'No receipt' (receipt: false) needs the approval even for today's sale; recorded on the rows; exchanges follow the policy too", async () => {
  const inv = await sell(t, [{ productId: shoe, qty: 2 }]);
  const body = { invoice_id: inv.id, items: [{ ...item, product_id: shoe }], receipt: false };
  const refused = await h.staff.post('/api/returns', body);
  assert.is(refused.status, 403);
  assert.is(refused.body.code, 'APPROVAL_REQUIRED');
  assert.is(refused.body.error, "The customer has no receipt: a manager's approval is needed");
  const ok = await h.staff.post('/api/returns', { ...body, approval: { username: 'admin', password: 'admin123' } });
  assert.is(ok.status, 201, JSON.stringify(ok.body));
  assert.is(ok.body.returns[0].without_receipt, true);
  assert.is(ok.body.returns[0].approved_by, 'admin');
  const withReceipt = await h.staff.post('/api/returns', { ...body, receipt: true });
  assert.is(withReceipt.status, 201, JSON.stringify(withReceipt.body));
  assert.is(withReceipt.body.returns[0].approved_by, null);

  const old = await sell(t, [{ productId: shoe, qty: 1 }]);
  age(old.id, 30);
  const exchange = { invoice_id: old.id, items: [{ ...item, product_id: shoe }], sale: { items: [{ productId: shoe, qty: 1 }] } };
  const ex = await h.staff.post('/api/exchanges', exchange);
  assert.is(ex.status, 403);
  assert.is(ex.body.code, 'APPROVAL_REQUIRED');
  const exOk = await h.staff.post('/api/exchanges', { ...exchange, approval: { username: 'admin', password: 'admin123' } });
  assert.is(exOk.status, 201, JSON.stringify(exOk.body));
  assert.is(exOk.body.returns[0].approved_by, 'admin');
});

test('cash refund slip: the model; printed with REFUND, invoice, lines, amount, method, cashier; the drawer kicks on the first print only', async () => {
  const inv = await sell(t, [{ productId: shoe, qty: 2 }]);
  const r = await h.staff.post('/api/returns', { invoice_id: inv.id, items: [{ ...item, product_id: shoe, returned_qty: 2 }], refund_method: 'CASH' }, till);
  assert.is(r.status, 201, JSON.stringify(r.body));
  const id = r.body.returns[0].id;
  const slip = (await h.staff.get(`/api/returns/${id}/slip`)).body.slip;
  assert.is(slip.title, 'REFUND');
  assert.is(slip.invoice.number, inv.number);
  assert.is(slip.method, 'CASH');
  assert.is(slip.method_text, 'Cash');
  assert.is(slip.total, 130.58);
  assert.is(slip.paid_out, 130.58);
  assert.is(slip.cashier, 'staff');
  assert.equal(slip.lines, [{ description: 'Trail Runner', size: '42', sku: slip.lines[0].sku, qty: 2, reason: 'Wrong Size', amount: 130.58 }]);
  assert.is(slip.credit_note, null);
  assert.is((await h.staff.get('/api/returns/00000000-0000-4000-8000-000000000000/slip')).status, 404);
  assert.is((await h.staff.get('/api/returns/not-a-uuid/slip')).status, 400);
  assert.is((await h.anon.get(`/api/returns/${id}/slip`)).status, 401);

  assert.is((await h.staff.post(`/api/returns/${id}/print`, {}, till)).body.code, 'NO_PRINTER');
  saveSettings(t.app.db, { receipt_printer: printer.address });
  const printed = await h.staff.post(`/api/returns/${id}/print`, {}, till);
  assert.equal(printed.body, { printed: true, printer: printer.address, drawer_opened: true });
  const bytes = await printer.nextJob();
  const s = text(bytes);
  for (const want of [
    'REFUND',
    `Invoice: ${inv.number}`,
    'Trail Runner (Size 42)',
    '2 x returned: Wrong Size',
    '$130.58',
    'Refunded by Cash',
    'Cashier: staff',
  ]) {
    assert.ok(s.includes(want), `slip has ${want}`);
  }
  assert.is(count(bytes, KICK), 1, 'the drawer kick');
  assert.ok(bytes.indexOf(KICK) > bytes.lastIndexOf(CUT), 'kicked after the cut');
  assert.is(t.app.db.prepare('SELECT count(*) FROM ledger_drawer_opening WHERE reason = ?').pluck().get(`Cash refund ${inv.number}`), 1);

  const again = await h.staff.post(`/api/returns/${id}/print`, {}, till);
  assert.is(again.body.drawer_opened, false, 'a second print never opens the drawer');
  assert.is(count(await printer.nextJob(), KICK), 0);
  const reprint = await h.staff.post(`/api/returns/${r.body.returns[0].id}/print`, { reprint: true }, till);
  assert.is(reprint.body.drawer_opened, false);
  assert.ok(text(await printer.nextJob()).includes('** REPRINT **'));
  saveSettings(t.app.db, { receipt_printer: '' });
});

test('credit-note refund: the slip states the note, its amount, no expiry and its code as Code128 bytes; the code only for its maker or an ADMIN', async () => {
  saveSettings(t.app.db, { receipt_printer: printer.address });
  const inv = await sell(t, [{ productId: shoe, qty: 1 }]);
  const r = await h.staff.post('/api/returns', { invoice_id: inv.id, items: [{ ...item, product_id: shoe }] }, till);
  assert.is(r.status, 201, JSON.stringify(r.body));
  const note = r.body.creditNote;
  const id = r.body.returns[0].id;
  const slip = (await h.staff.get(`/api/returns/${id}/slip`)).body.slip;
  assert.is(slip.method_text, 'Credit note');
  assert.is(slip.paid_out, null);
  assert.is(slip.credit_note.number, note.number);
  assert.is(slip.credit_note.amount, 65.29);
  assert.is(slip.credit_note.expires, null);
  assert.is(slip.credit_note.redemption_code, note.redemption_code);
  assert.match(slip.credit_note.barcode_svg, /^<svg /);
  assert.is((await h.admin.get(`/api/returns/${id}/slip`)).body.slip.credit_note.redemption_code, note.redemption_code);

  const printed = await h.staff.post(`/api/returns/${id}/print`, {}, till);
  assert.is(printed.body.drawer_opened, false, 'no cash, no drawer');
  const bytes = await printer.nextJob();
  const s = text(bytes);
  for (const want of ['REFUND', 'CREDIT NOTE', `Credit note: ${note.number}`, '$65.29', 'No expiry', note.redemption_code])
    assert.ok(s.includes(want), `slip has ${want}`);
  assert.ok(bytes.includes(code128(note.redemption_code)), 'the code as Code128 (GS k 73 {B code)');
  assert.is(count(bytes, CUT), 2, 'two slips, two cuts');
  assert.is(count(bytes, KICK), 0);

  // Another cashier gets the slip without the bearer code.
  assert.is((await h.admin.post('/api/users', { username: 'other', password: 'Other-cashier-77', role: 'USER' })).status, 201);
  const other = await t.login('other', 'Other-cashier-77');
  const theirs = (await other.get(`/api/returns/${id}/slip`)).body.slip;
  assert.is(theirs.credit_note.redemption_code, null);
  assert.is(theirs.credit_note.barcode_svg, null);
  saveSettings(t.app.db, { receipt_printer: '' });
});

test.run();
