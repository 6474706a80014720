// happy-dom tests of the Credit Notes screen: rules (clamp, messages, Apply visibility, colours), the table,
// empty states, the status filter sent to the server, the Details modal and the Apply Credit Note modal.
import { act, $, button, calls, click, flush, mockFetch, render, text, typeInto, unmount, waitFor } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatMoney, toCents } from '../../../core/money.js';

const rules = await import('./credit-note-rules.js');
const { default: CreditNotesScreen } = await import('./credit-notes-screen.js');
const { toasts, clearToasts } = await import('../../../ui/toast.js');
type CreditNote = import('./types.js').CreditNote;
type OpenInvoice = import('./types.js').OpenInvoice;

const toastTexts = () => toasts.value.map((t) => `${t.kind}: ${t.message}`);
async function choose(el: HTMLSelectElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
const money = (n: number) => formatMoney(toCents(n));

const note = (over: Partial<CreditNote> = {}): CreditNote => ({
  id: 3,
  number: 'CN-20250301-0001',
  date: '2025-03-01T04:00:00.000Z',
  business_date: '2025-03-01',
  status: 'ACTIVE',
  source: 'RETURN',
  invoice_id: 1,
  reason: 'Return: Wrong Size, Defective, and a long explanation that goes on',
  amount: 130.8,
  applied_amount: 30,
  available: 100.8,
  notes: 'Kept the box',
  subtotal: 120,
  tax: 10.8,
  invoice: {
    id: 1,
    number: 'INV-20250301-0001',
    date: '2025-03-01T03:00:00.000Z',
    grand_total: 130.8,
    customer: { name: 'Walk-in Customer' },
    business_date: '2025-03-01',
  },
  customer: null,
  redemption_code: '7KQ2M9XD4HT0B',
  applications: [
    {
      id: 1,
      invoice: { id: 2, number: 'INV-20250301-0002' },
      applied_at: '2025-03-02T04:00:00.000Z',
      amount: 30,
      notes: 'First part',
      invoice_id: 2,
      created_by: null,
    },
  ],
  lines: [],
  created_by: null,
  created_at: '2025-03-01T04:00:00.000Z',
  ...over,
});
const used = note({ id: 4, number: 'CN-20250301-0002', status: 'USED', applied_amount: 130.8, available: 0, applications: [] });
const invoices: OpenInvoice[] = [
  {
    id: 2,
    number: 'INV-20250301-0002',
    date: '2025-03-01T05:00:00.000Z',
    business_date: '2025-03-01',
    payment_status: 'PARTIAL',
    customer: { id: 7, name: 'Harbour Hotel' },
    grand_total: 261.6,
    amount_paid: 211.6,
    outstanding: 50,
  },
  {
    id: 5,
    number: 'INV-20250301-0005',
    date: '2025-03-01T06:00:00.000Z',
    business_date: '2025-03-01',
    payment_status: 'UNPAID',
    customer: { id: null, name: '' },
    grand_total: 500,
    amount_paid: 0,
    outstanding: 500,
  },
  {
    id: 6,
    number: 'INV-20250301-0006',
    date: '2025-03-01T06:00:00.000Z',
    business_date: '2025-03-01',
    payment_status: 'PAID',
    customer: { id: 7, name: 'Harbour Hotel' },
    grand_total: 10,
    amount_paid: 10,
    outstanding: 0,
  },
];
const listOf = (notes: CreditNote[]) => ({
  credit_notes: notes,
  pagination: { page: 1, pageSize: 50, total: notes.length },
  summary: { total: notes.length, active: notes.filter((n) => n.status === 'ACTIVE').length, available: 100.8, applied: 160.8 },
});

test('rules: clamp, Apply visibility, picker label, messages in order, colours', () => {
  assert.is(rules.clampAmount('500', rules.maxApplicable(100.8, 50)), '50.00');
  assert.is(rules.clampAmount('500', rules.maxApplicable(100.8, null)), '100.80');
  assert.is(rules.clampAmount('12.5', 100.8), '12.5');
  assert.is(rules.clampAmount('', 100.8), '');
  assert.ok(rules.canApply(note()));
  assert.not.ok(rules.canApply(used));
  assert.not.ok(rules.canApply(note({ available: 0 })));
  assert.is(rules.invoiceOptionLabel(invoices[1], money), 'INV-20250301-0005 - Walk-in Customer - $500.00');
  assert.is(rules.invoiceOptionLabel(invoices[0], money), 'INV-20250301-0002 - Harbour Hotel - $50.00');
  const n = note();
  assert.is(rules.applyError(n, null, '5'), 'Please select an invoice');
  assert.is(rules.applyError(n, invoices[0], ''), 'Please enter a valid amount');
  assert.is(rules.applyError(n, invoices[0], '0'), 'Please enter a valid amount');
  assert.is(rules.applyError(n, invoices[1], '100.81'), 'Amount exceeds available credit. Available: $100.80');
  assert.is(rules.applyError(n, invoices[0], '50.01'), 'Amount exceeds outstanding balance. Outstanding: $50.00');
  assert.is(rules.applyError(used, invoices[0], '1'), 'Only active credit notes can be applied');
  assert.is(rules.applyError(n, invoices[0], '50'), null);
  assert.not.ok(rules.canSubmit(null, '5'));
  assert.not.ok(rules.canSubmit(invoices[0], '0'));
  assert.ok(rules.canSubmit(invoices[0], '0.01'));
  assert.is(rules.statusBadgeClass('ACTIVE'), 'badge badge-green');
  assert.is(rules.statusBadgeClass('USED'), 'badge badge-blue');
  assert.is(rules.statusBadgeClass('EXPIRED'), 'badge badge-yellow');
  assert.is(rules.statusBadgeClass('VOID'), 'badge badge-red');
});

test('empty states and the status filter sent to the server', async () => {
  mockFetch(() => ({ status: 200, body: listOf([]) }));
  await render(<CreditNotesScreen />);
  await waitFor(() => text().includes('No credit notes available'));
  assert.ok(text().includes('Credit Notes Management'));
  assert.ok(text().includes('View and apply credit notes to invoices'));
  for (const tile of ['Total Credit Notes', 'Active Credit Notes', 'Available Credit', 'Total Applied']) assert.ok(text().includes(tile), tile);
  const select = $<HTMLSelectElement>('select');
  assert.equal(
    [...select.options].map((o) => o.textContent),
    ['All', 'Active', 'Used', 'Expired', 'Void'],
  );
  await choose(select, 'USED');
  await waitFor(() => text().includes('No credit notes found matching your criteria'));
  assert.ok(calls.some((c) => c.url.startsWith('/api/returns/credit-notes?') && c.url.includes('status=USED')));
  await unmount();
});

test('the table: columns, truncated reason, Apply only for ACTIVE with credit left, PDF link; Details modal', async () => {
  mockFetch((c) => (c.url === '/api/returns/credit-notes/3' ? { status: 200, body: { credit_note: note() } } : { status: 200, body: listOf([note(), used]) }));
  await render(<CreditNotesScreen />);
  await waitFor(() => document.querySelectorAll('table.credit-notes-table tbody tr').length === 2);
  const headers = [...document.querySelectorAll('table.credit-notes-table th')].map((h) => h.textContent);
  assert.equal(headers, ['Credit Note', 'Invoice', 'Customer', 'Reason', 'Amount', 'Applied', 'Available', 'Status', 'Date', 'Actions']);
  const [active, spent] = [...document.querySelectorAll('table.credit-notes-table tbody tr')];
  assert.ok(active.textContent!.includes('…'));
  assert.ok(active.textContent!.includes('$100.80'));
  assert.ok([...active.querySelectorAll('button')].some((b) => b.textContent === 'Apply'));
  assert.not.ok([...spent.querySelectorAll('button')].some((b) => b.textContent === 'Apply'));
  assert.is(active.querySelector('a')!.getAttribute('href'), '/api/returns/credit-notes/3/pdf');
  assert.is(active.querySelector('.badge')!.className, 'badge badge-green');
  assert.is(spent.querySelector('.badge')!.className, 'badge badge-blue');

  await click([...active.querySelectorAll('button')].find((b) => b.textContent === 'View')!);
  await waitFor(() => text().includes('Applications'));
  const dialog = $('dialog').textContent!;
  for (const s of [
    'Credit Note Details',
    'CN-20250301-0001',
    'ACTIVE',
    '$130.80',
    '$30.00',
    '$100.80',
    'INV-20250301-0001',
    'Walk-in Customer',
    'INV-20250301-0002',
    'First part',
    'Kept the box',
  ]) {
    assert.ok(dialog.includes(s), s);
  }
  await click(button('Close'));
  assert.not.ok(document.querySelector('dialog'));
  await unmount();
});

test('Apply modal: PAID invoices hidden, clamp to min(available, outstanding), payload, success toast', async () => {
  let posted: any = null;
  mockFetch((c) => {
    if (c.method === 'POST') {
      posted = { url: c.url, body: c.body };
      return { status: 200, body: { credit_note: note(), invoice: {} } };
    }
    if (c.url.startsWith('/api/returns/credit-notes/invoices')) return { status: 200, body: { invoices, pagination: { page: 1, pageSize: 200, total: 3 } } };
    return { status: 200, body: listOf([note()]) };
  });
  await render(<CreditNotesScreen />);
  await waitFor(() => document.querySelectorAll('table.credit-notes-table tbody tr').length === 1);
  await click(button('Apply'));
  await waitFor(() => document.querySelectorAll('#apply-invoice option').length === 3);
  const options = [...document.querySelectorAll('#apply-invoice option')].map((o) => o.textContent);
  assert.equal(options, ['Choose an invoice...', 'INV-20250301-0002 - Harbour Hotel - $50.00', 'INV-20250301-0005 - Walk-in Customer - $500.00']);
  // The picker asks for the invoices this note may pay.
  const pickerUrl = calls.find((c) => c.url.startsWith('/api/returns/credit-notes/invoices'))!.url;
  assert.match(pickerUrl, new RegExp(`credit_note_id=${note().id}(&|$)`));
  const submit = button('Apply Credit');
  assert.ok(submit.disabled);
  const amount = $<HTMLInputElement>('#apply-amount');
  assert.is(amount.step, '0.01');
  assert.is(amount.min, '0');
  await typeInto(amount, '500');
  assert.is(amount.value, '100.80');
  await choose($<HTMLSelectElement>('#apply-invoice'), '2');
  assert.is(amount.value, '50.00');
  assert.ok($('dialog').textContent!.includes('Maximum: $50.00'));
  assert.ok($('.selected-invoice').textContent!.includes('$261.60'));
  await typeInto(amount, '0');
  assert.ok(button('Apply Credit').disabled);
  await typeInto(amount, '40');
  await typeInto($<HTMLInputElement>('#apply-notes'), 'Settling March');
  assert.not.ok(button('Apply Credit').disabled);
  await click(button('Apply Credit'));
  await waitFor(() => posted);
  assert.is(posted.url, '/api/returns/credit-notes/3/apply');
  assert.equal(posted.body, { credit_note_id: 3, invoice_id: 2, amount: 40, notes: 'Settling March' });
  await waitFor(() => toastTexts().includes('success: Credit note applied successfully!'));
  await flush();
  assert.not.ok(document.querySelector('dialog'));
  await unmount();
  clearToasts();
});

test('Apply modal: a refused application shows the failure toast', async () => {
  mockFetch((c) => {
    if (c.method === 'POST') return { status: 409, body: { error: 'Only active credit notes can be applied' } };
    if (c.url.startsWith('/api/returns/credit-notes/invoices')) return { status: 200, body: { invoices, pagination: { page: 1, pageSize: 200, total: 3 } } };
    return { status: 200, body: listOf([note()]) };
  });
  await render(<CreditNotesScreen />);
  await waitFor(() => document.querySelectorAll('table.credit-notes-table tbody tr').length === 1);
  await click(button('Apply'));
  await waitFor(() => document.querySelectorAll('#apply-invoice option').length === 3);
  await choose($<HTMLSelectElement>('#apply-invoice'), '5');
  await typeInto($<HTMLInputElement>('#apply-amount'), '10');
  await click(button('Apply Credit'));
  await waitFor(() => toastTexts().includes('error: Failed to apply credit note. Please try again.'));
  assert.ok(document.querySelector('dialog'));
  await unmount();
  clearToasts();
});

test.run();
