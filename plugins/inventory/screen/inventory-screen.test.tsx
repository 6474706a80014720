// happy-dom tests of the inventory screen: the product form's rules (tax percent sent as a fraction),
// the Add / Edit modals and their toasts, the table, filters, pager and delete confirmation.
import { act, button, calls, click, flush, mockFetch, render, text, typeInto, unmount, waitFor, type Call } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const rules = await import('./product-form-rules.js');
const { ProductEditor } = await import('./product-editor.js');
const { default: InventoryScreen } = await import('./inventory-screen.js');
const { toasts, clearToasts } = await import('../../../ui/toast.js');
type Product = import('./types.js').Product;

test.after.each(async () => {
  await unmount();
  clearToasts();
});

const toastTexts = () => toasts.value.map((t) => `${t.kind}: ${t.message}`);
const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const errorFor = (name: string) => document.querySelector(`[data-error-for="${name}"]`)?.textContent ?? null;
async function choose(el: HTMLSelectElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
async function fill(values: Record<string, string>) {
  for (const [k, v] of Object.entries(values)) await typeInto(input(k), v);
}
const submit = (label: string) => click(button(label));

const product = (over: Partial<Product> = {}): Product => ({
  id: 11, item_name: 'Desert Boot', sku: 'CL-DSB-UK8', size: 'UK 8', cost: 98, selling_price: 199, brand: 'Clarks', material: 'Suede',
  category: 'Boots', colour: null, barcode: null, style_id: 11, reorder_point: null, stock_qty: 4, tax_rate: 0.0725, image_url: null, images: [], created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z',
  ...over,
});

const valid = () => ({ ...rules.emptyProductForm(), item_name: 'Court Shoe', cost: '20', selling_price: '49.90', stock_qty: '5' });

test('rules: name, cost, selling price and stock are required and at least 0', () => {
  const e = rules.validateProductForm(rules.emptyProductForm());
  assert.equal(e, {
    item_name: 'Product name is required', cost: 'Cost is required', selling_price: 'Selling price is required', stock_qty: 'Stock quantity is required',
  });
  assert.equal(rules.validateProductForm(valid()), {});
  assert.is(rules.validateProductForm({ ...valid(), item_name: '   ' }).item_name, 'Product name is required');
  assert.is(rules.validateProductForm({ ...valid(), cost: '-1' }).cost, 'Cost must be at least 0');
  assert.is(rules.validateProductForm({ ...valid(), cost: '1.005' }).cost, 'Cost can have at most 2 decimal places');
  assert.is(rules.validateProductForm({ ...valid(), cost: 'abc' }).cost, 'Cost must be at least 0');
  assert.is(rules.validateProductForm({ ...valid(), selling_price: '-0.01' }).selling_price, 'Selling price must be at least 0');
  assert.is(rules.validateProductForm({ ...valid(), stock_qty: '-3' }).stock_qty, 'Stock quantity must be at least 0');
  assert.is(rules.validateProductForm({ ...valid(), stock_qty: '2.5' }).stock_qty, 'Stock quantity must be a whole number');
  assert.equal(rules.validateProductForm({ ...valid(), cost: '0', selling_price: '0', stock_qty: '0' }), {});
});

test('rules: tax rate is a percent 0..100 with 2 decimals; the body sends it as a fraction', () => {
  for (const bad of ['-0.01', '100.01', '250', 'x']) assert.is(rules.validateProductForm({ ...valid(), tax_rate: bad }).tax_rate, 'Tax rate must be between 0 and 100', bad);
  assert.is(rules.validateProductForm({ ...valid(), tax_rate: '7.255' }).tax_rate, 'Tax rate can have at most 2 decimal places');
  for (const ok of ['0', '9', '7.25', '100']) assert.equal(rules.validateProductForm({ ...valid(), tax_rate: ok }), {}, ok);
  assert.is(rules.productBody({ ...valid(), tax_rate: '9' }).tax_rate, 0.09);
  assert.is(rules.productBody({ ...valid(), tax_rate: '7.25' }).tax_rate, 0.0725);
  assert.is(rules.productBody({ ...valid(), tax_rate: '0' }).tax_rate, 0);
  assert.is(rules.productBody({ ...valid(), tax_rate: '100' }).tax_rate, 1);
  assert.is(rules.productBody({ ...valid(), tax_rate: '' }).tax_rate, 0.09);
  assert.is(rules.taxPercentText(0.0725), '7.25');
  assert.is(rules.taxPercentText(0.09), '9');
  assert.equal(rules.productBody({ ...valid(), sku: '  ', size: ' 42 ', brand: 'Bata' }), {
    item_name: 'Court Shoe', sku: null, size: '42', category: null, brand: 'Bata', material: null, cost: 20, selling_price: 49.9, stock_qty: 5, tax_rate: 0.09,
  });
});

test('Add Product: an empty form shows every required-field error and sends nothing', async () => {
  mockFetch(() => ({ status: 500 }));
  await render(<ProductEditor onClose={() => undefined} onSaved={() => undefined} />);
  assert.ok(text().includes('Add Product'));
  assert.is(input('tax_rate').value, '9', 'GST 9% by default');
  await submit('Add Product');
  assert.is(errorFor('item_name'), 'Product name is required');
  assert.is(errorFor('cost'), 'Cost is required');
  assert.is(errorFor('selling_price'), 'Selling price is required');
  assert.is(errorFor('stock_qty'), 'Stock quantity is required');
  await fill({ item_name: 'X' });
  assert.is(errorFor('item_name'), null, 'typing clears that field\'s error');
  assert.is(errorFor('cost'), 'Cost is required', 'other errors stay');
  await fill({ cost: '1', selling_price: '2', stock_qty: '1', tax_rate: '101' });
  await submit('Add Product');
  assert.is(errorFor('tax_rate'), 'Tax rate must be between 0 and 100');
  assert.is(calls.length, 0);
});

test('Add Product: sends the form with the tax percent as a fraction and toasts the success', async () => {
  let saved: Product | null = null;
  mockFetch((c) => ({ status: 201, body: { product: product({ id: 99, item_name: (c.body as { item_name: string }).item_name }) } }));
  await render(<ProductEditor onClose={() => undefined} onSaved={(p) => { saved = p; }} />);
  await fill({ item_name: 'Samba OG', sku: 'AD-SMB-42', size: '42', category: 'Sneakers', brand: 'Adidas', material: 'Suede', cost: '74', selling_price: '149.9', stock_qty: '6', tax_rate: '7.25' });
  await submit('Add Product');
  await waitFor(() => saved);
  assert.is(calls.length, 1);
  assert.is(calls[0].method, 'POST');
  assert.is(calls[0].url, '/api/products');
  assert.equal(calls[0].body, {
    item_name: 'Samba OG', sku: 'AD-SMB-42', size: '42', category: 'Sneakers', brand: 'Adidas', material: 'Suede', cost: 74, selling_price: 149.9, stock_qty: 6, tax_rate: 0.0725,
  });
  assert.equal(toastTexts(), ['success: Product Samba OG added successfully']);
});

test('Add Product failures: the server message when present (also under its field), else "Failed to add product"', async () => {
  mockFetch(() => ({ status: 409, body: { error: 'SKU AD-SMB-42 already exists', code: 'DUPLICATE_SKU', details: { field: 'sku' } } }));
  await render(<ProductEditor onClose={() => undefined} onSaved={() => undefined} />);
  await fill({ ...valid(), sku: 'AD-SMB-42' });
  await submit('Add Product');
  await waitFor(() => toasts.value.length);
  assert.equal(toastTexts(), ['error: SKU AD-SMB-42 already exists']);
  assert.is(errorFor('sku'), 'SKU AD-SMB-42 already exists');
  clearToasts();
  mockFetch(() => 'network-error');
  await submit('Add Product');
  await waitFor(() => toasts.value.length);
  assert.equal(toastTexts(), ['error: Failed to add product']);
});

test('Edit Product: filled from the product (tax as a percent), PATCHes, toasts; failures toast "Failed to update product"', async () => {
  let saved = 0;
  mockFetch((c) => ({ status: 200, body: { product: product({ ...(c.body as object) }) } }));
  await render(<ProductEditor product={product()} onClose={() => undefined} onSaved={() => { saved++; }} />);
  assert.ok(text().includes('Edit Product'));
  assert.is(input('item_name').value, 'Desert Boot');
  assert.is(input('tax_rate').value, '7.25');
  assert.is(input('cost').value, '98');
  await fill({ stock_qty: '9', tax_rate: '9' });
  await submit('Update Product');
  await waitFor(() => saved);
  assert.is(calls[0].method, 'PATCH');
  assert.is(calls[0].url, '/api/products/11');
  assert.is((calls[0].body as { tax_rate: number }).tax_rate, 0.09);
  assert.is((calls[0].body as { stock_qty: number }).stock_qty, 9);
  assert.equal(toastTexts(), ['success: Product Desert Boot updated successfully']);
  clearToasts();
  mockFetch(() => ({ status: 502 }));
  await submit('Update Product');
  await waitFor(() => toasts.value.length);
  assert.equal(toastTexts(), ['error: Failed to update product']);
});

/** A fake server for the whole screen: 120 products, 50 per page. */
function fakeServer(opts: { deleteFails?: boolean } = {}) {
  const all = Array.from({ length: 120 }, (_, i) => product({ id: i + 1, item_name: `Shoe ${String(i + 1).padStart(3, '0')}`, sku: `SH-${i + 1}`, stock_qty: i % 7, category: i % 2 ? 'Boots' : 'Sneakers' }));
  const deleted = new Set<number>();
  mockFetch((c: Call) => {
    const url = new URL(c.url, 'http://localhost');
    if (url.pathname === '/api/products/facets') return { status: 200, body: { categories: ['Boots', 'Sneakers'], brands: ['Clarks'], sizes: ['40', 'UK 8'], materials: [] } };
    if (c.method === 'DELETE') {
      if (opts.deleteFails) return { status: 500, body: { error: 'Internal server error', code: 'INTERNAL' } };
      deleted.add(Number(url.pathname.split('/').pop()));
      return { status: 200, body: { ok: true } };
    }
    const q = url.searchParams;
    const rows = all.filter((p) => !deleted.has(p.id) && (!q.get('category') || p.category === q.get('category')) && (!q.get('search') || p.item_name.includes(q.get('search')!)));
    const page = Number(q.get('page') ?? 1);
    const pageSize = Number(q.get('pageSize') ?? 50);
    return { status: 200, body: { products: rows.slice((page - 1) * pageSize, page * pageSize), count: rows.length, pagination: { page, pageSize, total: rows.length } } };
  });
}
const productCalls = () => calls.filter((c) => c.method === 'GET' && new URL(c.url, 'http://x').pathname === '/api/products').map((c) => new URL(c.url, 'http://x').searchParams);

test('screen: table columns, footer "Showing N of count products" and a working pager', async () => {
  fakeServer();
  await render(<InventoryScreen />);
  await waitFor(() => text().includes('Shoe 001'));
  const heads = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
  assert.equal(heads, ['Product', 'SKU', 'Category', 'Cost', 'Price', 'Stock', 'Actions']);
  assert.is(document.querySelectorAll('tbody tr').length, 50);
  const row = document.querySelector('tbody tr')!;
  assert.ok(row.textContent!.includes('SH-1'));
  assert.ok(row.textContent!.includes('$98.00'));
  assert.ok(row.textContent!.includes('$199.00'));
  assert.ok(text().includes('Showing 50 of 120 products'));
  assert.ok(text().includes('Page 1 of 3'));
  for (const label of ['+ Add Product', 'Clear Filters', 'Edit', 'Delete']) assert.is(button(label).tagName, 'BUTTON', label);
  await click(button('Next'));
  await waitFor(() => text().includes('Shoe 051'));
  assert.is(productCalls().at(-1)!.get('page'), '2');
  await click(button('Next'));
  await waitFor(() => text().includes('Showing 20 of 120 products'));
  assert.ok(text().includes('Page 3 of 3'));
  assert.ok(button('Next').disabled);
});

test('screen: filters come from facets, reset the page, and Clear Filters drops them', async () => {
  fakeServer();
  await render(<InventoryScreen />);
  await waitFor(() => text().includes('Shoe 001'));
  const category = document.querySelector<HTMLSelectElement>('select[aria-label="Categories"]')!;
  await waitFor(() => category.options.length === 3);
  assert.equal([...category.options].map((o) => o.textContent), ['All Categories', 'Boots', 'Sneakers']);
  assert.ok(document.querySelector('select[aria-label="Brands"]'));
  assert.equal([...document.querySelector<HTMLSelectElement>('select[aria-label="Sizes"]')!.options].map((o) => o.textContent), ['All Sizes', '40', 'UK 8']);
  await click(button('Next'));
  await waitFor(() => productCalls().at(-1)!.get('page') === '2');
  await choose(category, 'Boots');
  await waitFor(() => text().includes('Showing 50 of 60 products'));
  const last = productCalls().at(-1)!;
  assert.is(last.get('category'), 'Boots');
  assert.is(last.get('page'), '1');
  assert.not.ok(last.has('brand'), 'empty filters are not sent');
  await typeInto(document.querySelector<HTMLInputElement>('input[type="search"]')!, 'Shoe 11');
  await waitFor(() => productCalls().at(-1)!.get('search') === 'Shoe 11');
  await click(button('Clear Filters'));
  await waitFor(() => text().includes('Showing 50 of 120 products'));
  assert.is(category.value, '');
  assert.is(document.querySelector<HTMLInputElement>('input[type="search"]')!.value, '');
  const cleared = productCalls().at(-1)!;
  assert.not.ok(cleared.has('category'));
  assert.not.ok(cleared.has('search'));
});

test('screen: Delete asks first; yes deletes and toasts, no does nothing, a failure toasts "Failed to delete product"', async () => {
  const realConfirm = window.confirm;
  try {
    fakeServer();
    await render(<InventoryScreen />);
    await waitFor(() => text().includes('Shoe 001'));
    let asked = '';
    window.confirm = (m?: string) => { asked = m ?? ''; return false; };
    await click(button('Delete'));
    await flush(10);
    assert.ok(asked.includes('Shoe 001'));
    assert.is(calls.filter((c) => c.method === 'DELETE').length, 0);
    window.confirm = () => true;
    await click(button('Delete'));
    await waitFor(() => toasts.value.length);
    assert.equal(toastTexts(), ['success: Product Shoe 001 deleted successfully']);
    assert.is(calls.filter((c) => c.method === 'DELETE')[0].url, '/api/products/1');
    await waitFor(() => text().includes('Showing 50 of 119 products'));
    await unmount();
    clearToasts();
    fakeServer({ deleteFails: true });
    await render(<InventoryScreen />);
    await waitFor(() => text().includes('Shoe 001'));
    await click(button('Delete'));
    await waitFor(() => toasts.value.length);
    assert.equal(toastTexts(), ['error: Failed to delete product']);
  } finally {
    window.confirm = realConfirm;
  }
});

test('screen: + Add Product opens the Add modal; a save closes it and reloads the list', async () => {
  fakeServer();
  await render(<InventoryScreen />);
  await waitFor(() => text().includes('Shoe 001'));
  await click(button('+ Add Product'));
  assert.ok(document.querySelector('dialog'));
  assert.is(input('tax_rate').value, '9');
  mockFetch((c) => c.method === 'POST'
    ? { status: 201, body: { product: product({ id: 500, item_name: 'New Clog' }) } }
    : { status: 200, body: c.url.includes('facets') ? { categories: [], brands: [], sizes: [], materials: [] } : { products: [], count: 0, pagination: { page: 1, pageSize: 50, total: 0 } } });
  await fill({ item_name: 'New Clog', cost: '10', selling_price: '30', stock_qty: '2' });
  await submit('Add Product');
  await waitFor(() => !document.querySelector('dialog'));
  assert.equal(toastTexts(), ['success: Product New Clog added successfully']);
  // The list and the filter options are loaded again.
  await waitFor(() => text().includes('No products yet'));
  assert.ok(calls.some((c) => c.method === 'GET' && c.url.startsWith('/api/products?')));
  assert.ok(calls.some((c) => c.method === 'GET' && c.url === '/api/products/facets'));
});

test('screen: Edit opens the Edit modal filled from its row', async () => {
  fakeServer();
  await render(<InventoryScreen />);
  await waitFor(() => text().includes('Shoe 002'));
  await click(document.querySelectorAll<HTMLButtonElement>('tbody tr')[1].querySelector('button')!);
  assert.ok(document.querySelector('dialog')!.textContent!.includes('Edit Product'));
  assert.is(input('item_name').value, 'Shoe 002');
  assert.is(input('sku').value, 'SH-2');
  assert.is(input('tax_rate').value, '7.25');
  await click(button('Cancel'));
  assert.is(document.querySelector('dialog'), null);
});

test.run();
