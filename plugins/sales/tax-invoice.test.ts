// #17.7 tax invoices through the API: a simplified tax invoice up to S$1,000.00 incl. GST, a full one (the buyer's
// name, address and UEN) above that or when the buyer asks; the refusals write nothing; the documents show the buyer.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { saveSettings, DEMO_SETTINGS } from '../../core/settings.js';
import { addProduct, pdfText, salesCounts, stockOf } from './test-support.js';
import { BUYER_NEEDED } from './tax-invoice.js';

let t: TestApp;
// $917.43 + GST 9% ($82.57) = $1,000.00 exactly; $917.44 + $82.57 = $1,000.01.
let atLimit: number;
let aboveLimit: number;
let cheap: number;

test.before(async () => {
  t = await testApp();
  saveSettings(t.app.db, DEMO_SETTINGS);
  atLimit = await addProduct(t, 917.43, 50, 'Limit Loafer');
  aboveLimit = await addProduct(t, 917.44, 50, 'Cent Over Brogue');
  cheap = await addProduct(t, 10, 50, 'Plain Sock');
});
test.after(async () => {
  await t.close();
});

const sale = (body: Record<string, unknown>) => t.staff.post('/api/checkout', body);
const stored = (id: number) =>
  t.app.db
    .prepare('SELECT customer_name, customer_company, customer_billing_address, customer_uen, full_tax_invoice FROM sales_invoice WHERE id = ?')
    .get(id) as Record<string, unknown>;
const receiptOf = async (id: number) => (await t.staff.get(`/api/invoices/${id}/receipt`)).body.receipt;

async function addCustomer(body: Record<string, unknown>): Promise<number> {
  const r = await t.admin.post('/api/customers', { credit_limit: 50_000, credit_terms_days: 30, ...body });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.customer.id;
}

test('$1,000.00 exactly without a buyer: a simplified tax invoice (receipt names nobody)', async () => {
  const r = await sale({ items: [{ productId: atLimit, qty: 1 }] });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const inv = r.body.invoice;
  assert.is(inv.grand_total, 1000);
  assert.is(inv.tax_total, 82.57);
  assert.is(inv.tax_invoice, 'SIMPLIFIED');
  assert.is(inv.customer.name, 'Walk-in Customer');
  assert.is(inv.customer.uen, null);
  assert.equal(stored(inv.id), {
    customer_name: 'Walk-in Customer',
    customer_company: null,
    customer_billing_address: null,
    customer_uen: null,
    full_tax_invoice: 0,
  });
  const receipt = await receiptOf(inv.id);
  assert.is(receipt.tax_invoice, 'SIMPLIFIED');
  assert.is(receipt.buyer, null);
  assert.is(receipt.customer, null);
});

test('$1,000.01 for a walk-in without a buyer: 400 naming buyer, nothing written, stock untouched', async () => {
  const before = salesCounts(t);
  const stock = stockOf(t, aboveLimit);
  const r = await sale({ items: [{ productId: aboveLimit, qty: 1 }] });
  assert.is(r.status, 400);
  assert.is(r.body.error, "A sale above $1,000.00 needs the buyer's name and address for a full tax invoice");
  assert.is(r.body.error, BUYER_NEEDED);
  assert.is(r.body.details.field, 'buyer');
  // A walk-in company name alone is no buyer either: the address is missing.
  const named = await sale({ items: [{ productId: aboveLimit, qty: 1 }], walkInCompanyName: 'Acme Pte Ltd' });
  assert.is(named.status, 400);
  assert.is(named.body.details.field, 'buyer');
  // Stock is checked first: the cashier fixes the cart before naming anybody.
  const short = await sale({ items: [{ productId: aboveLimit, qty: 51 }] });
  assert.is(short.status, 409);
  assert.match(short.body.error, /Insufficient stock/);
  assert.equal(salesCounts(t), before);
  assert.is(stockOf(t, aboveLimit), stock);
});

