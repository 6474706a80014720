// happy-dom tests of the purchasing size grids: a New Purchase Order typed on a style's grid (lines, cost from
// the sizes, a changed style cost, the body), and Receive Stock on grids (sizes not ordered disabled, a scanned
// SKU or barcode adds 1, an unknown code is named, the body).
import { act, button, calls, click, flush, mockFetch, render, typeInto, unmount, waitFor, type Call } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const { NewOrderModal } = await import('./new-order-modal.js');
const { ReceiveModal } = await import('./receive-modal.js');
const { scannedProduct } = await import('./receive-grids.js');
const { clearToasts } = await import('../../../ui/toast.js');
type PurchaseOrder = import('./types.js').PurchaseOrder;

test.after.each(async () => {
  await unmount();
  clearToasts();
});

const path = (c: Call) => new URL(c.url, 'http://x').pathname;
const cell = (label: string) => {
  const el = document.querySelector(`input[aria-label="${label}"]`);
  if (!el) throw new Error(`no cell ${label}`);
  return el as HTMLInputElement;
};
const key = (el: HTMLElement, k: string) =>
  act(async () => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  });
async function choose(el: HTMLSelectElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const SIZES = ['38', '39', '40', '41'];
const product = (i: number) => ({
  id: 40 + i,
  item_name: 'Court Shoe',
  sku: `CS-${SIZES[i]}`,
  size: SIZES[i]!,
  cost: i === 3 ? 22 : 20.5,
  selling_price: 49.9,
  brand: 'Bata',
  material: null,
  category: 'Shoes',
  colour: null,
  barcode: i === 2 ? '2000000000404' : null,
  style_id: 7,
  reorder_point: null,
  stock_qty: 2,
  tax_rate: 0.09,
  image_url: null,
  images: [],
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});
const style = {
  id: 7,
  item_name: 'Court Shoe',
  brand: 'Bata',
  category: 'Shoes',
  material: null,
  colour: null,
  cost: 20.5,
  selling_price: 49.9,
  tax_rate: 0.09,
  reorder_point: null,
  sku_prefix: 'CS',
  image_url: null,
  stock_qty: 8,
  products: SIZES.map((_, i) => product(i)),
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
const supplier = { id: 3, name: 'Bata Distributors', contact: null, phone: null, email: null, uen: null, created_at: '', updated_at: '' };

test('New Purchase Order on the grid: qty per size, each size its own cost, a changed style cost, the body', async () => {
  mockFetch((c) => {
    if (path(c) === '/api/styles') return { status: 200, body: { styles: [style], count: 1, pagination: {} } };
    if (path(c) === '/api/purchase-orders') return { status: 201, body: { purchase_order: { id: 1, number: 'PO-1' } } };
    return { status: 404, body: { error: 'no' } };
  });
  let created = 0;
  await render(<NewOrderModal suppliers={[supplier] as never} onClose={() => {}} onCreated={() => created++} />);
  await choose(document.querySelector('#po-supplier') as HTMLSelectElement, '3');
  const search = document.querySelector('#po-style-search') as HTMLInputElement;
  await typeInto(search, 'court');
  await waitFor(() => document.querySelector('.pick-search-matches button'));
  await key(search, 'Enter');
  assert.equal(
    [...document.querySelectorAll('.size-matrix thead th')].map((th) => th.textContent),
    ['Size', '38', '39', '40', '41', 'Total'],
  );
  assert.is(document.activeElement, cell('Court Shoe size 38'), 'the cursor goes to the first cell of the style added');
  await typeInto(cell('Court Shoe size 38'), '2');
  await key(cell('Court Shoe size 38'), 'Enter');
  assert.is(document.activeElement, cell('Court Shoe size 39'));
  await typeInto(cell('Court Shoe size 39'), '3');
  await typeInto(cell('Court Shoe size 41'), '1');
  await typeInto(cell('Court Shoe size 39'), ''); // blank drops the line
  await typeInto(cell('Court Shoe size 39'), '4');
  assert.is(document.querySelector('[data-grand-total]')!.textContent, '7');
  await click(button('Create Purchase Order'));
  await flush();
  const post = calls.find((c) => c.method === 'POST')!;
  assert.equal(post.body, {
    supplier_id: 3,
    lines: [
      { product_id: 40, qty: 2, unit_cost: 20.5 },
      { product_id: 43, qty: 1, unit_cost: 22 },
      { product_id: 41, qty: 4, unit_cost: 20.5 },
    ],
  });
  assert.is(created, 1);
  // A changed style cost goes to every size of the style.
  await typeInto(cell('Unit cost of Court Shoe, all sizes'), '19');
  calls.length = 0;
  await click(button('Create Purchase Order'));
  await flush();
  assert.equal(
    (calls.find((c) => c.method === 'POST')!.body as { lines: { unit_cost: number }[] }).lines.map((l) => l.unit_cost),
    [19, 19, 19],
  );
});

const line = (i: number, ordered: number, received = 0) => ({
  id: i + 1,
  product_id: 40 + i,
  sku: `CS-${SIZES[i]}`,
  item_name: 'Court Shoe',
  size: SIZES[i]!,
  qty_ordered: ordered,
  qty_received: received,
  unit_cost: 20.5,
  line_total: 20.5 * ordered,
});
const order = { id: 9, number: 'PO-9', status: 'OPEN', supplier, lines: [line(0, 2), line(2, 3, 1)] } as unknown as PurchaseOrder;

test('Receive Stock on the grid: sizes not ordered disabled, Clear Counts, typed and scanned (SKU and barcode), the body', async () => {
  mockFetch((c) => {
    if (path(c).startsWith('/api/products/')) return { status: 200, body: { product: product(Number(path(c).split('/').pop()) - 40) } };
    if (path(c) === '/api/styles/7') return { status: 200, body: { style } };
    if (path(c) === '/api/purchase-orders/9/receive') return { status: 200, body: { purchase_order: order, receipt: {} } };
    return { status: 404, body: { error: 'no' } };
  });
  await render(<ReceiveModal order={order} onClose={() => {}} onReceived={() => {}} />);
  await waitFor(() => document.querySelector('.size-matrix'));
  assert.is(calls.filter((c) => c.method === 'GET').length, 2, 'one product read and one style read');
  assert.ok(cell('Court Shoe size 39').disabled, 'not on the order');
  assert.is(cell('Court Shoe (38)').value, '2'); // prefilled with the outstanding units
  assert.is(cell('Court Shoe (40)').value, '2');
  await click(button('Clear Counts'));
  assert.is(cell('Court Shoe (38)').value, '');
  await typeInto(cell('Court Shoe (38)'), '1');
  const scan = document.querySelector('#receive-scan') as HTMLInputElement;
  for (const code of ['cs-40', '2000000000404', 'CS-39']) {
    await typeInto(scan, code);
    await key(scan, 'Enter');
  }
  assert.is(cell('Court Shoe (40)').value, '2');
  assert.match(document.querySelector('.receive-grids [role="status"]')!.textContent!, /Not on this order: CS-39/);
  assert.is(document.querySelector('[data-grand-total]')!.textContent, '3');
  await click(button('Receive Stock'));
  await flush();
  assert.equal(calls.find((c) => c.method === 'POST')!.body, {
    lines: [
      { product_id: 40, qty: 1 },
      { product_id: 42, qty: 2 },
    ],
  });
});

test('scannedProduct: barcode first, then SKU in any case; only products on the order', () => {
  const ids = new Set([40, 42]);
  assert.is(scannedProduct([style] as never, ids, '2000000000404')?.id, 42);
  assert.is(scannedProduct([style] as never, ids, 'cs-38')?.id, 40);
  assert.is(scannedProduct([style] as never, ids, 'CS-39'), null);
  assert.is(scannedProduct([style] as never, ids, ' '), null);
});

test.run();
