// happy-dom tests of the POS screen: cards, filters from the loaded products, Enter adds the first result (exact
// SKU wins) and clears the search, Out of Stock, the cart rows and summary, and the Checkout button state.
import { $, button, calls, click, flush, mockFetch, render, text, typeInto, unmount, waitFor, act } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toasts, clearToasts } from '../../../ui/toast.js';
import PosScreen from './pos-screen.js';
import { cart } from './cart-store.js';
import { filterProducts, NO_FILTERS, productThumb } from './product-filter.js';
import type { PosProduct } from './types.js';

const p = (id: number, over: Partial<PosProduct>): PosProduct => ({
  id, item_name: `Shoe ${id}`, sku: `SKU-${id}`, size: '42', cost: 10, selling_price: 10, brand: 'Fleet', material: 'Mesh',
  category: 'Running', stock_qty: 5, image_url: null, images: [], ...over,
});

const products: PosProduct[] = [
  p(1, { item_name: 'Runner Pro', sku: 'RUN-42', size: '42', selling_price: 19.99, brand: 'Fleet', category: 'Running',
    images: [{ id: 1, url: '/media/a.jpg', thumbUrl: '/media/a-thumb.jpg', alt: null, isPrimary: false }, { id: 2, url: '/media/b.jpg', thumbUrl: '/media/b-thumb.jpg', alt: null, isPrimary: true }] }),
  p(2, { item_name: 'Runner Pro', sku: 'RUN-43', size: '43', selling_price: 19.99, brand: 'Fleet', category: 'Running', image_url: '/media/c.jpg' }),
  p(3, { item_name: 'Court Classic', sku: 'RUN-4', size: '40', selling_price: 45.5, brand: 'Acme', category: 'Tennis', material: 'Leather' }),
  p(4, { item_name: 'Sold Out Slide', sku: 'SLD-1', size: '38', selling_price: 9.9, brand: 'Acme', category: 'Sandals', stock_qty: 0 }),
];

const messages = () => toasts.value.map((t) => t.message);
const search = () => $<HTMLInputElement>('input[type="search"]');
const card = (id: number) => $(`.pos-card[data-product-id="${id}"]`);

async function pressEnter(el: HTMLInputElement) {
  await act(async () => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  });
  await flush(10);
}

test.before.each(() => {
  clearToasts();
  cart.clear();
  mockFetch((call) => {
    if (call.url.startsWith('/api/products')) return { status: 200, body: { products, count: products.length, pagination: { page: 1, pageSize: 200, total: products.length } } };
    return { status: 404, body: { error: 'not found' } };
  });
});
test.after.each(async () => {
  await unmount();
});

test('pure filter: every term must match; an exact SKU leads; the primary thumbnail is shown', () => {
  assert.equal(filterProducts(products, { ...NO_FILTERS, search: 'runner 43' }).map((x) => x.id), [2]);
  assert.equal(filterProducts(products, { ...NO_FILTERS, search: 'run-4' }).map((x) => x.id), [3, 1, 2]);
  assert.equal(filterProducts(products, { ...NO_FILTERS, brand: 'Acme' }).map((x) => x.id), [3, 4]);
  // A scanned barcode finds its product and leads the list, as an exact SKU does.
  const scanned = [...products, { ...products[0], id: 99, sku: 'ZZ-1', barcode: '4006381333931' }];
  assert.equal(filterProducts(scanned, { ...NO_FILTERS, search: '4006381333931' }).map((x) => x.id), [99]);
  assert.is(productThumb(products[0]), '/media/b-thumb.jpg');
  assert.is(productThumb(products[1]), '/media/c.jpg');
  assert.is(productThumb(products[2]), null);
});

test('loads the catalogue once (pageSize 200) and shows cards, filters and the search box', async () => {
  await render(<PosScreen />);
  await waitFor(() => document.querySelectorAll('.pos-card').length === 4);
  assert.is(calls.filter((c) => c.url.startsWith('/api/products')).length, 1);
  assert.match(calls.find((c) => c.url.startsWith('/api/products'))!.url, /pageSize=200/);
  assert.ok(calls.some((c) => c.url === '/api/auth/config'), 'the GST rate is refreshed from the server');
  assert.is(search().placeholder, 'Scan or search products…');
  const c1 = card(1).textContent ?? '';
  for (const part of ['Runner Pro', '42', 'Fleet', 'Mesh', 'Stock: 5', '$19.99']) assert.ok(c1.includes(part), part);
  assert.is(card(1).querySelector('img')?.getAttribute('src'), '/media/b-thumb.jpg');
  assert.ok(card(3).querySelector('svg'), 'placeholder picture');
  const soldOut = card(4).querySelector('button')!;
  assert.is(soldOut.textContent, 'Out of Stock');
  assert.is(soldOut.disabled, true);
  assert.is(card(1).querySelector('button')!.textContent, 'Add');
  const selects = [...document.querySelectorAll('select')].map((s) => [...s.options].map((o) => o.value).join(','));
  assert.equal(selects, [',Running,Sandals,Tennis', ',Acme,Fleet', ',38,40,42,43']);
  // The cart starts empty and cannot check out.
  assert.ok(text().includes('Cart is empty'));
  assert.is(button('Checkout').disabled, true);
});

