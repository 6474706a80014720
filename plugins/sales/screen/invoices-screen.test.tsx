// happy-dom tests of the invoices screen: columns, search/status/method wired to the request, the pager,
// Pay only for UNPAID/PARTIAL with a capped payment form, the detail modal and its PDF failure message.
import { $, button, calls, click, flush, mockFetch, render, text, typeInto, unmount, waitFor, act, setPath } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toasts, clearToasts } from '../../../ui/toast.js';
import InvoicesScreen from './invoices-screen.js';
import type { Invoice, Receipt } from './types.js';
import { receiptHtml } from './receipt-html.js';

const inv = (id: number, over: Partial<Invoice> = {}): Invoice => ({
  id,
  number: `INV-20250101-000${id}`,
  date: '2025-01-01T04:00:00.000Z',
  due_date: null,
  payment_status: 'PAID',
  payment_method: 'CASH',
  customer: { id: null, name: 'Walk-in Customer', phone: null, email: null, company: null, billing_address: null, uen: null },
  tax_invoice: 'SIMPLIFIED',
  adjustments: [],
  subtotal: 100,
  discount_total: 0,
  tax_rate: 0.09,
  tax_total: 9,
  grand_total: 109,
  rounding: 0,
  amount_due: 109,
  prices_include_gst: false,
  amount_paid: 109,
  outstanding: 0,
  business_date: '2025-01-01',
  invoice_discount: 0,
  invoice_discount_percent: 0,
  tendered: null,
  change: 0,
  created_by: null,
  discount_approved_by: null,
  discount_reason: null,
  void_reason: null,
  voided_at: null,
  void_approved_by: null,
  ...over,
});
const unpaid = inv(2, {
  payment_status: 'UNPAID',
  payment_method: 'CREDIT',
  amount_paid: 0,
  outstanding: 109,
  due_date: '2025-01-31',
  customer: { id: 7, name: 'Tan Trading', phone: '9123 4567', email: 't@example.com', company: 'Tan Co', billing_address: '1 Road', uen: null },
});
const partial = inv(3, { payment_status: 'PARTIAL', payment_method: 'CREDIT', amount_paid: 9, outstanding: 100 });
const detail: Invoice = {
  ...unpaid,
  items: [
    {
      id: 1,
      product_id: 5,
      description: 'Runner Pro',
      size: '42',
      qty: 2,
      unit_price: 50,
      discount: 0,
      adjustment: 0,
      line_total: 100,
      product: { sku: 'RUN-42' },
    },
  ],
  payments: [],
};

/**
 * #28.2 the same invoice with an adjustment: 2 x $50.00, $5.00 off by the cashier and $25.00 by a deal (any plugin's),
 * so the line's stored discount is $30.00 and its total $70.00; a $2.00 sale discount.
 */
const adjusted: Invoice = {
  ...detail,
  items: [{ ...detail.items![0], discount: 30, adjustment: -25, line_total: 70 }],
  adjustments: [{ source: 'test-adjust', code: 'PAIR', label: 'Buy 2 <save> $25', amount: -25, units: 2, ref_id: null, promotion_id: null, charge: false }],
  subtotal: 70,
  discount_total: 32,
  invoice_discount: 2,
  tax_total: 6.12,
  grand_total: 74.12,
};
let showAdjusted = false;

let pdfOk = true;
/** What POST /api/invoices/:id/print answers: 200 printed, 409 no printer (browser print), 502 unreachable. */
let printStatus = 200;
let voided = false;
const receipt: Receipt = {
  invoice_id: 2,
  number: 'INV-20250101-0002',
  date: '2025-01-01T04:00:00.000Z',
  date_text: '01 Jan 2025, 12:00',
  status: 'UNPAID',
  shop: { name: 'Kedai Footwear', address: '1 Orchard Road', phone: '+65 6123 4567', gst_reg_no: 'M2-1234567-8', uen: '', footer: 'Thank you!' },
  served_by: 'staff',
  customer: 'Tan Trading',
  due_date: '2025-01-31',
  tax_invoice: 'SIMPLIFIED',
  buyer: null,
  lines: [
    {
      name: 'Runner <Pro>',
      size: '42',
      sku: 'RUN-42',
      code: 'RUN-42',
      qty: 2,
      unit_price: 550,
      discount: 0,
      line_total: 1100,
      adjustment: 0,
      own_discount: 0,
      amount: 1100,
    },
  ],
  adjustments: [],
  subtotal: 1100,
  discount: 0,
  discount_label: 'Discount',
  total_before_gst: 1100,
  gst_label: 'GST 9%',
  gst: 99,
  total: 1199,
  rounding: 0,
  amount_due: 1199,
  gst_included: null,
  payments: [],
  tendered: null,
  change: 0,
  outstanding: 1199,
  cash_sale: false,
  sections: [],
};
const messages = () => toasts.value.map((t) => t.message);
const listCalls = () => calls.filter((c) => c.url.startsWith('/api/invoices?') || c.url === '/api/invoices');
const lastList = () => new URL(listCalls().at(-1)!.url, 'http://x').searchParams;

