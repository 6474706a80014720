// #17.7: the browser's 80 mm receipt names the buyer of a full tax invoice (Bill To, address line by line, UEN),
// and only the customer on a simplified one.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { receiptHtml } from './receipt-html.js';
import type { Receipt } from './types.js';

const simplified: Receipt = {
  invoice_id: 9,
  number: 'INV-20250101-0009',
  date: '2025-01-01T04:00:00.000Z',
  date_text: '01 Jan 2025, 12:00',
  status: 'PAID',
  shop: { name: 'Kedai Footwear', address: '1 Orchard Road', phone: '', gst_reg_no: 'M2-1234567-8', uen: '', footer: '' },
  served_by: 'staff',
  customer: null,
  due_date: null,
  tax_invoice: 'SIMPLIFIED',
  buyer: null,
  lines: [
    {
      name: 'Limit Loafer',
      size: '42',
      sku: 'LL-42',
      code: 'LL-42',
      qty: 1,
      unit_price: 917.44,
      discount: 0,
      line_total: 917.44,
      adjustment: 0,
      own_discount: 0,
      amount: 917.44,
    },
  ],
  adjustments: [],
  subtotal: 917.44,
  discount: 0,
  discount_label: 'Discount',
  total_before_gst: 917.44,
  gst_label: 'GST 9%',
  gst: 82.57,
  total: 1000.01,
  rounding: 0,
  amount_due: 1000.01,
  gst_included: null,
  payments: [{ method: 'NETS', reference: null, amount: 1000.01 }],
  tendered: null,
  change: 0,
  outstanding: 0,
  cash_sale: false,
  sections: [],
};

test('a simplified tax invoice: TAX INVOICE and the GST words, no Bill To', () => {
  const html = receiptHtml(simplified);
  assert.ok(html.includes('TAX INVOICE') && html.includes('Price payable includes GST'));
  assert.not.ok(html.includes('Bill To'));
});

test('a full tax invoice: Bill To with the buyer, company, each address line and the UEN (escaped)', () => {
  const html = receiptHtml({
    ...simplified,
    tax_invoice: 'FULL',
    customer: 'Lim <Engineering>',
    buyer: { name: 'Lim <Engineering>', company: 'Lim Holdings', address: '8 Jurong Port Road\n#03-01', uen: '201912345K' },
  });
  const billTo = html.slice(html.indexOf('<div class="bill-to">'));
  for (const part of ['Bill To:', 'Lim &#60;Engineering&#62;', 'Lim Holdings', '<p>8 Jurong Port Road</p>', '<p>#03-01</p>', 'UEN: 201912345K']) {
    assert.ok(billTo.includes(part), part);
  }
  assert.not.ok(html.includes('Customer: '), 'the buyer block replaces the customer line');
});

test("#29 a plugin's section: its own qty and total words, and its code as the server's bars with the text under them", () => {
  const html = receiptHtml({
    ...simplified,
    sections: [
      {
        title: 'Gift cards sold',
        lines: [{ name: 'Gift card ABCD-EFGH-JKMNP', size: null, sku: null, qty: 1, amount: 50 }],
        total: 50,
        qty_label: 'card',
        total_label: 'Gift cards total',
        barcodes: [{ value: 'ABCDEFGHJKMNP', label: 'ABCD-EFGH-JKMNP', svg: '<svg id="card-bars"></svg>' }],
      },
    ],
  });
  const section = html.slice(html.indexOf('Gift cards sold'));
  assert.ok(section.includes('1 x card') && section.includes('Gift cards total'));
  assert.not.ok(section.includes('returned'));
  assert.match(section, /<div class="bars"><svg id="card-bars"><\/svg><\/div><p class="c">ABCD-EFGH-JKMNP<\/p>/);
});

test.run();
