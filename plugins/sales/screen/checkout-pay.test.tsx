// happy-dom tests of the checkout modal's #16 parts: named customers pay any way (credit only with a limit), the
// NETS approval code, quick cash by button and key, Enter completes, discounts in the payload, and the manager's
// approval asked in place after a 403 APPROVAL_REQUIRED.
import { $, act, button, calls, click, flush, mockFetch, render, text, typeInto, unmount, waitFor, type Reply } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toasts, clearToasts } from '../../../ui/toast.js';
import { CheckoutModal } from './checkout-modal.js';
import { createCartStore, itemKey, type CartStore } from './cart-store.js';
import { addCash, defaultMethodFor, methodsFor } from './checkout-rules.js';
import type { CheckoutReply, CustomerSummary, PosProduct } from './types.js';
import { MemoryStorage } from '../../../tests/helpers/memory-storage.js';

const product: PosProduct = {
  id: 1,
  item_name: 'Runner Pro',
  sku: 'RUN-42',
  size: '42',
  selling_price: 100,
  brand: 'Fleet',
  material: 'Mesh',
  category: 'Running',
  stock_qty: 10,
  image_url: null,
};
const noCredit: CustomerSummary = { id: 9, name: 'Siti Rahmah', company: null, credit_limit: 0, credit_terms_days: 0, outstanding_balance: 0 };
const withCredit: CustomerSummary = { id: 7, name: 'Tan Trading', company: 'Tan Co', credit_limit: 1000, credit_terms_days: 30, outstanding_balance: 0 };

window.open = (() => ({}) as Window) as typeof window.open;

/** One $100 shoe: total $109.00 with 9% GST. */
function oneShoe(): CartStore {
  const s = createCartStore(new MemoryStorage() as Storage);
  s.add(product);
  return s;
}

const messages = () => toasts.value.map((t) => t.message);
const radio = (value: string) => document.querySelector<HTMLInputElement>(`input[name="checkout-method"][value="${value}"]`);
const labelled = (label: string) => {
  const l = [...document.querySelectorAll('label')].find((x) => x.firstChild?.textContent?.trim() === label);
  if (!l) throw new Error(`no label ${label}`);
  return l.querySelector('input')! as HTMLInputElement;
};
const checkoutCalls = () => calls.filter((c) => c.url === '/api/checkout');
const press = (key: string, target: EventTarget = document.body) =>
  act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });

let replies: Reply[] = [];
let done: { reply: CheckoutReply; tendered: number | null }[] = [];
test.before.each(() => {
  clearToasts();
  done = [];
  replies = [];
  mockFetch((call) => {
    if (call.url.startsWith('/api/customers'))
      return { status: 200, body: { customers: [noCredit, withCredit], pagination: { page: 1, pageSize: 20, total: 2 } } };
    if (call.url === '/api/checkout') return replies.shift() ?? { status: 201, body: { invoiceId: 41, number: 'INV-20250101-0007' } };
    return { status: 404, body: { error: 'not found' } };
  });
});
test.after.each(async () => {
  await unmount();
});

async function open(store: CartStore) {
  await render(
    <CheckoutModal
      open
      store={store}
      onClose={() => {}}
      onSuccess={(reply, tendered) => {
        done.push({ reply, tendered });
      }}
    />,
  );
}

test('rules: CREDIT is the default only with a credit limit; CASH/NETS/PAYNOW always; quick cash adds up', () => {
  assert.is(defaultMethodFor(null), 'CASH');
  assert.is(defaultMethodFor(noCredit), 'CASH');
  assert.is(defaultMethodFor(withCredit), 'CREDIT');
  assert.equal(
    methodsFor(noCredit).map((m) => m.value),
    ['CASH', 'NETS', 'PAYNOW'],
  );
  assert.equal(
    methodsFor(withCredit).map((m) => m.value),
    ['CREDIT', 'CASH', 'NETS', 'PAYNOW'],
  );
  assert.is(addCash('', 5000), '50.00');
  assert.is(addCash('50', 1000), '60.00');
});

test('a named customer without credit pays NETS with the approval code: PAID, on their name', async () => {
  const store = oneShoe();
  store.setSelectedCustomer(noCredit);
  await open(store);
  assert.is(radio('CASH')!.checked, true);
  assert.is(radio('CREDIT'), null, 'no credit offered');
  assert.is($('[data-testid="checkout-status"]').textContent, 'PAID');
  await click(radio('NETS')!);
  await typeInto(labelled('Approval code'), '004512');
  await click(button('Complete Checkout'));
  await waitFor(() => done.length === 1);
  const body = checkoutCalls()[0].body as Record<string, unknown>;
  assert.is(body.customerId, 9);
  assert.is(body.paymentStatus, 'PAID');
  assert.equal(body.payments, [{ method: 'NETS', amount: 109, reference: '004512' }]);
  assert.is(body.creditAmount, undefined);
  assert.is(done[0].tendered, null);
});

