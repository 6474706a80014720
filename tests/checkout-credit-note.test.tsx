// happy-dom tests of #17.5 at the till, across two plugins: credit-notes' tender in sales' checkout dialog (slot
// 'checkout-tender'). A credit note's code (or number) typed or scanned shows its available credit, pays
// min(available, total) by its code (#25), and the rest is paid by the chosen method; refusals show inline (a
// walk-in's note given by number: the till asks for the code on the slip). The rules: each plugin's own tests.
import { $, button, calls, click, mockFetch, render, text, typeInto, unmount, waitFor } from '../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clearToasts } from '../ui/toast.js';
import { setShopConfig } from '../ui/shop-config.js';
import { registerSlots } from '../ui/slot.js';
import { saveSession, clearSession } from '../ui/session.js';
import { slots } from '../app/screens.js';
import { CheckoutModal } from '../plugins/sales/screen/checkout-modal.js';
import { createCartStore } from '../plugins/sales/screen/cart-store.js';
import type { PosProduct } from '../plugins/sales/screen/types.js';
import { MemoryStorage } from './helpers/memory-storage.js';

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
} as PosProduct;
const CODE = '7KQ2M9XD4HT0B';
const note = (over = {}) => ({ number: 'CN-20250101-0001', status: 'ACTIVE', available: 30, customer: null, redemption_code: CODE, ...over });

test.after.each(async () => {
  await unmount();
  clearToasts();
  setShopConfig(null);
  clearSession();
});

test('the modal: type the code, the available amount shows, checkout sends the note (by its code) first and cash for the rest', async () => {
  setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09 });
  registerSlots(slots);
  saveSession('t', { username: 'cashier', role: 'USER' });
  let posted: any = null;
  mockFetch((c) => {
    if (c.url.startsWith('/api/returns/credit-notes/by-number/7kq2-m9xd-4ht0b')) return { status: 200, body: { credit_note: note() } };
    // A walk-in's note by its number (a USER): which note, not its worth.
    if (c.url.startsWith('/api/returns/credit-notes/by-number/CN-20250101-0001')) {
      return {
        status: 200,
        body: {
          credit_note: {
            id: 1,
            number: 'CN-20250101-0001',
            date: '2025-01-01T04:00:00.000Z',
            business_date: '2025-01-01',
            customer: null,
            code_required: true,
          },
        },
      };
    }
    if (c.url.startsWith('/api/returns/credit-notes/by-number/SLOW'))
      return { status: 429, body: { error: 'Too many failed credit note look-ups. Try again in 5 minute(s).' } };
    if (c.url.startsWith('/api/returns/credit-notes/by-number/')) return { status: 404, body: { error: 'Credit note not found' } };
    if (c.url === '/api/checkout') {
      posted = c.body;
      return { status: 201, body: { invoiceId: 1, number: 'INV-20250101-0001', invoice: {}, stock: [] } };
    }
    return { status: 200, body: { customers: [], pagination: { page: 1, pageSize: 20, total: 0 } } };
  });
  const store = createCartStore(new MemoryStorage() as Storage);
  store.add(product);
  await render(<CheckoutModal open store={store} onClose={() => {}} />);
  const input = () => $<HTMLInputElement>('input[aria-label="Credit note code or number"]');
  await waitFor(() => document.querySelector('input[aria-label="Credit note code or number"]')); // the slot's lazy chunk
  assert.is(input().placeholder, 'Scan or type the code or number');
  assert.ok(text().includes('Credit note (code or number)'));
  await typeInto(input(), 'CN-20990101-0001');
  await click(button('Use note'));
  await waitFor(() => text().includes('Credit note not found'));
  await typeInto(input(), 'CN-20250101-0001');
  await click(button('Use note'));
  await waitFor(() => text().includes('is a walk-in credit note: scan or type the code printed on its slip'));
  assert.not.ok(document.querySelector('[data-testid=note-available]'), 'no balance by number');
  await typeInto(input(), 'SLOW');
  await click(button('Use note'));
  await waitFor(() => text().includes('Too many failed credit note look-ups'));
  await typeInto(input(), '7kq2-m9xd-4ht0b');
  await click(button('Use note'));
  await waitFor(() => document.querySelector('[data-testid=note-available]'));
  assert.is($('[data-testid=note-available]').textContent, '$30.00');
  assert.is($('[data-testid=note-applied]').textContent, '$30.00');
  assert.is($('[data-testid=checkout-due]').textContent, '$79.00');
  await click(button('Complete Checkout'));
  await waitFor(() => posted);
  assert.equal(posted.payments, [
    { method: 'CREDIT_NOTE', reference: CODE, amount: 30 },
    { method: 'CASH', amount: 79 },
  ]);
  assert.ok(calls.some((c) => c.url.includes('/by-number/7kq2-m9xd-4ht0b')));
});

test.run();
