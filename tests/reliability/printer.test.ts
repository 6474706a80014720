// #16.5 over real HTTP (the server in its own process): a till prints a cash sale on a LAN ESC/POS printer
// (a fake one capturing the bytes) and the drawer kicks; a hung printer answers 502 and, while the server
// waits for it, other tills keep selling (printing is network I/O off the request thread's critical path).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startFakePrinter } from '../helpers/fake-printer.js';
import { ADMIN, TILL, TSX, call, createAccounts, signIn, startServer, tempDataDir, type Server } from './support-server.js';

let server: Server | undefined;
test.after(async () => {
  await server?.stop();
});

test('real server: print to a fake printer, then a hung printer gives 502 while checkout still answers', async () => {
  const dataDir = tempDataDir('printer');
  createAccounts(TSX, dataDir);
  server = await startServer(TSX, dataDir);
  const base = server.url;
  const owner = await signIn(base, ADMIN);
  const till = await signIn(base, TILL);
  const printer = await startFakePrinter();
  const silent = await startFakePrinter({ silent: true });
  try {
    const p = await call(base, 'POST', '/api/products', {
      token: owner,
      body: { item_name: 'Print Runner', sku: 'PRN-1', size: '42', selling_price: 100, cost: 40, stock_qty: 10 },
    });
    assert.is(p.status, 201, JSON.stringify(p.body));
    const sell = () =>
      call(base, 'POST', '/api/checkout', {
        token: till,
        body: { items: [{ productId: p.body.product.id, qty: 1 }], payments: [{ method: 'CASH', amount: 109 }], tendered: 120 },
      });
    const sale = await sell();
    assert.is(sale.status, 201, JSON.stringify(sale.body));

    const set = await call(base, 'PATCH', '/api/settings', { token: owner, body: { receipt_printer: printer.address, open_drawer_on_cash: true } });
    assert.is(set.status, 200, JSON.stringify(set.body));
    const printed = await call(base, 'POST', `/api/invoices/${sale.body.invoiceId}/print`, { token: till, body: {} });
    assert.is(printed.status, 200, JSON.stringify(printed.body));
    assert.is(printed.body.drawer_opened, true);
    const bytes = await printer.nextJob();
    const text = bytes.toString('latin1');
    assert.ok(text.includes(sale.body.number) && text.includes('Print Runner') && text.includes('$109.00') && text.includes('Change'));
    assert.ok(bytes.includes(Buffer.from([0x1d, 0x56])) && bytes.includes(Buffer.from([0x1b, 0x70])));
    console.log(`  print to the fake printer: ${printed.status} in ${Math.round(printed.ms)} ms`);

    await call(base, 'PATCH', '/api/settings', { token: owner, body: { receipt_printer: silent.address } });
    const hung = call(base, 'POST', `/api/invoices/${sale.body.invoiceId}/print`, { token: till, body: {} });
    const during = await sell();
    const answer = await hung;
    console.log(`  hung printer: ${answer.status} in ${Math.round(answer.ms)} ms; a checkout meanwhile: ${during.status} in ${Math.round(during.ms)} ms`);
    assert.is(answer.status, 502);
    assert.is(answer.body.error, `Printer not reachable at ${silent.address}`);
    assert.is(during.status, 201);
    const after = await call(base, 'GET', `/api/invoices/${sale.body.invoiceId}`, { token: owner });
    assert.is(after.body.invoice.payment_status, 'PAID');
  } finally {
    await printer.close();
    await silent.close();
  }
});

test.run();
