// happy-dom tests of #26.5 at the till: Hold offers the next number, posts the cart and clears it; Held (N) lists
// the till's held sales and one tap resumes one into an empty cart (a cart with lines is refused with a toast).
import { $, act, button, calls, click, mockFetch, render, text, typeInto, unmount, waitFor } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toasts, clearToasts } from '../../../ui/toast.js';
import { setTillName, tillName } from '../../../ui/till.js';
import { HoldButtons, nextHoldLabel, type HeldSale } from './hold-sale.js';
import { createCartStore } from './cart-store.js';
import type { PosProduct } from './types.js';
import { MemoryStorage } from '../../../tests/helpers/memory-storage.js';

const shoe = (id: number, size: string) =>
  ({
    id,
    item_name: 'Samba OG',
    sku: `SAMBA-${size}`,
    size,
    selling_price: 100,
    brand: 'A',
    material: 'L',
    category: 'Casual',
    stock_qty: 5,
    image_url: null,
  }) as PosProduct;
const tan: HeldSale = {
  id: 4,
  label: 'Mrs Tan',
  item_count: 2,
  total: 218,
  created_at: '2026-11-27T03:00:00.000Z',
  created_by: 'staff',
  cart: {
    items: [
      { productId: 1, qty: 1, name: 'Samba OG', size: '42', sku: 'SAMBA-42', price: 100, stock: 5 },
      { productId: 2, qty: 1, name: 'Samba OG', size: '43', sku: 'SAMBA-43', price: 100, stock: 5 },
    ],
  },
};

test.before.each(() => {
  setTillName('Till 1');
});
test.after.each(async () => {
  await unmount();
  clearToasts();
});

test('the next hold number: one past the highest "Hold N"', () => {
  assert.is(nextHoldLabel([]), 'Hold 1');
  assert.is(nextHoldLabel(['Mrs Tan', 'Hold 2', 'Hold 7x']), 'Hold 3');
});

test('Hold: disabled on an empty cart; the dialog offers "Hold 2", posts the cart under the typed name and clears it', async () => {
  let posted: any = null;
  mockFetch((c) => {
    if (c.method === 'GET' && c.url === '/api/held-sales') return { status: 200, body: { held_sales: [{ ...tan, label: 'Hold 1' }] } };
    if (c.method === 'POST' && c.url === '/api/held-sales') {
      posted = c.body;
      return { status: 201, body: { held_sale: { ...tan, id: 5, label: posted.label } } };
    }
    return { status: 404, body: { error: 'not found' } };
  });
  const store = createCartStore(new MemoryStorage() as Storage);
  await render(<HoldButtons store={store} total={218} />);
  await waitFor(() => text().includes('Held (1)'));
  assert.ok(button('Hold').disabled, 'empty cart: Hold is disabled');
  await act(async () => {
    store.add(shoe(1, '42'));
    store.add(shoe(2, '43'));
  });
  await waitFor(() => !button('Hold').disabled);
  await click(button('Hold'));
  const input = $<HTMLInputElement>('input[aria-label="Name or number"]');
  assert.is(input.value, 'Hold 2');
  await typeInto(input, 'Mrs Tan');
  await click($<HTMLButtonElement>('button[type=submit][form=hold-sale-form]'));
  await waitFor(() => posted);
  assert.is(posted.label, 'Mrs Tan');
  assert.is(posted.total, 218);
  assert.equal(
    posted.cart.items.map((i: { productId: number; size: string; qty: number }) => [i.productId, i.size, i.qty]),
    [
      [1, '42', 1],
      [2, '43', 1],
    ],
  );
  await waitFor(() => store.isEmpty.value);
  await waitFor(() => text().includes('Held (2)'));
  assert.ok(toasts.value.some((t) => t.message.includes('Mrs Tan')));
});

test('Held (N): one tap resumes into an empty cart; over a cart with lines it is refused with a toast', async () => {
  mockFetch((c) => {
    if (c.method === 'GET') return { status: 200, body: { held_sales: [tan] } };
    if (c.method === 'DELETE' && c.url === '/api/held-sales/4') return { status: 200, body: { held_sale: tan } };
    return { status: 404, body: { error: 'not found' } };
  });
  const store = createCartStore(new MemoryStorage() as Storage);
  store.add(shoe(3, '40'));
  await render(<HoldButtons store={store} total={109} />);
  await waitFor(() => text().includes('Held (1)'));
  await click(button('Held (1)'));
  await waitFor(() => text().includes('Mrs Tan'));
  assert.ok(text().includes('2 items') && text().includes('$218.00'));
  await click($<HTMLButtonElement>('button[aria-label="Resume Mrs Tan"]'));
  assert.ok(toasts.value.some((t) => t.kind === 'error' && /hold it or finish it/.test(t.message)));
  assert.not.ok(
    calls.some((c) => c.method === 'DELETE'),
    'nothing resumed',
  );
  await act(async () => {
    store.clear();
  });
  await click($<HTMLButtonElement>('button[aria-label="Resume Mrs Tan"]'));
  await waitFor(() => store.items.value.length === 2);
  assert.equal(
    store.items.value.map((i) => i.size),
    ['42', '43'],
  );
  await waitFor(() => text().includes('Held (0)'));
});

test('no till named yet: nothing is asked of the server, Held (0)', async () => {
  mockFetch(() => ({ status: 400, body: { error: 'X-Kedai-Till' } }));
  tillName.value = null;
  await render(<HoldButtons store={createCartStore(new MemoryStorage() as Storage)} total={0} />);
  assert.ok(text().includes('Held (0)'));
  assert.is(calls.length, 0);
});

test.run();