test('$1,000.01 with a buyer: a full tax invoice, the buyer stored as the snapshot and shown on the receipt', async () => {
  const buyer = { name: '  Lim Engineering Pte Ltd ', address: '8 Jurong Port Road\n#03-01\nSingapore 619092', uen: ' 201912345k ' };
  const r = await sale({ items: [{ productId: aboveLimit, qty: 1 }], buyer });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const inv = r.body.invoice;
  assert.is(inv.grand_total, 1000.01);
  assert.is(inv.tax_invoice, 'FULL');
  assert.equal(inv.customer, {
    id: null,
    name: 'Lim Engineering Pte Ltd',
    phone: null,
    email: null,
    company: null,
    billing_address: '8 Jurong Port Road\n#03-01\nSingapore 619092',
    uen: '201912345K',
  });
  assert.equal(stored(inv.id), {
    customer_name: 'Lim Engineering Pte Ltd',
    customer_company: null,
    customer_billing_address: '8 Jurong Port Road\n#03-01\nSingapore 619092',
    customer_uen: '201912345K',
    full_tax_invoice: 1,
  });
  // The reply is what a later read says.
  const read = await t.admin.get(`/api/invoices/${inv.id}`);
  assert.is(read.body.invoice.tax_invoice, 'FULL');
  assert.equal(read.body.invoice.customer, inv.customer);
  const receipt = await receiptOf(inv.id);
  assert.is(receipt.tax_invoice, 'FULL');
  assert.equal(receipt.buyer, { name: 'Lim Engineering Pte Ltd', company: null, address: '8 Jurong Port Road\n#03-01\nSingapore 619092', uen: '201912345K' });
  // The 80 mm receipt PDF prints the same buyer.
  const { text } = await pdfText((await t.staff.get(`/api/invoices/${inv.id}/pdf?format=receipt`)).raw);
  for (const s of ['Tax Invoice', 'Bill To:', 'Lim Engineering Pte Ltd', '8 Jurong Port Road', '#03-01', 'Singapore 619092', 'UEN: 201912345K', '$1,000.01']) {
    assert.ok(text.includes(s), `receipt PDF lacks "${s}": ${text}`);
  }
  // And the A4 invoice's Bill To carries the UEN.
  const a4 = await pdfText((await t.staff.get(`/api/invoices/${inv.id}/pdf`)).raw);
  for (const s of ['Bill To', 'Lim Engineering Pte Ltd', 'UEN: 201912345K']) assert.ok(a4.text.includes(s), `invoice PDF lacks "${s}": ${a4.text}`);
});

test('the buyer asks at any amount: a $10.90 sale with a buyer (no UEN) is a full tax invoice; the walk-in company stays', async () => {
  const r = await sale({ items: [{ productId: cheap, qty: 1 }], walkInCompanyName: 'Tan Family', buyer: { name: 'Tan Ah Kow', address: '1 Jalan Besar' } });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const inv = r.body.invoice;
  assert.is(inv.grand_total, 10.9);
  assert.is(inv.tax_invoice, 'FULL');
  assert.is(inv.customer.name, 'Tan Ah Kow');
  assert.is(inv.customer.company, 'Tan Family');
  assert.is(inv.customer.uen, null);
  assert.equal((await receiptOf(inv.id)).buyer, { name: 'Tan Ah Kow', company: 'Tan Family', address: '1 Jalan Besar', uen: null });
});

test('a bad buyer block is a 400 naming its field, and writes nothing', async () => {
  const before = salesCounts(t);
  const cases: [Record<string, unknown>, string][] = [
    [{ name: '   ', address: '1 Road' }, 'buyer.name'],
    [{ name: 'Tan', address: ' \n ' }, 'buyer.address'],
    [{ name: 'Tan', address: '1 Road', uen: '1234' }, 'buyer.uen'],
    [{ name: 'Tan', address: '1 Road', uen: '2019-12345K' }, 'buyer.uen'],
    [{ name: 'Tan' }, 'buyer.address'],
    [{ name: 'Tan', address: '1 Road', phone: '9' }, 'buyer.phone'],
    [{ name: 'Tan\u202E', address: '1 Road' }, 'buyer.name'],
    [{ name: 'x'.repeat(201), address: '1 Road' }, 'buyer.name'],
    [{ name: 'Tan', address: 'x'.repeat(501) }, 'buyer.address'],
  ];
  for (const [buyer, field] of cases) {
    const r = await sale({ items: [{ productId: aboveLimit, qty: 1 }], buyer });
    assert.is(r.status, 400, JSON.stringify(buyer).slice(0, 80));
    assert.is(r.body.details.field, field, JSON.stringify(r.body));
  }
  assert.equal(salesCounts(t), before);
});

