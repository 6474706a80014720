// happy-dom tests of #17.5 at the till: a credit note typed or scanned into the checkout modal shows its
// available credit, pays min(available, total), and the rest is paid by the chosen method; refusals show inline.
import { $, button, calls, click, mockFetch, render, text, typeInto, unmount, waitFor } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clearToasts } from '../../../ui/toast.js';
import { setShopConfig } from '../../../ui/shop-config.js';
import { CheckoutModal } from './checkout-modal.js';
import { createCartStore } from './cart-store.js';
import { noteAppliedCents, noteProblem, withCreditNote } from './credit-note-tender.js';
import type { PosProduct } from './types.js';
import { MemoryStorage } from '../../../tests/helpers/memory-storage.js';

const product: PosProduct = { id: 1, item_name: 'Runner Pro', sku: 'RUN-42', size: '42', selling_price: 100, brand: 'Fleet', material: 'Mesh', category: 'Running', stock_qty: 10, image_url: null } as PosProduct;
const note = (over = {}) => ({ number: 'CN-20250101-0001', status: 'ACTIVE', available: 30, customer: null, ...over });

test.after.each(async () => {
  await unmount();
  clearToasts();
  setShopConfig(null);
});

test('rules: applied = min(available, total); the note pays first and the rest keeps its method', () => {
  assert.is(noteAppliedCents(note(), 10900), 3000);
  assert.is(noteAppliedCents(note({ available: 500 }), 10900), 10900);
  assert.is(noteAppliedCents(null, 10900), 0);
  assert.equal(withCreditNote({ items: [], payments: [{ method: 'NETS', amount: 79, reference: 'A1' }] }, note(), 3000).payments,
    [{ method: 'CREDIT_NOTE', reference: 'CN-20250101-0001', amount: 30 }, { method: 'NETS', amount: 79, reference: 'A1' }]);
  assert.equal(withCreditNote({ items: [], payments: [{ method: 'CASH', amount: 0 }], tendered: 0 }, note({ available: 500 }), 10900),
    { items: [], payments: [{ method: 'CREDIT_NOTE', reference: 'CN-20250101-0001', amount: 109 }] });
  assert.match(noteProblem(note({ status: 'USED' }), null)!, /USED/);
  assert.match(noteProblem(note({ customer: { id: 3, name: 'Tan' } }), null)!, /belongs to Tan/);
  assert.is(noteProblem(note({ customer: { id: 3, name: 'Tan' } }), { id: 3, name: 'Tan', credit_limit: 0, credit_terms_days: 0, outstanding_balance: 0 } as any), null);
});

test('the modal: type the number, the available amount shows, checkout sends the note first and cash for the rest', async () => {
  setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09 });
  let posted: any = null;
  mockFetch((c) => {
    if (c.url.startsWith('/api/returns/credit-notes/by-number/CN-20250101-0001')) return { status: 200, body: { credit_note: note() } };
    if (c.url.startsWith('/api/returns/credit-notes/by-number/')) return { status: 404, body: { error: 'Credit note not found' } };
    if (c.url === '/api/checkout') { posted = c.body; return { status: 201, body: { invoiceId: 1, number: 'INV-20250101-0001', invoice: {}, stock: [] } }; }
    return { status: 200, body: { customers: [], pagination: { page: 1, pageSize: 20, total: 0 } } };
  });
  const store = createCartStore(new MemoryStorage() as Storage);
  store.add(product);
  await render(<CheckoutModal open store={store} onClose={() => {}} />);
  const input = $<HTMLInputElement>('input[aria-label="Credit note number"]');
  await typeInto(input, 'CN-20990101-0001');
  await click(button('Use note'));
  await waitFor(() => text().includes('Credit note not found'));
  await typeInto($<HTMLInputElement>('input[aria-label="Credit note number"]'), 'CN-20250101-0001');
  await click(button('Use note'));
  await waitFor(() => document.querySelector('[data-testid=note-available]'));
  assert.is($('[data-testid=note-available]').textContent, '$30.00');
  assert.is($('[data-testid=note-applied]').textContent, '$30.00');
  assert.is($('[data-testid=checkout-due]').textContent, '$79.00');
  await click(button('Complete Checkout'));
  await waitFor(() => posted);
  assert.equal(posted.payments, [{ method: 'CREDIT_NOTE', reference: 'CN-20250101-0001', amount: 30 }, { method: 'CASH', amount: 79 }]);
  assert.ok(calls.some((c) => c.url.includes('/by-number/CN-20250101-0001')));
});

test.run();
