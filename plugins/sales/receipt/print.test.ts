// #16.5: POST /api/invoices/:id/print sends the 80 mm receipt to a LAN ESC/POS printer (here a fake one on a
// random port capturing the bytes): invoice number, lines, GST, total, the cut and, for cash sales, the drawer kick.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../../tests/helpers/app.js';
import { closedPort, startFakePrinter, type FakePrinter } from '../../../tests/helpers/fake-printer.js';
import { saveSettings } from '../../../core/settings.js';
import { addProduct } from '../test-support.js';

let t: TestApp;
let printer: FakePrinter;
test.before(async () => {
  t = await testApp();
  printer = await startFakePrinter();
});
test.after(async () => {
  await printer.close();
  await t.close();
});

const CUT = Buffer.from([0x1d, 0x56]);
const KICK = Buffer.from([0x1b, 0x70]);
const text = (b: Buffer) => b.toString('latin1');

/** A sale of $1,250.00 products: above $1,000.00, so it names its buyer (#17.7: a full tax invoice). */
async function sale(method: 'CASH' | 'NETS', names: string[], price = 1250) {
  const ids = [];
  for (const n of names) ids.push(await addProduct(t, price, 5, n));
  const total = Math.round(names.length * price * 1.09 * 100) / 100;
  const r = await t.staff.post('/api/checkout', {
    items: ids.map((productId) => ({ productId, qty: 1 })),
    payments: [{ method, amount: total, ...(method === 'NETS' ? { reference: 'APPR 123456' } : {}) }],
    ...(method === 'CASH' ? { tendered: Math.ceil(total / 50) * 50 } : {}),
    ...(total > 1000 ? { buyer: { name: 'Print Test Pte Ltd', address: '9 Printer Lane\nSingapore 123456', uen: '201912345K' } } : {}),
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.invoice as { id: number; number: string; grand_total: number };
}

test('no printer set: 409 with a clear message; the receipt model is still served to any signed-in user', async () => {
  const inv = await sale('CASH', ['Receipt Runner']);
  const r = await t.staff.post(`/api/invoices/${inv.id}/print`, {});
  assert.is(r.status, 409);
  assert.is(r.body.code, 'NO_PRINTER');
  assert.match(r.body.error, /No receipt printer/);
  const m = await t.staff.get(`/api/invoices/${inv.id}/receipt`);
  assert.is(m.status, 200);
  assert.is(m.body.receipt.number, inv.number);
  assert.is(m.body.receipt.total, inv.grand_total);
  assert.is(m.body.receipt.cash_sale, true);
  assert.is(m.body.receipt.gst_label, 'GST 9%');
});

test('unknown invoice: 404 for print and receipt', async () => {
  saveSettings(t.app.db, { receipt_printer: printer.address });
  assert.is((await t.staff.post('/api/invoices/999999/print', {})).status, 404);
  assert.is((await t.staff.get('/api/invoices/999999/receipt')).status, 404);
});

test('cash sale: the bytes carry number, lines, GST, total with separators, the cut and the drawer kick', async () => {
  saveSettings(t.app.db, { receipt_printer: printer.address, open_drawer_on_cash: true });
  const inv = await sale('CASH', ['Samba OG Black', 'Gazelle Blue']);
  const r = await t.staff.post(`/api/invoices/${inv.id}/print`, {});
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body, { printed: true, printer: printer.address, drawer_opened: true });
  const bytes = await printer.nextJob();
  const s = text(bytes);
  assert.ok(s.includes(inv.number), 'invoice number');
  assert.ok(s.includes('Samba OG Black') && s.includes('Gazelle Blue'), 'line names');
  assert.ok(s.includes('GST 9%'), 'GST');
  assert.ok(s.includes('$2,725.00'), `total ${inv.grand_total}`);
  assert.ok(s.includes('TAX INVOICE'));
  // #17.7: a full tax invoice names the buyer, address line by line, and the UEN.
  for (const part of ['Bill To:', 'Print Test Pte Ltd', '9 Printer Lane', 'Singapore 123456', 'UEN: 201912345K']) assert.ok(s.includes(part), part);
  assert.ok(bytes.includes(CUT), 'cut GS V');
  assert.ok(bytes.includes(Buffer.from([0x1b, 0x70, 0x00, 0x19, 0xfa])), 'drawer kick ESC p 0 t1 t2');
  assert.ok(bytes.indexOf(KICK) > bytes.indexOf(CUT), 'the drawer opens after the cut');
});

test('NETS sale: printed, no drawer kick; a reprint of a cash sale never kicks either', async () => {
  const nets = await sale('NETS', ['Stan Smith White']);
  const r = await t.staff.post(`/api/invoices/${nets.id}/print`, {});
  assert.is(r.status, 200);
  assert.is(r.body.drawer_opened, false);
  const bytes = await printer.nextJob();
  assert.ok(text(bytes).includes('Stan Smith White'));
  assert.ok(text(bytes).includes('APPR 123456'), 'approval code');
  assert.not.ok(bytes.includes(KICK), 'no ESC p for NETS');

  const cash = await sale('CASH', ['Reprint Runner']);
  const again = await t.admin.post(`/api/invoices/${cash.id}/print`, { reprint: true });
  assert.is(again.status, 200);
  assert.is(again.body.drawer_opened, false);
  const copy = await printer.nextJob();
  assert.ok(text(copy).includes('REPRINT'));
  assert.not.ok(copy.includes(KICK));
});

test('#17.7: a sale up to $1,000.00 prints a simplified tax invoice: TAX INVOICE, no Bill To', async () => {
  const inv = await sale('CASH', ['Small Sandal'], 50);
  assert.is((await t.staff.post(`/api/invoices/${inv.id}/print`, {})).status, 200);
  const s = text(await printer.nextJob());
  assert.ok(s.includes('TAX INVOICE') && s.includes('Price payable includes GST'));
  assert.not.ok(s.includes('Bill To'));
});

test('drawer setting off: a cash sale prints without the kick', async () => {
  saveSettings(t.app.db, { open_drawer_on_cash: false });
  const inv = await sale('CASH', ['Quiet Drawer']);
  const r = await t.staff.post(`/api/invoices/${inv.id}/print`, {});
  assert.is(r.body.drawer_opened, false);
  assert.not.ok((await printer.nextJob()).includes(KICK));
  saveSettings(t.app.db, { open_drawer_on_cash: true });
});

test('closed port and a printer that never answers: 502 "Printer not reachable at <host:port>", the sale stays PAID', async () => {
  const inv = await sale('CASH', ['Unlucky Loafer']);
  const silent = await startFakePrinter({ silent: true });
  const closed = `127.0.0.1:${await closedPort()}`;
  try {
    for (const address of [closed, silent.address]) {
      saveSettings(t.app.db, { receipt_printer: address });
      const started = Date.now();
      const r = await t.staff.post(`/api/invoices/${inv.id}/print`, {});
      console.log(`  print to ${address === closed ? 'a closed port' : 'a silent printer'}: ${r.status} after ${Date.now() - started} ms`);
      assert.is(r.status, 502);
      assert.is(r.body.error, `Printer not reachable at ${address}`);
    }
    assert.is(silent.jobs.length, 0, 'nothing sent to a printer that does not answer');
    const stored = t.app.db.prepare('SELECT payment_status FROM sales_invoice WHERE id = ?').pluck().get(inv.id);
    assert.is(stored, 'PAID');
  } finally {
    await silent.close();
    saveSettings(t.app.db, { receipt_printer: printer.address });
  }
});

test('Settings: receipt_printer is host:port or empty, open_drawer_on_cash a boolean; ADMIN only', async () => {
  const ok = await t.admin.patch('/api/settings', { receipt_printer: ' till-printer.local:9100 ', open_drawer_on_cash: false });
  assert.is(ok.status, 200, JSON.stringify(ok.body));
  assert.is(ok.body.settings.receipt_printer, 'till-printer.local:9100');
  assert.is(ok.body.settings.open_drawer_on_cash, false);
  for (const bad of ['printer', '10.0.0.5:0', '10.0.0.5:65536', 'tcp://10.0.0.5:9100']) {
    const r = await t.admin.patch('/api/settings', { receipt_printer: bad });
    assert.is(r.status, 400, bad);
    assert.is(r.body.details.field, 'receipt_printer');
  }
  assert.is((await t.staff.patch('/api/settings', { receipt_printer: '' })).status, 403);
  const cleared = await t.admin.patch('/api/settings', { receipt_printer: '', open_drawer_on_cash: true });
  assert.is(cleared.body.settings.receipt_printer, '');
  saveSettings(t.app.db, { receipt_printer: printer.address });
});

test('the print body is strict and the route needs a session', async () => {
  assert.is((await t.staff.post('/api/invoices/1/print', { copies: 2 })).status, 400);
  assert.is((await t.anon.post('/api/invoices/1/print', {})).status, 401);
});

test.run();