async function select(index: number, value: string) {
  const el = document.querySelectorAll('select')[index] as HTMLSelectElement;
  await act(async () => {
    el.value = value;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await flush(10);
}

test.before.each(() => {
  clearToasts();
  pdfOk = true;
  printStatus = 200;
  voided = false;
  mockFetch((call) => {
    if (call.url.startsWith('/api/invoices?')) {
      const page = Number(new URL(call.url, 'http://x').searchParams.get('page'));
      return { status: 200, body: { invoices: page === 2 ? [inv(9)] : [inv(1), unpaid, partial], pagination: { page, pageSize: 20, total: 45 } } };
    }
    if (call.url === '/api/invoices/2')
      return { status: 200, body: { invoice: voided ? { ...detail, payment_status: 'VOID', void_reason: 'Keyed twice' } : showAdjusted ? adjusted : detail } };
    if (call.url === '/api/invoices/2/void') {
      voided = true;
      return { status: 200, body: { invoice: { ...detail, payment_status: 'VOID' } } };
    }
    if (call.url === '/api/settings') return { status: 200, body: { settings: { receipt_printer: printStatus === 409 ? '' : '10.0.0.9:9100' } } };
    if (call.url.endsWith('/print')) {
      if (printStatus === 200) return { status: 200, body: { printed: true, printer: '10.0.0.9:9100', drawer_opened: false } };
      if (printStatus === 409) return { status: 409, body: { error: 'No receipt printer is set up', code: 'NO_PRINTER' } };
      return { status: 502, body: { error: 'Printer not reachable at 10.0.0.9:9100', code: 'PRINTER_UNREACHABLE' } };
    }
    if (call.url === '/api/invoices/2/receipt') return { status: 200, body: { receipt } };
    if (call.url === '/api/invoices/2/payments') return { status: 201, body: { invoice: detail } };
    if (call.url === '/api/invoices/2/pdf') return pdfOk ? { status: 200, body: {} } : { status: 500, body: { error: 'boom' } };
    return { status: 404, body: { error: 'not found' } };
  });
});
test.after.each(async () => {
  await unmount();
});

test('the table: columns, Pay only for UNPAID and PARTIAL, counts and pager', async () => {
  await render(<InvoicesScreen />);
  await waitFor(() => document.querySelectorAll('tbody tr[data-invoice-id]').length === 3);
  const heads = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
  assert.equal(heads, ['Invoice', 'Customer', 'Date', 'Amount', 'Status', 'Actions']);
  const row = (id: number) => $(`tr[data-invoice-id="${id}"]`);
  assert.ok(row(1).textContent?.includes('INV-20250101-0001'));
  assert.ok(row(1).textContent?.includes('ID: 1'));
  assert.ok(row(1).textContent?.includes('$109.00'));
  assert.ok(row(2).textContent?.includes('Tan Trading'));
  const actions = (id: number) => [...row(id).querySelectorAll('button')].map((b) => b.textContent);
  assert.equal(actions(1), ['View', 'PDF', 'Reprint']);
  assert.equal(actions(2), ['View', 'PDF', 'Reprint', 'Pay']);
  assert.equal(actions(3), ['View', 'PDF', 'Reprint', 'Pay']);
  assert.ok(text().includes('Page 1 of 3'));
  await click(button('Next'));
  await waitFor(() => document.querySelectorAll('tbody tr[data-invoice-id]').length === 1);
  assert.is(lastList().get('page'), '2');
  assert.ok(text().includes('Page 2 of 3'));
});

test('search, status and method are all sent; a new filter goes back to page 1', async () => {
  await render(<InvoicesScreen />);
  await waitFor(() => listCalls().length === 1);
  assert.is(lastList().get('pageSize'), '20');
  await click(button('Next'));
  await waitFor(() => lastList().get('page') === '2');
  await select(0, 'UNPAID');
  await waitFor(() => lastList().get('status') === 'UNPAID');
  assert.is(lastList().get('page'), '1');
  const methodOptions = [...(document.querySelectorAll('select')[1] as HTMLSelectElement).options].map((o) => o.value);
  assert.equal(methodOptions, ['', 'CASH', 'CARD', 'PAYNOW', 'NETS', 'CREDIT']);
  await select(1, 'PAYNOW');
  await waitFor(() => lastList().get('method') === 'PAYNOW');
  await typeInto($<HTMLInputElement>('input[type="search"]'), 'tan');
  await waitFor(() => lastList().get('search') === 'tan', 3000);
  assert.is(lastList().get('status'), 'UNPAID');
  assert.is(lastList().get('method'), 'PAYNOW');
});

test('+ New Invoice goes to the POS', async () => {
  setPath('/invoices');
  await render(<InvoicesScreen />);
  await click(button('+ New Invoice'));
  assert.is(location.pathname, '/');
});

test('Pay: amount capped at the outstanding balance, posted, toasted, list reloaded', async () => {
  await render(<InvoicesScreen />);
  await waitFor(() => document.querySelectorAll('tbody tr[data-invoice-id]').length === 3);
  await click([...$('tr[data-invoice-id="2"]').querySelectorAll('button')].find((b) => b.textContent === 'Pay')!);
  const amount = $<HTMLInputElement>('dialog input[type="number"]');
  assert.is(amount.value, '109.00');
  await typeInto(amount, '500');
  assert.is(amount.value, '109.00', 'capped');
  await typeInto(amount, '0');
  assert.is(button('Record Payment').disabled, true);
  assert.ok(text().includes('Please enter a valid payment amount'));
  await typeInto(amount, '40.5');
  const method = $<HTMLSelectElement>('dialog select');
  await act(async () => {
    method.value = 'PAYNOW';
    method.dispatchEvent(new Event('change', { bubbles: true }));
  });
  const before = listCalls().length;
  await click(button('Record Payment'));
  await waitFor(() => messages().includes('Payment of $40.50 recorded successfully'));
  const post = calls.find((c) => c.url === '/api/invoices/2/payments')!;
  assert.is((post.body as { method: string }).method, 'PAYNOW');
  assert.is((post.body as { amount: number }).amount, 40.5);
  assert.match((post.body as { reference: string }).reference, /^PAY-\d+$/);
  await waitFor(() => listCalls().length === before + 1);
  assert.is(document.querySelector('dialog[open]'), null);
});

test('a refused payment shows the spec (docs/spec.md) failure toast', async () => {
  mockFetch((call) => {
    if (call.url.startsWith('/api/invoices?')) return { status: 200, body: { invoices: [unpaid], pagination: { page: 1, pageSize: 20, total: 1 } } };
    return { status: 409, body: { error: 'Payment amount cannot exceed outstanding balance' } };
  });
  await render(<InvoicesScreen />);
  await waitFor(() => document.querySelectorAll('tbody tr[data-invoice-id]').length === 1);
  await click(button('Pay'));
  await click(button('Record Payment'));
  await waitFor(() => messages().includes('Failed to record payment. Please try again.'));
});

test('View shows the invoice detail; Download PDF reports a failure', async () => {
  await render(<InvoicesScreen />);
  await waitFor(() => document.querySelectorAll('tbody tr[data-invoice-id]').length === 3);
  await click([...$('tr[data-invoice-id="2"]').querySelectorAll('button')].find((b) => b.textContent === 'View')!);
  await waitFor(() => document.querySelector('dialog[open]')?.textContent?.includes('RUN-42'));
  const dialog = document.querySelector('dialog[open]')!.textContent ?? '';
  for (const part of ['INV-20250101-0002', 'Tan Trading', '9123 4567', 'Runner Pro', '$50.00', 'GST (9%)', '$109.00', 'No payments recorded']) {
    assert.ok(dialog.includes(part), part);
  }
  pdfOk = false;
  await click(button('Download PDF'));
  await waitFor(() => messages().includes('Failed to generate PDF'));
});

test('#28.2 the detail shows the line before its adjustment, the adjustment by label and amount, then the Subtotal', async () => {
  showAdjusted = true;
  await render(<InvoicesScreen />);
  await waitFor(() => document.querySelectorAll('tbody tr[data-invoice-id]').length === 3);
  await click([...$('tr[data-invoice-id="2"]').querySelectorAll('button')].find((b) => b.textContent === 'View')!);
  await waitFor(() => document.querySelector('dialog[open]')?.textContent?.includes('RUN-42'));
  const dialog = document.querySelector('dialog[open]')!;
  const rows = [...dialog.querySelectorAll('table')[0].querySelectorAll('tbody tr')].map((r) => [...r.children].map((c) => c.textContent));
  assert.equal(rows, [
    ['Runner Pro', 'RUN-42', '42', '2', '$50.00', '$5.00', '$95.00'],
    ['Buy 2 <save> $25', '-$25.00'],
  ]);
  const totals = [...dialog.querySelectorAll('dl[aria-label="Totals"] > *')].map((e) => e.textContent);
  // Lines + adjustments = Subtotal; then only the sale's own discount (the rest is inside the Subtotal).
  assert.equal(totals.slice(0, 4), ['Subtotal', '$70.00', 'Discount', '-$2.00']);
  showAdjusted = false;
});

const reprintOf = (id: number) => [...$(`tr[data-invoice-id="${id}"]`).querySelectorAll('button')].find((b) => b.textContent === 'Reprint')!;

test('Reprint: printed on the LAN printer (toast), 502 toasts the server message, no printer prints through a hidden frame', async () => {
  await render(<InvoicesScreen />);
  await waitFor(() => document.querySelectorAll('tbody tr[data-invoice-id]').length === 3);
  assert.is(reprintOf(2).getAttribute('aria-label'), 'Reprint receipt INV-20250101-0002');
  await click(reprintOf(2));
  await waitFor(() => messages().includes('Receipt sent to the printer'));
  const post = calls.find((c) => c.url === '/api/invoices/2/print')!;
  assert.is(post.method, 'POST');
  assert.equal(post.body, { reprint: true });

  printStatus = 502;
  await click(reprintOf(2));
  await waitFor(() => messages().includes('Printer not reachable at 10.0.0.9:9100'));

  printStatus = 409;
  await click(reprintOf(2));
  const posts = calls.filter((c) => c.url.endsWith('/print')).length;
  await waitFor(() => calls.some((c) => c.url === '/api/invoices/2/receipt'));
  assert.is(calls.filter((c) => c.url.endsWith('/print')).length, posts, 'no POST /print without a printer');
  const frame = (await waitFor(() => document.querySelector<HTMLIFrameElement>('iframe[title="Receipt"]')))!;
  assert.is(frame.getAttribute('aria-hidden'), 'true');
  assert.ok(frame.srcdoc.includes('INV-20250101-0002'));
  frame.remove();
});

test('the browser receipt: simplified tax invoice facts, 80 mm page, money with separators, text escaped', () => {
  const html = receiptHtml(receipt, { reprint: true });
  for (const part of [
    'Kedai Footwear',
    'GST Reg No: M2-1234567-8',
    'TAX INVOICE',
    'INV-20250101-0002',
    '01 Jan 2025, 12:00',
    'GST 9%',
    '$1,199.00',
    '$1,100.00',
    'Price payable includes GST',
    '** REPRINT **',
    'Runner &#60;Pro&#62; (42)',
    '@page { size: 80mm auto; margin: 0 }',
  ]) {
    assert.ok(html.includes(part), part);
  }
  assert.not.ok(html.includes('<Pro>'));
});

test('Void: a reason is required, the browser confirms, POST /void, toast, the list and detail reload', async () => {
  const confirmed: string[] = [];
  let answer = false;
  window.confirm = (m?: string) => {
    confirmed.push(String(m));
    return answer;
  };
  await render(<InvoicesScreen />);
  await waitFor(() => document.querySelectorAll('tbody tr[data-invoice-id]').length === 3);
  await click([...$('tr[data-invoice-id="2"]').querySelectorAll('button')].find((b) => b.textContent === 'View')!);
  await waitFor(() => document.querySelector('dialog[open]')?.textContent?.includes('RUN-42'));
  await click(button('Void Invoice'));
  await click(button('Confirm Void'));
  await waitFor(() => text().includes('Please enter a reason for voiding this invoice'));
  assert.is(calls.filter((c) => c.url.endsWith('/void')).length, 0, 'nothing sent without a reason');
  assert.is($('#void-reason').getAttribute('aria-invalid'), 'true');

  await typeInto($<HTMLInputElement>('#void-reason'), 'Keyed twice');
  await click(button('Confirm Void'));
  assert.is(confirmed.length, 1);
  assert.ok(confirmed[0].startsWith('Void invoice INV-20250101-0002?'), confirmed[0]);
  assert.is(calls.filter((c) => c.url.endsWith('/void')).length, 0, 'cancelled at the confirmation');

  answer = true;
  const lists = listCalls().length;
  await click(button('Confirm Void'));
  await waitFor(() => messages().includes('Invoice INV-20250101-0002 voided'));
  const post = calls.find((c) => c.url === '/api/invoices/2/void')!;
  assert.equal(post.body, { reason: 'Keyed twice' });
  await waitFor(() => listCalls().length > lists);
  await waitFor(() => document.querySelector('dialog[open]')?.textContent?.includes('Keyed twice'));
  assert.not.ok(
    [...document.querySelectorAll('dialog[open] button')].some((b) => b.textContent === 'Void Invoice'),
    'a void invoice cannot be voided again',
  );
});

test.run();