test('filters narrow the cards without asking the server', async () => {
  await render(<PosScreen />);
  await waitFor(() => document.querySelectorAll('.pos-card').length === 4);
  const brand = document.querySelectorAll('select')[1] as HTMLSelectElement;
  await act(async () => {
    brand.value = 'Acme';
    brand.dispatchEvent(new Event('change', { bubbles: true }));
  });
  assert.equal([...document.querySelectorAll('.pos-card')].map((c) => c.getAttribute('data-product-id')), ['3', '4']);
  await typeInto(search(), 'court');
  assert.equal([...document.querySelectorAll('.pos-card')].map((c) => c.getAttribute('data-product-id')), ['3']);
  assert.is(calls.filter((c) => c.url.startsWith('/api/products')).length, 1);
});

test('Enter adds the first result (an exact SKU wins), toasts and clears the search', async () => {
  await render(<PosScreen />);
  await waitFor(() => document.querySelectorAll('.pos-card').length === 4);
  await typeInto(search(), 'RUN-4');
  await pressEnter(search());
  assert.is(search().value, '');
  assert.equal(cart.items.value.map((i) => [i.productId, i.qty]), [[3, 1]]);
  assert.ok(messages().includes('Court Classic added to cart'));
  await typeInto(search(), 'runner');
  await pressEnter(search());
  assert.equal(cart.items.value.map((i) => [i.productId, i.qty]), [[3, 1], [1, 1]]);
});

test('cart rows and summary: plus, minus, typed quantity, remove, totals with GST (9%)', async () => {
  await render(<PosScreen />);
  await waitFor(() => document.querySelectorAll('.pos-card').length === 4);
  await click(card(1).querySelector('button')!);
  await click(card(1).querySelector('button')!);
  await click(card(3).querySelector('button')!);
  const row = $('.cart-row[data-product-id="1"]');
  assert.ok(row.textContent?.includes('RUN-42'));
  assert.ok(row.textContent?.includes('$39.98'));
  assert.is($('[data-testid="cart-subtotal"]').textContent, '$85.48');
  assert.is($('[data-testid="cart-gst"]').textContent, '$7.69'); // 769.32c
  assert.is($('[data-testid="cart-total"]').textContent, '$93.17');
  assert.ok(text().includes('GST (9%)'));
  const minus = [...row.querySelectorAll('button')].find((b) => b.textContent === '-')!;
  await click(minus);
  await click(minus);
  assert.is(cart.items.value[0].qty, 1, 'never below 1');
  const qty = row.querySelector<HTMLInputElement>('input.cart-qty')!;
  await typeInto(qty, '9');
  assert.is(cart.items.value[0].qty, 5, 'capped at the stock');
  assert.ok(messages().includes('Only 5 in stock for Runner Pro'));
  await typeInto(qty, '0');
  assert.equal(cart.items.value.map((i) => i.productId), [3], '0 removes the line');
  await click([...document.querySelectorAll('.cart-row button')].find((b) => b.textContent === 'Remove') as HTMLElement);
  assert.is(cart.items.value.length, 0);
  assert.is(button('Checkout').disabled, true);
});

test('Checkout opens the Complete Checkout modal', async () => {
  await render(<PosScreen />);
  await waitFor(() => document.querySelectorAll('.pos-card').length === 4);
  await click(card(2).querySelector('button')!);
  assert.is(button('Checkout').disabled, false);
  await click(button('Checkout'));
  assert.ok(document.querySelector('dialog[open]')?.textContent?.includes('Complete Checkout'));
});

test('a catalogue larger than one page is searched on the server (debounced) and Enter asks the server', async () => {
  mockFetch((call) => {
    const q = new URL(call.url, 'http://x').searchParams;
    if (call.url.startsWith('/api/products/facets')) return { status: 200, body: { categories: ['Running'], brands: ['Fleet'], sizes: ['42'], materials: [] } };
    if (call.url.startsWith('/api/products')) {
      const list = q.get('search') ? [products[2]] : products;
      return { status: 200, body: { products: list, count: 500, pagination: { page: 1, pageSize: 200, total: 500 } } };
    }
    return { status: 404, body: {} };
  });
  await render(<PosScreen />);
  await waitFor(() => document.querySelectorAll('.pos-card').length === 4);
  await waitFor(() => calls.some((c) => c.url.startsWith('/api/products/facets')));
  await waitFor(() => [...document.querySelectorAll('select')][0].querySelectorAll('option').length === 2);
  await typeInto(search(), 'cou');
  await typeInto(search(), 'court');
  await waitFor(() => document.querySelectorAll('.pos-card').length === 1, 3000);
  const searches = calls.filter((c) => c.url.includes('search='));
  assert.is(searches.length, 1, 'one request after typing stops');
  assert.match(searches[0].url, /search=court/);
  await typeInto(search(), 'RUN-4');
  await pressEnter(search());
  await waitFor(() => cart.items.value.length === 1);
  assert.ok(calls.some((c) => c.url.includes('search=RUN-4') && c.url.includes('pageSize=1')));
  assert.is(cart.items.value[0].productId, 3);
});

test.run();
