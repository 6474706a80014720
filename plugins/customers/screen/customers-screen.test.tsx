// happy-dom tests of the customers screen: payment rules (cap, messages, PayNow reference), the payment modal,
// the table's No Balance / Overdue states, the load error, the add form and Print Invoices.
import { act, $, button, calls, click, flush, mockFetch, render as renderNode, typeInto as type, unmount as unmountNode } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const rules = await import('./payment-rules.js');
const formRules = await import('./customer-form-rules.js');
const { PaymentModal } = await import('./payment-modal.js');
const { CustomerTable } = await import('./customer-table.js');
const { default: CustomersScreen } = await import('./customers-screen.js');
const { CustomerEditor } = await import('./customer-editor.js');
const { openOutstandingPdf } = await import('./print-outstanding.js');
const { toasts, clearToasts } = await import('../../../ui/toast.js');
const { user } = await import('../../../ui/session.js');
type Customer = import('./types.js').Customer;

let container: HTMLElement;
async function render(node: React.ReactNode) {
  container = await renderNode(node);
}
async function unmount() {
  await unmountNode();
  clearToasts();
}
async function choose(el: HTMLSelectElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
const toastTexts = () => toasts.value.map((t) => `${t.kind}: ${t.message}`);

const customer = (over: Partial<Customer> = {}): Customer => ({
  id: 7,
  name: 'Harbourview Hotel',
  phone: '6338 8585',
  email: 'buy@harbour.sg',
  company: 'Harbourview Hotel Pte Ltd',
  uen: '199704518E',
  billing_address: '1 Harbourfront Ave',
  credit_limit: 5000,
  credit_terms_days: 30,
  outstanding_balance: 250.5,
  overdue: false,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  ...over,
});

// ---- pure rules ----

test('payment rules: amount must be above 0 and not above the balance', () => {
  for (const bad of ['', '  ', '0', '-5', 'abc', '0.001']) assert.is(rules.paymentError(bad, 100), 'Please enter a valid payment amount', bad);
  assert.is(rules.paymentError('100.01', 100), 'Payment amount cannot exceed outstanding balance');
  assert.is(rules.paymentError('100', 100), null);
  assert.is(rules.paymentError('0.01', 100), null);
  // Float noise does not make the full balance "exceed" it.
  assert.is(rules.paymentError(String(0.1 + 0.2), 0.3), null);
});

test('payment rules: typed amounts above the balance are capped to it', () => {
  assert.is(rules.capAmount('500', 250.5), '250.50');
  assert.is(rules.capAmount('250.51', 250.5), '250.50');
  assert.is(rules.capAmount('250.5', 250.5), '250.5');
  assert.is(rules.capAmount('12.3', 250.5), '12.3');
  assert.is(rules.capAmount('', 250.5), '');
});

test('payment rules: PayNow fills a PAY-<timestamp> reference, leaving PayNow drops it, typed references stay', () => {
  assert.is(rules.payNowReference(1700000000123), 'PAY-1700000000123');
  assert.match(rules.payNowReference(), /^PAY-\d{13}$/);
  assert.is(rules.referenceForMethod('PAYNOW', '', 42), 'PAY-42');
  assert.is(rules.referenceForMethod('PAYNOW', 'PAY-41', 42), 'PAY-42');
  assert.is(rules.referenceForMethod('PAYNOW', 'my ref', 42), 'my ref');
  assert.is(rules.referenceForMethod('CASH', 'PAY-42'), '');
  assert.is(rules.referenceForMethod('BANK_TRANSFER', 'TT-991'), 'TT-991');
  assert.equal(
    rules.PAYMENT_METHODS.map((m) => m.value),
    ['CASH', 'NETS', 'PAYNOW', 'BANK_TRANSFER'],
  );
});

test('payment rules: request body and success message', () => {
  assert.equal(rules.paymentBody('NETS', '12.345', ' R1 '), { method: 'NETS', amount: 12.35, reference: 'R1' });
  assert.equal(rules.paymentBody('CASH', '50', ''), { method: 'CASH', amount: 50, reference: '' });
  assert.is(rules.paymentSuccessMessage(50), 'Payment of $50.00 recorded successfully');
  assert.is(rules.paymentSuccessMessage(12.5), 'Payment of $12.50 recorded successfully');
});

test('customer form rules: name required, e-mail format, credit not negative', () => {
  const v = formRules.emptyCustomerForm();
  assert.is(v.credit_limit, '0');
  assert.is(v.credit_terms_days, '0');
  assert.equal(Object.keys(formRules.validateCustomerForm(v)), ['name']);
  const errors = formRules.validateCustomerForm({ ...v, name: 'A', email: 'nope', credit_limit: '-1', credit_terms_days: '2.5' });
  assert.equal(Object.keys(errors).sort(), ['credit_limit', 'credit_terms_days', 'email']);
  assert.equal(formRules.validateCustomerForm({ ...v, name: 'A', email: 'a@b.sg' }), {});
  assert.equal(Object.keys(formRules.customerBody({ ...v, name: 'A' }, false)).includes('credit_limit'), false);
  assert.is(formRules.customerBody({ ...v, name: ' A ', credit_limit: '10.5' }, true).credit_limit, 10.5);
});

// ---- payment modal ----

test('payment modal: caps typed amounts, PayNow auto-fills a reference, rejects 0, posts and toasts', async () => {
  mockFetch(() => ({ status: 201, body: { ok: true } }));
  let paid = 0;
  await render(<PaymentModal customer={customer()} onClose={() => {}} onPaid={() => paid++} />);
  assert.ok(container.textContent?.includes('Record Payment'));
  assert.ok(container.textContent?.includes('$250.50'));
  const options = [...document.querySelectorAll<HTMLOptionElement>('#payment-method option')].map((o) => o.value);
  assert.equal(options, ['CASH', 'NETS', 'PAYNOW', 'BANK_TRANSFER']);

  await click(button('Record Payment'));
  assert.equal(toastTexts(), ['error: Please enter a valid payment amount']);
  assert.is(calls.length, 0);

  await type($('#payment-amount'), '999');
  assert.is($<HTMLInputElement>('#payment-amount').value, '250.50');

  await choose($('#payment-method'), 'PAYNOW');
  assert.match($<HTMLInputElement>('#payment-reference').value, /^PAY-\d+$/);

  await type($('#payment-amount'), '100');
  await click(button('Record Payment'));
  await flush();
  assert.is(calls.length, 1);
  assert.is(calls[0].url, '/api/customers/7/payments');
  assert.is(calls[0].method, 'POST');
  const body = calls[0].body as { method: string; amount: number; reference: string };
  assert.is(body.method, 'PAYNOW');
  assert.is(body.amount, 100);
  assert.match(body.reference, /^PAY-\d+$/);
  assert.ok(toastTexts().includes('success: Payment of $100.00 recorded successfully'), toastTexts().join());
  assert.is(paid, 1);
  await unmount();
});

test('payment modal: a server failure toasts the failure message', async () => {
  mockFetch(() => ({ status: 404, body: { error: 'Route not found' } }));
  let paid = 0;
  await render(<PaymentModal customer={customer()} onClose={() => {}} onPaid={() => paid++} />);
  await type($('#payment-amount'), '10');
  await click(button('Record Payment'));
  await flush();
  assert.equal(toastTexts(), ['error: Failed to record payment. Please try again.']);
  assert.is(paid, 0);
  await unmount();
});

// ---- table and screen ----

test('table: Make Payment is disabled as No Balance at 0; owing balances are red with an Overdue tag', async () => {
  const rows = [
    customer(),
    customer({ id: 8, name: 'Jason Teo', outstanding_balance: 0, credit_limit: 0, credit_terms_days: 0, company: null }),
    customer({ id: 9, name: 'Late Payer', overdue: true }),
  ];
  await render(<CustomerTable customers={rows} onPay={() => {}} onView={() => {}} />);
  const row = (id: number) => $(`tr[data-customer-id="${id}"]`);
  const rowButtons = (id: number) => [...row(id).querySelectorAll('button')].map((b) => [b.textContent, b.disabled]);
  assert.equal(rowButtons(7), [
    ['Make Payment', false],
    ['View', false],
  ]);
  assert.equal(rowButtons(8), [
    ['No Balance', true],
    ['View', false],
  ]);
  assert.ok(row(7).textContent?.includes('ID: 7'));
  assert.ok(row(7).textContent?.includes('$5,000.00'));
  assert.ok(row(7).textContent?.includes('30 days'));
  assert.ok(row(7).querySelector('.text-danger'));
  assert.not.ok(row(8).querySelector('.text-danger'));
  assert.not.ok(row(7).textContent?.includes('Overdue'));
  assert.ok(row(9).textContent?.includes('Overdue'));
  assert.equal(
    [...container.querySelectorAll('th')].map((th) => th.textContent),
    ['Name', 'Contact', 'Company', 'Credit Limit', 'Outstanding', 'Actions'],
  );
  await unmount();
});

test('screen: lists customers, searches, and shows the load error', async () => {
  user.value = { username: 'staff', role: 'USER' };
  mockFetch((call) =>
    call.url.includes('search=boom')
      ? { status: 400, body: { error: 'Database unavailable' } }
      : { status: 200, body: { customers: [customer()], pagination: { page: 1, pageSize: 50, total: 1 } } },
  );
  await render(<CustomersScreen />);
  await flush();
  assert.ok(container.textContent?.includes('Harbourview Hotel'));
  assert.is(calls[0].url, '/api/customers?page=1&pageSize=50');
  await type($('input[type=search]'), 'boom');
  await flush(300);
  await flush();
  assert.ok(calls.some((c) => c.url.includes('search=boom')));
  assert.ok(container.textContent?.includes('Error loading customers: Database unavailable'), container.textContent ?? '');
  await unmount();
});

test('add form: validates, posts, toasts "Customer <name> added successfully!"; failure toasts "Failed to add customer"', async () => {
  mockFetch((call) => ({ status: 201, body: { customer: customer({ name: (call.body as { name: string }).name }) } }));
  let saved = 0;
  // A USER adds customers without credit: the fields are read-only and not sent (the server refuses credit from a USER).
  await render(<CustomerEditor isAdmin={false} onClose={() => {}} onSaved={() => saved++} />);
  assert.is($<HTMLInputElement>('#customer-credit_limit').disabled, true, 'a USER cannot give credit on a new customer');
  await type($('#customer-name'), 'Cash Only Co');
  await click(button('Add Customer'));
  await flush();
  assert.equal(calls[0].body, { name: 'Cash Only Co', phone: '', email: '', company: '', uen: '', billing_address: '' });
  await unmount();
  calls.length = 0;
  saved = 0;

  await render(<CustomerEditor isAdmin onClose={() => {}} onSaved={() => saved++} />);
  assert.is($<HTMLInputElement>('#customer-credit_limit').disabled, false, 'an ADMIN sets credit on a new customer');
  await click(button('Add Customer'));
  assert.ok(container.textContent?.includes('Name is required'));
  assert.is(calls.length, 0);
  await type($('#customer-name'), 'Rhythm Dance Studio');
  await type($('#customer-email'), 'bad-email');
  await click(button('Add Customer'));
  assert.ok(container.textContent?.includes('Please enter a valid email address'));
  assert.is(calls.length, 0);
  await type($('#customer-email'), 'hello@rhythm.sg');
  await type($('#customer-credit_limit'), '1500');
  await type($('#customer-credit_terms_days'), '30');
  await click(button('Add Customer'));
  await flush();
  assert.is(calls.length, 1);
  assert.equal(calls[0].body, {
    name: 'Rhythm Dance Studio',
    phone: '',
    email: 'hello@rhythm.sg',
    company: '',
    uen: '',
    billing_address: '',
    credit_limit: 1500,
    credit_terms_days: 30,
  });
  assert.ok(toastTexts().includes('success: Customer Rhythm Dance Studio added successfully!'));
  assert.is(saved, 1);
  await unmount();

  mockFetch(() => ({ status: 400, body: { error: 'email must match format "email"' } }));
  await render(<CustomerEditor isAdmin onClose={() => {}} onSaved={() => saved++} />);
  await type($('#customer-name'), 'X');
  await click(button('Add Customer'));
  await flush();
  assert.equal(toastTexts(), ['error: Failed to add customer']);
  await unmount();
});

test('edit form: a USER cannot change credit fields (disabled, not sent); an ADMIN can', async () => {
  mockFetch(() => ({ status: 200, body: { customer: customer() } }));
  await render(<CustomerEditor customer={customer()} isAdmin={false} onClose={() => {}} onSaved={() => {}} />);
  assert.is($<HTMLInputElement>('#customer-credit_limit').disabled, true);
  await type($('#customer-phone'), '6000 0000');
  await click(button('Save Changes'));
  await flush();
  assert.is(calls[0].method, 'PATCH');
  assert.is((calls[0].body as { phone: string }).phone, '6000 0000');
  assert.not.ok('credit_limit' in (calls[0].body as object));
  await unmount();

  mockFetch(() => ({ status: 200, body: { customer: customer() } }));
  await render(<CustomerEditor customer={customer()} isAdmin onClose={() => {}} onSaved={() => {}} />);
  await type($('#customer-credit_terms_days'), '60');
  await click(button('Save Changes'));
  await flush();
  assert.is((calls[0].body as { credit_terms_days: number }).credit_terms_days, 60);
  await unmount();
});

test('Print Invoices opens the outstanding PDF in a new tab; a blocked popup or an error toasts', () => {
  const opened: string[] = [];
  const original = window.open;
  try {
    window.open = ((url: string) => {
      opened.push(url);
      return {} as Window;
    }) as typeof window.open;
    openOutstandingPdf(7);
    assert.equal(opened, ['/api/invoices/customer/7/outstanding-pdf']);
    assert.equal(toastTexts(), []);
    window.open = (() => null) as typeof window.open;
    openOutstandingPdf(7);
    assert.equal(toastTexts(), ['error: Popup blocked. Please allow popups for this site.']);
    clearToasts();
    window.open = (() => {
      throw new Error('nope');
    }) as typeof window.open;
    openOutstandingPdf(7);
    assert.equal(toastTexts(), ['error: Failed to open outstanding invoices PDF']);
  } finally {
    window.open = original;
    clearToasts();
  }
});

test.run();
