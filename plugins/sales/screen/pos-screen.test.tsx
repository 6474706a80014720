// happy-dom tests of the POS screen: one card per style (GET /api/styles) with its sizes as the SPEC's Add buttons
// and their stock, Out of Stock, filters from GET /api/products/facets, Enter in the search (an exact barcode/SKU adds
// that size), the cart rows and summary ('GST (9%)', Checkout state), the sale-complete panel with CHANGE DUE and
// the cards' stock taken from the checkout reply.
import { $, button, calls, click, flush, mockFetch, render, text, typeInto, unmount, waitFor, act } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toasts, clearToasts } from '../../../ui/toast.js';
import { setShopConfig } from '../../../ui/shop-config.js';
import PosScreen from './pos-screen.js';
import { cart } from './cart-store.js';
import { filterProducts, NO_FILTERS, productThumb, styleThumb } from './product-filter.js';
import type { CheckoutReply, PosProduct, Style } from './types.js';

type Size = PosProduct & { style_id: number };
const p = (id: number, styleId: number, over: Partial<PosProduct>): Size => ({
  id,
  style_id: styleId,
  item_name: `Shoe ${id}`,
  sku: `SKU-${id}`,
  size: '42',
  cost: 10,
  selling_price: 10,
  brand: 'Fleet',
  material: 'Mesh',
  category: 'Running',
  colour: null,
  barcode: null,
  stock_qty: 5,
  image_url: null,
  images: [],
  ...over,
});

const runner42 = p(1, 10, {
  item_name: 'Runner Pro',
  sku: 'RUN-42',
  size: '42',
  selling_price: 19.99,
  colour: 'Black',
  images: [
    { id: 1, url: '/media/a.jpg', thumbUrl: '/media/a-thumb.jpg', alt: null, isPrimary: false },
    { id: 2, url: '/media/b.jpg', thumbUrl: '/media/b-thumb.jpg', alt: null, isPrimary: true },
  ],
});
const runner43 = p(2, 10, {
  item_name: 'Runner Pro',
  sku: 'RUN-43',
  size: '43',
  selling_price: 19.99,
  colour: 'Black',
  stock_qty: 3,
  barcode: '4006381333931',
  image_url: '/media/c.jpg',
});
const court40 = p(3, 20, {
  item_name: 'Court Classic',
  sku: 'CRT-40',
  size: '40',
  selling_price: 45.5,
  brand: 'Acme',
  category: 'Tennis',
  material: 'Leather',
});
const slide38 = p(4, 30, {
  item_name: 'Sold Out Slide',
  sku: 'SLD-38',
  size: '38',
  selling_price: 9.9,
  brand: 'Acme',
  category: 'Sandals',
  material: 'Rubber',
  stock_qty: 0,
});
const slide39 = p(5, 30, {
  item_name: 'Sold Out Slide',
  sku: 'SLD-39',
  size: '39',
  selling_price: 9.9,
  brand: 'Acme',
  category: 'Sandals',
  material: 'Rubber',
  stock_qty: 2,
});
const products: Size[] = [runner42, runner43, court40, slide38, slide39];

const style = (id: number, sizes: Size[], over: Partial<Style> = {}): Style => {
  const first = sizes[0];
  return {
    id,
    item_name: first.item_name,
    brand: first.brand,
    category: first.category,
    material: first.material,
    colour: first.colour ?? null,
    cost: first.cost ?? 0,
    selling_price: first.selling_price,
    tax_rate: 0.09,
    reorder_point: null,
    sku_prefix: null,
    image_url: null,
    stock_qty: sizes.reduce((n, s) => n + s.stock_qty, 0),
    products: sizes as unknown as Style['products'],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...over,
  };
};
const styles: Style[] = [style(10, [runner42, runner43], { image_url: '/media/b-thumb.jpg' }), style(20, [court40]), style(30, [slide38, slide39])];
const facets = { categories: ['Running', 'Sandals', 'Tennis'], brands: ['Acme', 'Fleet'], sizes: ['38', '39', '40', '42', '43'], materials: [] };