test('a customer with credit defaults to CREDIT but may pay cash instead', async () => {
  const store = oneShoe();
  store.setSelectedCustomer(withCredit);
  await open(store);
  assert.is(radio('CREDIT')!.checked, true);
  assert.is($('[data-testid="checkout-status"]').textContent, 'UNPAID');
  await click(radio('CASH')!);
  assert.is($('[data-testid="checkout-status"]').textContent, 'PAID');
  await typeInto(labelled('Cash tendered'), '120');
  await click(button('Complete Checkout'));
  await waitFor(() => done.length === 1);
  const body = checkoutCalls()[0].body as Record<string, unknown>;
  assert.is(body.customerId, 7);
  assert.equal(body.payments, [{ method: 'CASH', amount: 109 }]);
  assert.is(body.tendered, 120);
  assert.is(done[0].tendered, 120);
});

test('quick cash: keys 1/5/0/E outside the cash box, buttons too; Enter completes and reports the tendered amount', async () => {
  await open(oneShoe());
  const box = labelled('Cash tendered');
  assert.is(document.activeElement, box, 'the cash box has the focus on open');
  // In the box, digits are the amount, not quick cash.
  await press('5', box);
  assert.is(box.value, '');
  await press('5');
  await press('1');
  assert.is(box.value, '60.00');
  await click(document.querySelector<HTMLButtonElement>('button[aria-keyshortcuts="0"]')!);
  assert.is(box.value, '160.00');
  await press('e');
  assert.is(box.value, '109.00');
  assert.is($('[data-testid="checkout-change"]').textContent, '$0.00');
  await press('0');
  assert.is($('[data-testid="checkout-change"]').textContent, '$100.00');
  await press('Enter', box);
  await waitFor(() => done.length === 1);
  assert.is((checkoutCalls()[0].body as any).tendered, 209);
  assert.is(done[0].tendered, 209);
  assert.ok(messages().includes('Checkout successful! Invoice #INV-20250101-0007'));
});

test('line and sale discounts go in the payload as the server expects (line $, sale $ or %)', async () => {
  const store = oneShoe();
  store.setLineDiscount(itemKey(store.items.value[0]), { kind: 'PERCENT', value: 5 });
  store.setInvoiceDiscountAmount(10);
  await open(store);
  // 100 - 5 = 95, - 10 = 85, + 7.65 GST.
  assert.is($('[data-testid="checkout-total"]').textContent, '$92.65');
  assert.ok(text().includes('Discount: -$15.00 (15%)'));
  await click(button('Complete Checkout'));
  await waitFor(() => done.length === 1);
  const body = checkoutCalls()[0].body as any;
  assert.equal(body.items, [{ productId: 1, qty: 1, unitPrice: 100, discount: 5 }]);
  assert.is(body.invoiceDiscountAmount, 10);
  assert.is(body.invoiceDiscount, undefined);
});

test('above the staff limit: refused in place, the manager approves in the modal, the same sale is sent with approval', async () => {
  const store = oneShoe();
  store.setInvoiceDiscount(20);
  await open(store);
  replies = [
    { status: 403, body: { error: "Discount above 10% needs a manager's approval", code: 'APPROVAL_REQUIRED' } },
    { status: 403, body: { error: 'Manager approval failed: wrong username or password, or not an active admin', code: 'FORBIDDEN' } },
  ];
  await click(button('Complete Checkout'));
  await waitFor(() => text().includes("Discount above 10% needs a manager's approval"));
  assert.ok(messages().includes("Discount above 10% needs a manager's approval"));
  assert.is(done.length, 0);
  const approve = button('Approve');
  assert.is(approve.disabled, true, 'needs username, password and reason');
  await typeInto(labelled('Manager username'), 'admin');
  await typeInto(labelled('Manager password'), 'wrong');
  await typeInto(labelled('Discount reason'), 'Loyal customer');
  // Approve goes back to the payment (#26.9): nothing is sent until Complete, the cash tendered can still be typed.
  await click(button('Approve'));
  assert.is(checkoutCalls().length, 1, 'approving sends nothing yet');
  assert.ok(text().includes('Discount approved by admin: Loyal customer'));
  await click(button('Complete Checkout'));
  await waitFor(() => messages().some((m) => m.startsWith('Manager approval failed')));
  assert.is(labelled('Manager password').value, '', 'a wrong password is cleared');
  assert.ok(text().includes('Manager username'), 'the prompt opens again');
  await typeInto(labelled('Manager password'), 'admin123');
  await press('Enter', labelled('Manager password'));
  assert.is(checkoutCalls().length, 2);
  await click(button('Complete Checkout'));
  await waitFor(() => done.length === 1);
  const sent = checkoutCalls();
  assert.is(sent.length, 3);
  assert.is((sent[0].body as any).approval, undefined);
  assert.equal((sent[2].body as any).approval, { username: 'admin', password: 'admin123' });
  assert.is((sent[2].body as any).discountReason, 'Loyal customer');
  assert.is((sent[2].body as any).invoiceDiscount, 20);
  assert.is.not(sent[2].headers['idempotency-key'], sent[0].headers['idempotency-key']);
  await flush();
});

test.run();