test('a registered customer with a billing address above $1,000: full tax invoice from their record, UEN in the A4 PDF', async () => {
  const id = await addCustomer({
    name: 'Harbourview Hotel',
    company: 'Harbourview Hotel Pte Ltd',
    uen: '199704518E',
    billing_address: '1 Harbourfront Ave, Singapore 098632',
  });
  const r = await sale({ items: [{ productId: aboveLimit, qty: 1 }], customerId: id });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const inv = r.body.invoice;
  assert.is(inv.tax_invoice, 'FULL');
  assert.is(inv.customer.name, 'Harbourview Hotel');
  assert.is(inv.customer.uen, '199704518E');
  assert.is(inv.customer.billing_address, '1 Harbourfront Ave, Singapore 098632');
  const { text } = await pdfText((await t.staff.get(`/api/invoices/${inv.id}/pdf`)).raw);
  for (const s of ['Tax Invoice', 'Bill To', 'Harbourview Hotel Pte Ltd', '1 Harbourfront Ave, Singapore 098632', 'UEN: 199704518E', '$1,000.01']) {
    assert.ok(text.includes(s), `invoice PDF lacks "${s}": ${text}`);
  }
  assert.equal((await receiptOf(inv.id)).buyer, {
    name: 'Harbourview Hotel',
    company: 'Harbourview Hotel Pte Ltd',
    address: '1 Harbourfront Ave, Singapore 098632',
    uen: '199704518E',
  });

  // Up to $1,000.00 the same customer gets a simplified one; the UEN is still the snapshot's, whatever the record says later.
  const small = await sale({ items: [{ productId: cheap, qty: 1 }], customerId: id });
  assert.is(small.body.invoice.tax_invoice, 'SIMPLIFIED');
  assert.is(small.body.invoice.customer.uen, '199704518E');
  assert.is((await t.admin.patch(`/api/customers/${id}`, { uen: '201731190Z' })).status, 200);
  assert.is((await t.admin.get(`/api/invoices/${small.body.invoiceId}`)).body.invoice.customer.uen, '199704518E');
  const text2 = (await pdfText((await t.staff.get(`/api/invoices/${inv.id}/pdf`)).raw)).text;
  assert.ok(text2.includes('UEN: 199704518E') && !text2.includes('201731190Z'));
});

test('a registered customer without a billing address above $1,000: 400 naming buyer.address; with a buyer it goes through', async () => {
  const id = await addCustomer({ name: 'No Address Trading', uen: '53312345A' });
  const before = salesCounts(t);
  const r = await sale({ items: [{ productId: aboveLimit, qty: 1 }], customerId: id });
  assert.is(r.status, 400);
  assert.is(r.body.error, BUYER_NEEDED);
  assert.is(r.body.details.field, 'buyer.address');
  assert.equal(salesCounts(t), before);

  const ok = await sale({
    items: [{ productId: aboveLimit, qty: 1 }],
    customerId: id,
    buyer: { name: 'No Address Trading', address: '2 Kallang Ave', uen: '53312345A' },
  });
  assert.is(ok.status, 201, JSON.stringify(ok.body));
  const inv = ok.body.invoice;
  assert.is(inv.tax_invoice, 'FULL');
  assert.is(inv.customer.id, id);
  assert.is(inv.payment_method, 'CREDIT');
  assert.equal([inv.customer.name, inv.customer.billing_address, inv.customer.uen], ['No Address Trading', '2 Kallang Ave', '53312345A']);
  // The customer's record is not changed by what one invoice printed.
  assert.is((await t.staff.get(`/api/customers/${id}`)).body.customer.billing_address, null);
});

test.run();