/** What POST /api/checkout answers for a cash sale of `total` with `tendered` handed over. */
function checkoutReply(total: number, tendered: number, stock: { product_id: number; stock_qty: number }[]): CheckoutReply {
  const invoice = {
    id: 41,
    number: 'INV-20260101-0007',
    date: '2026-01-01T10:00:00.000Z',
    business_date: '2026-01-01',
    due_date: null,
    payment_status: 'PAID',
    payment_method: 'CASH',
    customer: null,
    subtotal: total,
    discount_total: 0,
    invoice_discount: 0,
    invoice_discount_percent: 0,
    tax_rate: 0.09,
    tax_total: 0,
    grand_total: total,
    amount_paid: total,
    outstanding: 0,
    tendered,
    change: Math.round((tendered - total) * 100) / 100,
    created_by: 'staff',
    void_reason: null,
    voided_at: null,
    items: [],
    payments: [],
    refunds: [],
    amount_refunded: 0,
  };
  return { invoiceId: 41, number: 'INV-20260101-0007', invoice: invoice as unknown as CheckoutReply['invoice'], stock };
}

let opened: string[] = [];
window.open = ((url?: string | URL) => {
  opened.push(String(url));
  return {} as Window;
}) as typeof window.open;

const messages = () => toasts.value.map((t) => t.message);
const search = () => $<HTMLInputElement>('input[type="search"]');
const card = (styleId: number) => $(`.pos-card[data-style-id="${styleId}"]`);
const cards = () => [...document.querySelectorAll('.pos-card')].map((c) => c.getAttribute('data-style-id'));
/** A size button by its accessible name (the SPEC's Add button). */
const sizeButton = (name: string) => {
  const b = [...document.querySelectorAll<HTMLButtonElement>('button.size-btn')].find((x) => x.getAttribute('aria-label') === name);
  if (!b) throw new Error(`no size button "${name}"`);
  return b;
};
const loaded = () => waitFor(() => document.querySelectorAll('.pos-card').length === 3);

async function pressEnter(el: HTMLInputElement) {
  await act(async () => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  });
  await flush(10);
}

test.before.each(() => {
  clearToasts();
  cart.clear();
  opened = [];
  mockFetch((call) => {
    if (call.url.startsWith('/api/products/facets')) return { status: 200, body: facets };
    if (call.url.startsWith('/api/styles'))
      return { status: 200, body: { styles, count: styles.length, pagination: { page: 1, pageSize: 200, total: styles.length } } };
    if (call.url === '/api/checkout') return { status: 201, body: checkoutReply(21.79, 50, [{ product_id: 1, stock_qty: 4 }]) };
    // The shop has a LAN receipt printer: the till asks the server to print (#16.5).
    if (call.url === '/api/settings') return { status: 200, body: { settings: { receipt_printer: '10.0.0.9:9100' } } };
    if (/^\/api\/invoices\/\d+\/print$/.test(call.url)) return { status: 200, body: { printed: true, printer: '10.0.0.9:9100', drawer_opened: true } };
    return { status: 404, body: { error: 'not found' } };
  });
});
test.after.each(async () => {
  await unmount();
});

test('pure filter: every term must match; an exact SKU or barcode leads; the primary thumbnail is shown', () => {
  assert.equal(
    filterProducts(products, { ...NO_FILTERS, search: 'runner 43' }).map((x) => x.id),
    [2],
  );
  assert.equal(
    filterProducts(products, { ...NO_FILTERS, search: 'crt-40' }).map((x) => x.id),
    [3],
  );
  assert.equal(
    filterProducts(products, { ...NO_FILTERS, search: 'run-43' }).map((x) => x.id),
    [2],
  );
  assert.equal(
    filterProducts(products, { ...NO_FILTERS, brand: 'Acme' }).map((x) => x.id),
    [3, 4, 5],
  );
  assert.equal(
    filterProducts(products, { ...NO_FILTERS, search: '4006381333931' }).map((x) => x.id),
    [2],
  );
  assert.is(productThumb(runner42), '/media/b-thumb.jpg');
  assert.is(productThumb(runner43), '/media/c.jpg');
  assert.is(productThumb(court40), null);
  // A style card shows its primary photo's thumbnail (the style's photos, listed on every size), else image_url.
  assert.is(styleThumb({ image_url: '/media/b.jpg', products: [court40, runner42] }), '/media/b-thumb.jpg');
  assert.is(styleThumb({ image_url: '/media/own.jpg', products: [court40] }), '/media/own.jpg');
  assert.is(styleThumb({ image_url: null, products: [court40] }), null);
});

