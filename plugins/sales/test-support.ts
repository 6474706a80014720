// Helpers for the sales tests: catalogue and customer set-up through the real API, PDF text extraction
// (core/pdf/pdf-text.ts, re-exported so the tests of plugins that depend on sales keep one import).
import * as assert from 'uvu/assert';
import type { TestApp } from '../../tests/helpers/app.js';

export { pdfText, type PdfTextItem } from '../../core/pdf/pdf-text.js';

export { addProduct, ledgerSum, stockOf } from '../inventory/test-support.js';

/** Adds a credit customer through the API and returns its id. */
export async function addCustomer(t: TestApp, name: string, creditLimit: number, termsDays: number): Promise<number> {
  const r = await t.admin.post('/api/customers', {
    name,
    company: `${name} Pte Ltd`,
    billing_address: '1 Test Road, Singapore 100001',
    credit_limit: creditLimit,
    credit_terms_days: termsDays,
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.customer.id;
}

/** Number of rows in a table. */
export const rows = (t: TestApp, table: string) => t.app.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;

/** Counts of every sales table, to prove a refused request wrote nothing. */
export function salesCounts(t: TestApp) {
  return ['sales_invoice', 'sales_invoice_line', 'sales_payment', 'sales_customer_payment', 'inventory_stock_movement'].map((x) => rows(t, x));
}

/** The browser receipt's HTML, for plugins' tests of their receipt sections (#29). */
export { receiptHtml } from './screen/receipt-html.js';
