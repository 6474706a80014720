// Test helpers shared by the returns and credit-notes API tests: products, sales and customers through the API.
import * as assert from 'uvu/assert';
import type { TestApp } from '../../tests/helpers/app.js';

let skuSeq = 0;

/** Creates a product (ADMIN) and returns its id. */
export async function makeProduct(t: TestApp, name: string, price: number, stock = 50): Promise<number> {
  const r = await t.admin.post('/api/products', {
    item_name: name,
    sku: `T-${process.pid}-${++skuSeq}`,
    size: '42',
    selling_price: price,
    cost: 10,
    stock_qty: stock,
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.product.id;
}

/** Creates a customer with credit (ADMIN) and returns its id; the address lets a sale above $1,000 name them (#17.7). */
export async function makeCustomer(t: TestApp, name: string, creditLimit = 5000): Promise<number> {
  const r = await t.admin.post('/api/customers', { name, credit_limit: creditLimit, credit_terms_days: 30, billing_address: '1 Test Road, Singapore 100001' });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.customer.id;
}

export interface SaleItem {
  productId: number;
  qty: number;
  discount?: number;
}

/**
 * A sale at the till (walk-in cash, or on credit with a customerId); returns the invoice JSON. Rung up by the
 * owner when it carries discounts (a staff discount above the limit needs approval, #16.7: not what these test).
 */
export async function sell(t: TestApp, items: SaleItem[], opts: { invoiceDiscount?: number; customerId?: number; paidLater?: boolean } = {}) {
  const { paidLater, ...sale } = opts;
  const seller = opts.invoiceDiscount || items.some((i) => i.discount) ? t.admin : t.staff;
  const r = await seller.post('/api/checkout', { items, ...sale });
  assert.is(r.status, 201, JSON.stringify(r.body));
  // A customer who has since paid (bank transfer): a return then refunds paid money, not the account (docs/money.md).
  if (paidLater) {
    const paid = await t.admin.post(`/api/invoices/${r.body.invoice.id}/payments`, { method: 'BANK_TRANSFER', amount: r.body.invoice.grand_total });
    assert.is(paid.status, 201, JSON.stringify(paid.body));
  }
  return r.body.invoice as {
    id: number;
    number: string;
    grand_total: number;
    tax_total: number;
    subtotal: number;
    items: { id: number; product_id: number; qty: number }[];
  };
}

/** A product's stock now. */
export async function stockOf(t: TestApp, productId: number): Promise<number> {
  const r = await t.admin.get(`/api/products/${productId}`);
  assert.is(r.status, 200);
  return (r.body.product ?? r.body).stock_qty;
}

/** Dollars -> cents for exact comparisons. */
export const cents = (dollars: number) => Math.round(dollars * 100);

/** A PDF's text (all pages, whitespace collapsed), parsed back with pdfjs-dist's legacy build. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await doc.destroy();
  return parts.join(' ').replace(/\s+/g, ' ');
}

/** Processes a return of the given product quantities (staff) and returns the response body. */
export async function returnItems(t: TestApp, invoiceId: number, items: { productId: number; qty: number }[], reason = 'Defective') {
  const r = await t.staff.post('/api/returns', {
    invoice_id: invoiceId,
    items: items.map((i) => ({ product_id: i.productId, returned_qty: i.qty, return_reason: reason })),
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body as { returns: any[]; creditNote: any };
}