test('one card per style with its sizes as Add buttons and their stock; the SPEC texts; filters from the facets', async () => {
  await render(<PosScreen />);
  await loaded();
  assert.equal(cards(), ['10', '20', '30'], 'one card per style, not one per size');
  const styleCalls = calls.filter((c) => c.url.startsWith('/api/styles'));
  assert.is(styleCalls.length, 1, 'the catalogue loads once');
  assert.match(styleCalls[0].url, /pageSize=200/);
  assert.ok(
    calls.some((c) => c.url === '/api/auth/config'),
    'the GST rate is refreshed from the server',
  );
  assert.is(search().placeholder, 'Scan or search products…');

  // The SPEC's product details: image, name, size, brand, material, stock and price.
  const c1 = card(10).textContent ?? '';
  for (const part of ['Runner Pro', 'Fleet', 'Black', 'Mesh', '$21.79', 'before GST $19.99', '42', 'Stock: 5', '43', 'Stock: 3'])
    assert.ok(c1.includes(part), part);
  // #17.3: the GST-inclusive price is the prominent one.
  assert.is(card(10).querySelector('.pos-price')?.textContent, '$21.79');
  assert.is(card(10).querySelector('img')?.getAttribute('src'), '/media/b-thumb.jpg');
  assert.ok(card(20).querySelector('svg'), 'placeholder picture');
  assert.equal(
    [...card(10).querySelectorAll('button.size-btn')].map((b) => b.getAttribute('aria-label')),
    ['Add to cart: Runner Pro 42', 'Add to cart: Runner Pro 43'],
  );
  const b42 = sizeButton('Add to cart: Runner Pro 42');
  assert.is(b42.textContent, '42Stock: 5');
  assert.is(b42.disabled, false);

  // A sold-out size is disabled and reads 'Out of Stock'; its style's other sizes still sell.
  const soldOut = sizeButton('Add to cart: Sold Out Slide 38, Out of Stock');
  assert.is(soldOut.disabled, true);
  assert.ok(soldOut.textContent?.includes('Out of Stock'));
  assert.is(sizeButton('Add to cart: Sold Out Slide 39').disabled, false);

  await waitFor(() => calls.some((c) => c.url.startsWith('/api/products/facets')));
  await waitFor(() => document.querySelectorAll('select')[0].querySelectorAll('option').length === 4);
  const selects = [...document.querySelectorAll('select')].map((s) => [...s.options].map((o) => o.value).join(','));
  assert.equal(selects, [',Running,Sandals,Tennis', ',Acme,Fleet', ',38,39,40,42,43']);

  // The cart starts empty and cannot check out.
  assert.ok(text().includes('Cart is empty'));
  assert.ok(text().includes('GST (9%)'));
  assert.is(button('Checkout').disabled, true);
});

