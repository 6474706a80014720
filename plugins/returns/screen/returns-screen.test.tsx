// happy-dom tests of the Returns screen: rules (Return ID, caps, live refund, messages), the table and its
// N/A cells, the empty states, 'No invoices available for returns', and the Process Return modal end to end.
import { act, $, button, calls, click, flush, mockFetch, render, text, typeInto, unmount, waitFor } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RETURN_REASONS } from '../return-reasons.js';

const rules = await import('./return-rules.js');
const { default: ReturnsScreen } = await import('./returns-screen.js');
const { toasts, clearToasts } = await import('../../../ui/toast.js');
type ReturnRow = import('./types.js').ReturnRow;
type ReturnableInvoice = import('./types.js').ReturnableInvoice;

const toastTexts = () => toasts.value.map((t) => `${t.kind}: ${t.message}`);
async function choose(el: HTMLSelectElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const row = (over: Partial<ReturnRow> = {}): ReturnRow => ({
  id: '3f2a9c1e-1111-4222-8333-abcdef123456',
  invoice: { id: 1, number: 'INV-20250301-0001', customer: { id: null, name: 'Walk-in Customer' } },
  product: { id: 5, item_name: 'Trail Runner', sku: 'TR-42', size: '42' },
  original_qty: 2,
  returned_qty: 1,
  refund_amount: 56.31,
  status: 'COMPLETED',
  reason: 'Wrong Size',
  notes: null,
  creditNote: { id: 9, number: 'CN-20250301-0001', status: 'ACTIVE' },
  created_at: '2025-03-01T04:00:00.000Z',
  invoice_id: 1,
  invoice_line_id: 11,
  product_id: 5,
  tax_amount: 4.65,
  return_reason: 'Wrong Size',
  credit_note_id: 9,
  business_date: '2025-03-01',
  refund_method: 'CREDIT_NOTE',
  refund_reference: null,
  created_by: null,
  approved_by: null,
  without_receipt: false,
  ...over,
});

const invoice: ReturnableInvoice = {
  id: 1,
  number: 'INV-20250301-0001',
  date: '2025-03-01T03:00:00.000Z',
  payment_status: 'PAID',
  customer: { id: null, name: 'Walk-in Customer' },
  grand_total: 275.96,
  business_date: '2025-03-01',
  customer_name: 'Walk-in Customer',
  subtotal: 234.8,
  invoice_discount: 23.48,
  tax_total: 19.02,
  items: [
    {
      id: 11,
      product_id: 5,
      description: 'Trail Runner',
      sku: 'TR-42',
      size: '42',
      qty: 2,
      returned_qty: 0,
      returnable_qty: 2,
      unit_price: 59.9,
      line_total: 114.8,
      refund_net: 103.32,
      refund_tax: 9.3,
      item_name: 'Trail Runner',
      product: { sku: 'TR-42' },
      discount: 5,
      refund_total: 112.62,
    },
    {
      id: 12,
      product_id: 6,
      description: 'Leather Boot',
      sku: 'LB-1',
      size: '43',
      qty: 1,
      returned_qty: 0,
      returnable_qty: 1,
      unit_price: 120,
      line_total: 120,
      refund_net: 108,
      refund_tax: 9.72,
      item_name: 'Leather Boot',
      product: { sku: 'LB-1' },
      discount: 0,
      refund_total: 117.72,
    },
  ],
};

const list = (returns: ReturnRow[]) => ({
  returns,
  pagination: { page: 1, pageSize: 50, total: returns.length },
  summary: {
    total: returns.length,
    total_refund: returns.reduce((s, r) => s + r.refund_amount, 0),
    pending: 0,
    approved: 0,
    completed: returns.length,
    rejected: 0,
  },
});

test('rules: Return ID, quantity cap, the live refund (server arithmetic) and the messages in order', () => {
  assert.is(rules.shortReturnId('3f2a9c1e-1111-4222-8333-abcdef123456'), 'EF123456');
  assert.is(rules.shortReturnId(null), 'N/A');
  assert.is(rules.capQty('5', 2), 2);
  assert.is(rules.capQty('-1', 2), 0);
  assert.is(rules.capQty('', 2), 0);
  assert.is(rules.capQty('1', 2), 1);
  // Half of 103.32 + half of 9.30 = 56.31; then the rest of the line.
  assert.is(rules.lineRefund(invoice.items[0], 1), 56.31);
  assert.is(rules.lineRefund(invoice.items[0], 2), 112.62);
  // What the line was paid (its share with GST, after discounts and adjustments): what its units refund in all.
  assert.is(rules.paidText(invoice.items[0]), 'Paid $112.62 for 2');
  assert.is(rules.paidText(invoice.items[1]), 'Paid $117.72');
  assert.is(rules.lineRefund({ ...invoice.items[0], qty: 3, returned_qty: 1, refund_net: 1.01, refund_tax: 0.09 }, 2), 0.73);
  assert.is(rules.returnError(null, []), 'Please select an invoice');
  assert.is(rules.returnError(1, [{ qty: 0, reason: '' }]), 'Please select items to return by entering quantities greater than 0');
  assert.is(rules.returnError(1, [{ qty: 1, reason: '' }]), 'Please provide return reasons for all items');
  assert.is(
    rules.returnError(1, [
      { qty: 1, reason: 'Defective' },
      { qty: 0, reason: '' },
    ]),
    null,
  );
  assert.is(rules.statusBadgeClass('COMPLETED'), 'badge badge-green');
  assert.is(rules.statusBadgeClass('APPROVED'), 'badge badge-blue');
  assert.is(rules.statusBadgeClass('PENDING'), 'badge badge-yellow');
  assert.is(rules.statusBadgeClass('REJECTED'), 'badge badge-red');
  assert.equal(RETURN_REASONS, ['Defective', 'Wrong Size', 'Not as Described', 'Customer Changed Mind', 'Damaged in Transit', 'Other']);
});

test('empty: the title, tiles, first-return button, and no invoices -> error toast', async () => {
  mockFetch((c) =>
    c.url.startsWith('/api/returns/invoices')
      ? { status: 200, body: { invoices: [], pagination: { page: 1, pageSize: 100, total: 0 } } }
      : { status: 200, body: list([]) },
  );
  await render(<ReturnsScreen />);
  await waitFor(() => text().includes('No returns processed yet'));
  assert.ok(text().includes('Returns Management'));
  assert.ok(text().includes('Process returns and manage credit notes'));
  for (const tile of ['Total Returns', 'Total Refund Amount', 'Pending Returns', 'Completed Returns']) assert.ok(text().includes(tile), tile);
  assert.is($<HTMLInputElement>('input[type=search]').placeholder, 'Search returns by invoice, product, or customer...');
  const statusOptions = [...document.querySelectorAll('select option')].map((o) => o.textContent);
  assert.equal(statusOptions, ['All Statuses', 'Pending', 'Approved', 'Completed', 'Rejected']);
  await click(button('Process Your First Return'));
  assert.equal(toastTexts(), ['error: No invoices available for returns']);
  await click(button('+ Process Return'));
  assert.is(toastTexts().length, 2);
  assert.not.ok(document.querySelector('dialog'));
  await unmount();
  clearToasts();
});

test('the table: short uppercase id, invoice, customer, product and SKU, qty, refund, badges, N/A', async () => {
  const missing = row({ id: 'aaaaaaaa-bbbb-cccc-dddd-eeeeffff0000', invoice: null, product: null, creditNote: null, status: 'PENDING' });
  mockFetch((c) =>
    c.url.startsWith('/api/returns/invoices')
      ? { status: 200, body: { invoices: [invoice], pagination: { page: 1, pageSize: 100, total: 1 } } }
      : { status: 200, body: list([row(), missing]) },
  );
  await render(<ReturnsScreen />);
  await waitFor(() => document.querySelectorAll('table.returns-table tbody tr').length === 2);
  const headers = [...document.querySelectorAll('table.returns-table th')].map((h) => h.textContent);
  assert.equal(headers, ['Return ID', 'Invoice', 'Customer', 'Product', 'Qty Returned', 'Refund Amount', 'Status', 'Credit Note', 'Date']);
  const [first, second] = [...document.querySelectorAll('table.returns-table tbody tr')].map((r) => r.textContent ?? '');
  for (const s of [
    'EF123456',
    'INV-20250301-0001',
    'Walk-in Customer',
    'Trail Runner',
    'TR-42',
    '1 / 2',
    '$56.31',
    'COMPLETED',
    'CN-20250301-0001',
    'ACTIVE',
  ]) {
    assert.ok(first.includes(s), s);
  }
  assert.ok(second.includes('FFFF0000'));
  assert.ok(second.includes('N/A'));
  assert.ok(document.querySelector('.badge-yellow')?.textContent === 'PENDING');
  assert.ok(text().includes('$56.31'));

  // A search that finds nothing: the filtered empty state, and the search went to the server.
  mockFetch((c) =>
    c.url.startsWith('/api/returns/invoices')
      ? { status: 200, body: { invoices: [invoice], pagination: { page: 1, pageSize: 100, total: 1 } } }
      : { status: 200, body: list([]) },
  );
  await typeInto($<HTMLInputElement>('input[type=search]'), 'Nothing');
  await waitFor(() => text().includes('No returns found matching your criteria'), 3000);
  assert.ok(calls.some((c) => c.url.includes('search=Nothing')));
  await unmount();
});

test('Process Return: validation toasts, capped quantity, live refund, payload and success', async () => {
  let posted: any = null;
  mockFetch((c) => {
    if (c.method === 'POST') {
      posted = c.body;
      return { status: 201, body: { returns: [], creditNote: {} } };
    }
    if (c.url.startsWith('/api/returns/invoices')) return { status: 200, body: { invoices: [invoice], pagination: { page: 1, pageSize: 100, total: 1 } } };
    return { status: 200, body: list([]) };
  });
  await render(<ReturnsScreen />);
  await waitFor(() => text().includes('No returns processed yet'));
  await click(button('+ Process Return'));
  await waitFor(() => document.querySelector('dialog'));
  await click(button('Process Return'));
  assert.equal(toastTexts(), ['error: Please select an invoice']);
  await choose($<HTMLSelectElement>('#return-invoice'), '1');
  assert.ok(text().includes('Trail Runner'));
  assert.equal(
    [...document.querySelectorAll('[data-testid="return-line-paid"]')].map((e) => e.textContent),
    ['Paid $112.62 for 2', 'Paid $117.72'],
  );
  await click(button('Process Return'));
  assert.is(toastTexts()[1], 'error: Please select items to return by entering quantities greater than 0');
  const qty = $<HTMLInputElement>('input[aria-label="Return quantity for Trail Runner"]');
  await typeInto(qty, '5');
  assert.is(qty.value, '2');
  await typeInto(qty, '1');
  assert.is($('[data-testid=return-total]').textContent, '$56.31');
  await click(button('Process Return'));
  assert.is(toastTexts()[2], 'error: Please provide return reasons for all items');
  await choose($<HTMLSelectElement>('select[aria-label="Return reason for Trail Runner"]'), 'Wrong Size');
  await typeInto($<HTMLInputElement>('#return-notes'), 'Needs a 43');
  await click(button('Process Return'));
  await waitFor(() => posted);
  assert.equal(posted, {
    invoice_id: 1,
    items: [{ product_id: 5, invoice_line_id: 11, original_qty: 2, returned_qty: 1, return_reason: 'Wrong Size', refund_amount: 56.31 }],
    notes: 'Needs a 43',
  });
  await waitFor(() => toastTexts().includes('success: Return processed successfully! Credit note generated.'));
  await flush();
  assert.not.ok(document.querySelector('dialog'));
  // Returns and the invoices list were loaded again.
  assert.ok(calls.filter((c) => c.url.startsWith('/api/returns?')).length >= 2);
  assert.ok(calls.filter((c) => c.url.startsWith('/api/returns/invoices')).length >= 2);
  await unmount();
  clearToasts();
});

test('Process Return: Refund as NETS needs its reference; the body carries the method; the list and tile show it', async () => {
  let posted: any = null;
  const cashRow = row({
    id: '3f2a9c1e-1111-4222-8333-abcdef999999',
    creditNote: null,
    credit_note_id: null,
    refund_method: 'NETS',
    refund_reference: 'N-4411',
  });
  mockFetch((c) => {
    if (c.method === 'POST') {
      posted = c.body;
      return {
        status: 201,
        body: { returns: [], creditNote: null, refund: { method: 'NETS', reference: 'N-4411', amount: 56.31, paid_out: 56.31, rounding: 0 } },
      };
    }
    if (c.url.startsWith('/api/returns/invoices')) return { status: 200, body: { invoices: [invoice], pagination: { page: 1, pageSize: 100, total: 1 } } };
    return { status: 200, body: { ...list([cashRow]), summary: { ...list([cashRow]).summary, refunds_by_method: { NETS: 56.31 } } } };
  });
  await render(<ReturnsScreen />);
  await waitFor(() => document.querySelectorAll('table.returns-table tbody tr').length === 1);
  assert.ok(text().includes('Refunded: NETS'));
  assert.ok(text().includes('Ref N-4411'));
  assert.is($('[data-testid=refunds-by-method]').textContent, 'NETS $56.31');
  await click(button('+ Process Return'));
  await choose($<HTMLSelectElement>('#return-invoice'), '1');
  const options = [...document.querySelectorAll('#return-refund-method option')].map((o) => o.textContent);
  assert.equal(options, ['Credit note', 'Cash', 'NETS', 'PayNow']);
  await typeInto($<HTMLInputElement>('input[aria-label="Return quantity for Trail Runner"]'), '1');
  await choose($<HTMLSelectElement>('select[aria-label="Return reason for Trail Runner"]'), 'Wrong Size');
  await choose($<HTMLSelectElement>('#return-refund-method'), 'NETS');
  await click(button('Process Return'));
  assert.ok(toastTexts().includes('error: Please enter the refund reference'));
  assert.is(posted, null);
  await typeInto($<HTMLInputElement>('#return-refund-reference'), 'N-4411');
  await click(button('Process Return'));
  await waitFor(() => posted);
  assert.is(posted.refund_method, 'NETS');
  assert.is(posted.refund_reference, 'N-4411');
  await waitFor(() => toastTexts().includes('success: Return processed successfully! Refunded by NETS.'));
  await unmount();
  clearToasts();
});

test('Process Return: a refused return shows the failure toast and keeps the modal', async () => {
  mockFetch((c) => {
    if (c.method === 'POST') return { status: 409, body: { error: 'Cannot return 2 of Leather Boot' } };
    if (c.url.startsWith('/api/returns/invoices')) return { status: 200, body: { invoices: [invoice], pagination: { page: 1, pageSize: 100, total: 1 } } };
    return { status: 200, body: list([]) };
  });
  await render(<ReturnsScreen />);
  await waitFor(() => text().includes('No returns processed yet'));
  await click(button('+ Process Return'));
  await choose($<HTMLSelectElement>('#return-invoice'), '1');
  await typeInto($<HTMLInputElement>('input[aria-label="Return quantity for Leather Boot"]'), '1');
  await choose($<HTMLSelectElement>('select[aria-label="Return reason for Leather Boot"]'), 'Defective');
  await click(button('Process Return'));
  await waitFor(() => toastTexts().includes('error: Failed to process return. Please try again.'));
  assert.ok(document.querySelector('dialog'));
  await unmount();
  clearToasts();
});

test('a return that leaves value on a credit note shows its number, worth and code, and prints its slip by the code (#25)', async () => {
  const note = { id: 4, number: 'CN-20250301-0002', available: 56.31, redemption_code: 'ABCDEFGHJKMNP', customer: null, status: 'ACTIVE' };
  mockFetch((c) => {
    if (c.method === 'POST') return { status: 201, body: { returns: [], creditNote: note, refund: null } };
    if (c.url.startsWith('/api/returns/invoices')) return { status: 200, body: { invoices: [invoice], pagination: { page: 1, pageSize: 100, total: 1 } } };
    return { status: 200, body: list([]) };
  });
  const opened: string[] = [];
  const original = window.open;
  window.open = ((url: string) => {
    opened.push(url);
    return {} as Window;
  }) as typeof window.open;
  try {
    await render(<ReturnsScreen />);
    await waitFor(() => text().includes('No returns processed yet'));
    await click(button('+ Process Return'));
    await waitFor(() => document.querySelector('dialog'));
    await choose($<HTMLSelectElement>('#return-invoice'), '1');
    await typeInto($<HTMLInputElement>('input[aria-label="Return quantity for Trail Runner"]'), '1');
    await choose($<HTMLSelectElement>('select[aria-label="Return reason for Trail Runner"]'), 'Defective');
    await click(button('Process Return'));
    await waitFor(() => text().includes('Credit Note Issued'));
    assert.is($('[data-testid=issued-note-number]').textContent, 'CN-20250301-0002');
    assert.is($('[data-testid=issued-note-available]').textContent, '$56.31');
    assert.is($('[data-testid=issued-note-code]').textContent, 'ABCD-EFGH-JKMNP');
    await click(button('Print Credit Note'));
    assert.equal(opened, ['/api/returns/credit-notes/slip/ABCDEFGHJKMNP']);
    await click(button('Done'));
    assert.not.ok(text().includes('Credit Note Issued'));
  } finally {
    window.open = original;
    await unmount();
    clearToasts();
  }
});

test.run();
