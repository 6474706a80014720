// #17.3: a GST-inclusive receipt prints 'Total includes GST 9% of $x' (the rate since #25.2) in place of 'Total excl.
// GST' and the GST line, on the ESC/POS printer and in the browser's 80 mm print alike (both render the one receipt model).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Receipt } from '../schemas.js';
import { escposReceipt } from './escpos-receipt.js';
import { receiptHtml } from '../screen/receipt-html.js';

const receipt = (over: Partial<Receipt> = {}): Receipt => ({
  invoice_id: 2,
  number: 'INV-20260301-0002',
  date: '2026-03-01T04:00:00.000Z',
  date_text: '01 Mar 2026 12:00',
  status: 'PAID',
  shop: { name: 'Kedai Footwear', address: '1 Orchard Road', phone: '', gst_reg_no: 'M2-1234567-8', uen: '', footer: '' },
  served_by: 'staff',
  customer: null,
  due_date: null,
  lines: [
    {
      name: 'Runner',
      size: '42',
      sku: 'RUN-42',
      code: 'RUN-42',
      qty: 1,
      unit_price: 109,
      discount: 0,
      line_total: 109,
      adjustment: 0,
      own_discount: 0,
      amount: 109,
    },
  ],
  adjustments: [],
  subtotal: 109,
  discount: 0,
  discount_label: 'Discount',
  total_before_gst: 100,
  gst_label: 'GST 9%',
  gst: 9,
  total: 109,
  gst_included: 'Total includes GST 9% of $9.00',
  rounding: 0,
  amount_due: 109,
  tax_invoice: 'SIMPLIFIED',
  buyer: null,
  payments: [{ method: 'Cash', reference: null, amount: 109 }],
  tendered: null,
  change: 0,
  outstanding: 0,
  cash_sale: true,
  sections: [],
  ...over,
});

test('inclusive: the printer and the browser say "Total includes GST 9% of $9.00" and no added GST line', async () => {
  const bytes = (await escposReceipt(receipt(), { drawer: false })).toString('latin1');
  const html = receiptHtml(receipt());
  for (const [name, out] of [
    ['escpos', bytes],
    ['html', html],
  ]) {
    assert.ok(out.includes('Total includes GST 9% of $9.00'), name);
    assert.not.ok(out.includes('Total excl. GST'), name);
    assert.is(out.split('GST 9%').length, 2, `${name}: the rate once, in that line (no added GST line)`);
    assert.not.ok(out.includes('Price payable includes GST'), name);
  }
});

test('off: the GST line and the total before GST as before', async () => {
  const r = receipt({
    gst_included: null,
    subtotal: 100,
    total_before_gst: 100,
    total: 109,
    lines: [
      {
        name: 'Runner',
        size: '42',
        sku: 'RUN-42',
        code: 'RUN-42',
        qty: 1,
        unit_price: 100,
        discount: 0,
        line_total: 100,
        adjustment: 0,
        own_discount: 0,
        amount: 100,
      },
    ],
  });
  for (const out of [(await escposReceipt(r, { drawer: false })).toString('latin1'), receiptHtml(r)]) {
    assert.ok(out.includes('Total excl. GST'));
    assert.ok(out.includes('GST 9%'));
    assert.ok(out.includes('Price payable includes GST'));
    assert.not.ok(out.includes('Total includes GST'));
  }
});

test.run();