test('filters and search narrow the cards (and the sizes shown) without asking the server', async () => {
  await render(<PosScreen />);
  await loaded();
  await waitFor(() => document.querySelectorAll('select')[1].querySelectorAll('option').length === 3);
  const brand = document.querySelectorAll('select')[1] as HTMLSelectElement;
  await act(async () => {
    brand.value = 'Acme';
    brand.dispatchEvent(new Event('change', { bubbles: true }));
  });
  assert.equal(cards(), ['20', '30']);
  await typeInto(search(), 'court');
  assert.equal(cards(), ['20']);
  await act(async () => {
    brand.value = '';
    brand.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await typeInto(search(), 'runner 43');
  assert.equal(cards(), ['10']);
  assert.equal(
    [...card(10).querySelectorAll('button.size-btn')].map((b) => b.getAttribute('aria-label')),
    ['Add to cart: Runner Pro 43'],
  );
  assert.is(calls.filter((c) => c.url.startsWith('/api/styles')).length, 1);
});

test('tapping a size adds that size; a sold-out size adds nothing', async () => {
  await render(<PosScreen />);
  await loaded();
  await click(sizeButton('Add to cart: Runner Pro 43'));
  assert.equal(
    cart.items.value.map((i) => [i.productId, i.size, i.qty]),
    [[2, '43', 1]],
  );
  assert.ok(messages().includes('Runner Pro added to cart'));
  await click(sizeButton('Add to cart: Runner Pro 43'));
  await click(sizeButton('Add to cart: Runner Pro 42'));
  assert.equal(
    cart.items.value.map((i) => [i.productId, i.qty]),
    [
      [2, 2],
      [1, 1],
    ],
  );
  await click(sizeButton('Add to cart: Sold Out Slide 38, Out of Stock'));
  assert.equal(
    cart.items.value.map((i) => i.productId),
    [2, 1],
    'a disabled size adds nothing',
  );
  assert.is(button('Checkout').disabled, false);
});

test('Enter in the search: an exact barcode or SKU adds that size, else the first result; the search clears', async () => {
  await render(<PosScreen />);
  await loaded();
  await typeInto(search(), '4006381333931');
  await pressEnter(search());
  assert.is(search().value, '');
  assert.equal(
    cart.items.value.map((i) => [i.productId, i.qty]),
    [[2, 1]],
    "the barcode picks size 43, not the style's first size",
  );
  await typeInto(search(), 'CRT-40');
  await pressEnter(search());
  assert.equal(
    cart.items.value.map((i) => [i.productId, i.qty]),
    [
      [2, 1],
      [3, 1],
    ],
  );
  assert.ok(messages().includes('Court Classic added to cart'));
  await typeInto(search(), 'runner');
  await pressEnter(search());
  assert.equal(
    cart.items.value.map((i) => [i.productId, i.qty]),
    [
      [2, 1],
      [3, 1],
      [1, 1],
    ],
  );
  await typeInto(search(), 'NOPE-1');
  await pressEnter(search());
  assert.ok(messages().includes('No product found for "NOPE-1"'));
  assert.is(cart.items.value.length, 3);
});

test('cart rows and summary: plus, minus, typed quantity, remove, totals with GST (9%)', async () => {
  await render(<PosScreen />);
  await loaded();
  await click(sizeButton('Add to cart: Runner Pro 42'));
  await click(sizeButton('Add to cart: Runner Pro 42'));
  await click(sizeButton('Add to cart: Court Classic 40'));
  const row = $('.cart-row[data-product-id="1"]');
  assert.ok(row.textContent?.includes('RUN-42'));
  assert.ok(row.textContent?.includes('$19.99'));
  assert.is(row.querySelector('.cart-unit strong')?.textContent, '$21.79', 'the unit price with GST, before-GST beside it');
  assert.ok(row.textContent?.includes('before GST $19.99'));
  assert.ok(row.textContent?.includes('$39.98'));
  assert.is($('[data-testid="cart-subtotal"]').textContent, '$85.48');
  assert.is($('[data-testid="cart-gst"]').textContent, '$7.69'); // 769.32c
  assert.is($('[data-testid="cart-total"]').textContent, '$93.17');
  assert.ok(text().includes('GST (9%)'));
  const minus = row.querySelector<HTMLButtonElement>('button[aria-label="Decrease quantity of Runner Pro"]')!;
  await click(minus);
  await click(minus);
  assert.is(cart.items.value[0].qty, 1, 'never below 1');
  await click(row.querySelector<HTMLButtonElement>('button[aria-label="Increase quantity of Runner Pro"]')!);
  assert.is(cart.items.value[0].qty, 2);
  const qty = row.querySelector<HTMLInputElement>('input.cart-qty')!;
  await typeInto(qty, '9');
  assert.is(cart.items.value[0].qty, 5, 'capped at the stock');
  assert.ok(messages().includes('Only 5 in stock for Runner Pro'));
  await typeInto(qty, '0');
  assert.equal(
    cart.items.value.map((i) => i.productId),
    [3],
    '0 removes the line',
  );
  await click($('.cart-row button[aria-label="Remove Court Classic"]'));
  assert.is(cart.items.value.length, 0);
  assert.ok(text().includes('Cart is empty'));
  assert.is(button('Checkout').disabled, true);
});

test('GST-inclusive prices (#17.3): cards and cart show the stored price, the total includes the GST, checkout says which mode it priced', async () => {
  setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09, pricesIncludeGst: true });
  try {
    await render(<PosScreen />);
    await loaded();
    assert.is(card(10).querySelector('.pos-price')?.textContent, '$19.99');
    assert.not.ok(card(10).textContent?.includes('before GST'));
    await click(sizeButton('Add to cart: Runner Pro 42'));
    await click(sizeButton('Add to cart: Court Classic 40'));
    // 19.99 + 45.50 = 65.49; GST inside = 65.49 x 9/109 = 5.407 -> 5.41.
    assert.is($('[data-testid="cart-subtotal"]').textContent, '$65.49');
    assert.is($('[data-testid="cart-total"]').textContent, '$65.49');
    assert.is($('[data-testid="cart-gst"]').textContent, 'Total includes GST 9% of $5.41');
    assert.not.ok(text().includes('GST (9%)'));
    await click(button('Checkout'));
    assert.is($('[data-testid="checkout-total"]').textContent, '$65.49');
    assert.is($('[data-testid="checkout-gst"]').textContent, 'Total includes GST 9% of $5.41');
    // Complete goes once the cart's quote lands (#28; this server has none: the till's own totals stand).
    await click(button('Complete Checkout'));
    await waitFor(() => calls.some((c) => c.url === '/api/checkout'));
    const sent = calls.find((c) => c.url === '/api/checkout');
    assert.ok(sent, 'checkout sent');
    assert.is((sent!.body as { pricesIncludeGst?: boolean }).pricesIncludeGst, true);
  } finally {
    setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09 });
  }
});

test('Checkout opens Complete Checkout; the sale-complete panel shows CHANGE DUE, prints the receipt, stock follows the reply', async () => {
  await render(<PosScreen />);
  await loaded();
  await click(sizeButton('Add to cart: Runner Pro 42'));
  assert.is(button('Checkout').disabled, false);
  await click(button('Checkout'));
  const dialog = () => document.querySelector('dialog[open]');
  assert.ok(dialog()?.textContent?.includes('Complete Checkout'));
  assert.ok(dialog()?.textContent?.includes('GST (9%)'));
  await typeInto($<HTMLInputElement>('dialog[open] .cash-box input'), '50');
  assert.is($('[data-testid="checkout-change"]').textContent, '$28.21');
  await click(button('Complete Checkout'));
  await waitFor(() => document.querySelector('[data-testid="sale-complete"]'));

  const checkout = calls.find((c) => c.url === '/api/checkout')!;
  assert.ok(checkout, 'the sale was sent');
  assert.equal(
    (checkout.body as { items: { productId: number }[] }).items.map((i) => i.productId),
    [1],
  );
  assert.ok(messages().some((m) => /^Checkout successful! Invoice #INV-20260101-0007$/.test(m)));
  const panel = dialog()!;
  assert.ok(panel.textContent?.includes('Sale complete'));
  assert.is($('[data-testid="sale-number"]').textContent, 'INV-20260101-0007');
  assert.is($('[data-testid="sale-total"]').textContent, '$21.79');
  assert.is($('[data-testid="sale-tendered"]').textContent, '$50.00');
  assert.ok(panel.textContent?.includes('CHANGE DUE'));
  assert.is($('[data-testid="sale-change"]').textContent, '$28.21');
  // The receipt prints once by itself on the shop's printer (no tab leaves the till); 'Print receipt' prints it again.
  const prints = () => calls.filter((c) => c.method === 'POST' && c.url === '/api/invoices/41/print');
  await waitFor(() => prints().length === 1);
  assert.equal(opened, []);
  await waitFor(() => messages().includes('Receipt sent to the printer; cash drawer opened'));
  await click(button('Print receipt'));
  await waitFor(() => prints().length === 2);
  assert.is(document.activeElement, button('New sale'), 'Enter starts the next sale');
  assert.is(cart.items.value.length, 0);

  // The card shows the stock the checkout reply reported, without reloading the catalogue.
  assert.is(sizeButton('Add to cart: Runner Pro 42').textContent, '42Stock: 4');
  assert.is(calls.filter((c) => c.url.startsWith('/api/styles')).length, 1);

  await click(button('New sale'));
  assert.is(document.querySelector('[data-testid="sale-complete"]'), null);
  await flush(10);
  assert.is(document.activeElement, search(), 'ready for the next scan');
});

test('a catalogue larger than one page is searched on the server (debounced); Enter asks the server for an exact code', async () => {
  mockFetch((call) => {
    const q = new URL(call.url, 'http://x').searchParams;
    if (call.url.startsWith('/api/products/facets')) return { status: 200, body: { categories: ['Running'], brands: ['Fleet'], sizes: ['42'], materials: [] } };
    if (call.url.startsWith('/api/styles')) {
      const list = q.get('search') ? [styles[1]] : styles;
      return { status: 200, body: { styles: list, count: 500, pagination: { page: 1, pageSize: 200, total: 500 } } };
    }
    if (call.url.startsWith('/api/products')) {
      const far = p(99, 99, { item_name: 'Far Away', sku: 'FAR-1', size: '44' });
      return { status: 200, body: { products: q.get('sku') === 'FAR-1' ? [far] : [], count: 0, pagination: { page: 1, pageSize: 1, total: 0 } } };
    }
    return { status: 404, body: {} };
  });
  await render(<PosScreen />);
  await loaded();
  await waitFor(() => document.querySelectorAll('select')[0].querySelectorAll('option').length === 2);
  // #27: opening sends each request once; nothing typed is the first page already loaded, not asked for again.
  await new Promise((r) => setTimeout(r, 400));
  await flush(5);
  assert.equal(
    calls.filter((c) => c.url.startsWith('/api/styles')).map((c) => c.url),
    ['/api/styles?pageSize=200'],
  );
  assert.is(calls.filter((c) => c.url.startsWith('/api/products/facets')).length, 1);
  assert.is(document.querySelectorAll('.pos-card').length, 3, 'the first page shows');
  await typeInto(search(), 'cou');
  await typeInto(search(), 'court');
  await waitFor(() => document.querySelectorAll('.pos-card').length === 1, 3000);
  const searches = calls.filter((c) => c.url.startsWith('/api/styles') && c.url.includes('search='));
  assert.is(searches.length, 1, 'one request after typing stops');
  assert.match(searches[0].url, /search=court/);
  await typeInto(search(), 'FAR-1');
  await pressEnter(search());
  await waitFor(() => cart.items.value.length === 1);
  assert.ok(calls.some((c) => c.url.startsWith('/api/products?') && c.url.includes('barcode=FAR-1') && c.url.includes('pageSize=1')));
  assert.ok(calls.some((c) => c.url.startsWith('/api/products?') && c.url.includes('sku=FAR-1')));
  assert.is(cart.items.value[0].productId, 99);
  // Cleared: the first page again, from memory.
  await typeInto(search(), '');
  await waitFor(() => document.querySelectorAll('.pos-card').length === 3);
  assert.is(calls.filter((c) => c.url === '/api/styles?pageSize=200').length, 1);
});

test('a scan before the catalogue has loaded asks the server instead of saying no product found', async () => {
  let release = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  mockFetch(async (call) => {
    const q = new URL(call.url, 'http://x').searchParams;
    if (call.url.startsWith('/api/products/facets')) return { status: 200, body: facets };
    if (call.url.startsWith('/api/styles')) {
      await gate;
      return { status: 200, body: { styles, count: styles.length, pagination: { page: 1, pageSize: 200, total: styles.length } } };
    }
    if (call.url.startsWith('/api/products?')) {
      return { status: 200, body: { products: q.get('sku') === 'CRT-40' ? [court40] : [], count: 0, pagination: { page: 1, pageSize: 1, total: 0 } } };
    }
    return { status: 404, body: {} };
  });
  await render(<PosScreen />);
  assert.is(document.querySelectorAll('.pos-card').length, 0, 'still loading');
  await typeInto(search(), 'CRT-40');
  await pressEnter(search());
  await waitFor(() => cart.items.value.length === 1);
  assert.is(cart.items.value[0].productId, 3);
  assert.not.ok(messages().some((m) => m.startsWith('No product found')));
  release();
  await loaded();
});

test.run();
