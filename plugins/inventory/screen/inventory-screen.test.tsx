// happy-dom tests of the inventory screen: the product form's rules (tax percent sent as a fraction),
// the Add / Edit modals and their toasts, the table, filters, pager and delete confirmation; the style view
// (size runs, Add Style, grid, expand, Adjust Stock, History). The low-stock badge in its head is purchasing's
// (plugins/purchasing/screen/low-stock-badge.test.tsx).
import { act, button, calls, click, flush, mockFetch, render, setPath, text, typeInto, unmount, waitFor, type Call } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const rules = await import('./product-form-rules.js');
const { ProductEditor } = await import('./product-editor.js');
const { default: InventoryScreen } = await import('./inventory-screen.js');
const { toasts, clearToasts } = await import('../../../ui/toast.js');
const sizeRuns = await import('../size-runs.js');
const styleRules = await import('./style-form-rules.js');
const { AddStyleModal } = await import('./add-style-modal.js');
type Product = import('./types.js').Product;
type Style = import('./types.js').Style;

test.after.each(async () => {
  await unmount();
  clearToasts();
  setPath('/inventory');
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
  id: 11,
  item_name: 'Desert Boot',
  sku: 'CL-DSB-UK8',
  size: 'UK 8',
  cost: 98,
  selling_price: 199,
  brand: 'Clarks',
  material: 'Suede',
  category: 'Boots',
  colour: null,
  barcode: null,
  style_id: 11,
  reorder_point: null,
  stock_qty: 4,
  tax_rate: 0.0725,
  image_url: null,
  images: [],
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  ...over,
});

const valid = () => ({ ...rules.emptyProductForm(), item_name: 'Court Shoe', cost: '20', selling_price: '49.90', stock_qty: '5' });

test('rules: name, cost, selling price and stock are required and at least 0', () => {
  const e = rules.validateProductForm(rules.emptyProductForm());
  assert.equal(e, {
    item_name: 'Product name is required',
    cost: 'Cost is required',
    selling_price: 'Selling price is required',
    stock_qty: 'Stock quantity is required',
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
  for (const bad of ['-0.01', '100.01', '250', 'x'])
    assert.is(rules.validateProductForm({ ...valid(), tax_rate: bad }).tax_rate, 'Tax rate must be between 0 and 100', bad);
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
    item_name: 'Court Shoe',
    sku: null,
    size: '42',
    category: null,
    brand: 'Bata',
    material: null,
    cost: 20,
    selling_price: 49.9,
    stock_qty: 5,
    tax_rate: 0.09,
    colour: null,
    barcode: null,
    reorder_point: null,
  });
});

test("rules: a size's own colour, barcode and reorder point (blank = the style's)", () => {
  for (const bad of ['-1', '1.5', 'x']) assert.ok(rules.validateProductForm({ ...valid(), reorder_point: bad }).reorder_point, bad);
  for (const ok of ['', '0', '4']) assert.equal(rules.validateProductForm({ ...valid(), reorder_point: ok }), {}, ok);
  const body = rules.productBody({ ...valid(), colour: ' Black ', barcode: '4006381333931', reorder_point: '4' });
  assert.equal([body.colour, body.barcode, body.reorder_point], ['Black', '4006381333931', 4]);
  assert.is(rules.productBody({ ...valid(), reorder_point: ' ' }).reorder_point, null);
});

test('the Selling Price label says which mode prices are in (#17.3), and asks the server nothing', async () => {
  const { setShopConfig } = await import('../../../ui/shop-config.js');
  mockFetch(() => ({ status: 500 }));
  const label = () => document.querySelector('label[for="product-selling_price"]')?.textContent ?? '';
  try {
    setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09, pricesIncludeGst: false });
    await render(<ProductEditor onClose={() => undefined} onSaved={() => undefined} />);
    assert.match(label(), 'Selling Price ($) * (before GST)');
    await unmount();
    setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09, pricesIncludeGst: true });
    await render(<ProductEditor onClose={() => undefined} onSaved={() => undefined} />);
    assert.match(label(), 'Selling Price ($) * (including GST)');
    assert.is(calls.length, 0);
  } finally {
    setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09 });
  }
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
  assert.is(errorFor('item_name'), null, "typing clears that field's error");
  assert.is(errorFor('cost'), 'Cost is required', 'other errors stay');
  await fill({ cost: '1', selling_price: '2', stock_qty: '1', tax_rate: '101' });
  await submit('Add Product');
  assert.is(errorFor('tax_rate'), 'Tax rate must be between 0 and 100');
  assert.is(calls.length, 0);
});

test('Add Product: sends the form with the tax percent as a fraction and toasts the success', async () => {
  let saved: Product | null = null;
  mockFetch((c) => ({ status: 201, body: { product: product({ id: 99, item_name: (c.body as { item_name: string }).item_name }) } }));
  await render(
    <ProductEditor
      onClose={() => undefined}
      onSaved={(p) => {
        saved = p;
      }}
    />,
  );
  await fill({
    item_name: 'Samba OG',
    sku: 'AD-SMB-42',
    size: '42',
    category: 'Sneakers',
    brand: 'Adidas',
    material: 'Suede',
    cost: '74',
    selling_price: '149.9',
    stock_qty: '6',
    tax_rate: '7.25',
  });
  await submit('Add Product');
  await waitFor(() => saved);
  assert.is(calls.length, 1);
  assert.is(calls[0].method, 'POST');
  assert.is(calls[0].url, '/api/products');
  assert.equal(calls[0].body, {
    item_name: 'Samba OG',
    sku: 'AD-SMB-42',
    size: '42',
    category: 'Sneakers',
    brand: 'Adidas',
    material: 'Suede',
    cost: 74,
    selling_price: 149.9,
    stock_qty: 6,
    tax_rate: 0.0725,
    colour: null,
    barcode: null,
    reorder_point: null,
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
  await render(
    <ProductEditor
      product={product()}
      onClose={() => undefined}
      onSaved={() => {
        saved++;
      }}
    />,
  );
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
  const all = Array.from({ length: 120 }, (_, i) =>
    product({ id: i + 1, item_name: `Shoe ${String(i + 1).padStart(3, '0')}`, sku: `SH-${i + 1}`, stock_qty: i % 7, category: i % 2 ? 'Boots' : 'Sneakers' }),
  );
  const deleted = new Set<number>();
  mockFetch((c: Call) => {
    const url = new URL(c.url, 'http://localhost');
    if (url.pathname === '/api/products/facets')
      return { status: 200, body: { categories: ['Boots', 'Sneakers'], brands: ['Clarks'], sizes: ['40', 'UK 8'], materials: [] } };
    if (c.method === 'DELETE') {
      if (opts.deleteFails) return { status: 500, body: { error: 'Internal server error', code: 'INTERNAL' } };
      deleted.add(Number(url.pathname.split('/').pop()));
      return { status: 200, body: { ok: true } };
    }
    const q = url.searchParams;
    const rows = all.filter(
      (p) => !deleted.has(p.id) && (!q.get('category') || p.category === q.get('category')) && (!q.get('search') || p.item_name.includes(q.get('search')!)),
    );
    const page = Number(q.get('page') ?? 1);
    const pageSize = Number(q.get('pageSize') ?? 50);
    return {
      status: 200,
      body: { products: rows.slice((page - 1) * pageSize, page * pageSize), count: rows.length, pagination: { page, pageSize, total: rows.length } },
    };
  });
}
const productCalls = () =>
  calls.filter((c) => c.method === 'GET' && new URL(c.url, 'http://x').pathname === '/api/products').map((c) => new URL(c.url, 'http://x').searchParams);

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
  assert.equal(
    [...category.options].map((o) => o.textContent),
    ['All Categories', 'Boots', 'Sneakers'],
  );
  assert.ok(document.querySelector('select[aria-label="Brands"]'));
  assert.equal(
    [...document.querySelector<HTMLSelectElement>('select[aria-label="Sizes"]')!.options].map((o) => o.textContent),
    ['All Sizes', '40', 'UK 8'],
  );
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
    window.confirm = (m?: string) => {
      asked = m ?? '';
      return false;
    };
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
  mockFetch((c) =>
    c.method === 'POST'
      ? { status: 201, body: { product: product({ id: 500, item_name: 'New Clog' }) } }
      : {
          status: 200,
          body: c.url.includes('facets')
            ? { categories: [], brands: [], sizes: [], materials: [] }
            : { products: [], count: 0, pagination: { page: 1, pageSize: 50, total: 0 } },
        },
  );
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

// ---- Styles: size runs, the Add Style form, the style view, stock adjustment and history ----

const label = (name: string) => document.querySelector<HTMLInputElement>(`[aria-label="${name}"]`)!;
const byId = <T extends HTMLElement = HTMLInputElement>(id: string) => document.getElementById(id) as T;
const byText = (selector: string, words: string) => [...document.querySelectorAll<HTMLElement>(selector)].find((e) => e.textContent?.includes(words))!;

test('size runs: every preset exactly, with half sizes, a from/to range; custom text splits on commas or spaces', () => {
  const p = sizeRuns.presetSizes;
  assert.equal(
    sizeRuns.SIZE_RUN_PRESETS.map((x) => x.label),
    ['EU 35-47', 'EU 36-42 (women)', 'EU 39-46 (men)', 'UK 3-13', 'US 4-14', 'Kids EU 24-34'],
  );
  assert.equal(p('EU'), ['35', '36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46', '47']);
  assert.equal(p('EU_W'), ['36', '37', '38', '39', '40', '41', '42']);
  assert.equal(p('EU_M'), ['39', '40', '41', '42', '43', '44', '45', '46']);
  assert.equal(p('UK'), ['UK 3', 'UK 4', 'UK 5', 'UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10', 'UK 11', 'UK 12', 'UK 13']);
  assert.equal(p('US'), ['US 4', 'US 5', 'US 6', 'US 7', 'US 8', 'US 9', 'US 10', 'US 11', 'US 12', 'US 13', 'US 14']);
  assert.equal(p('KIDS'), ['24', '25', '26', '27', '28', '29', '30', '31', '32', '33', '34']);
  // Half sizes: one between each pair of whole sizes, ends included.
  assert.equal(p('EU_W', true), ['36', '36.5', '37', '37.5', '38', '38.5', '39', '39.5', '40', '40.5', '41', '41.5', '42']);
  assert.is(p('EU', true).length, 25);
  assert.is(p('EU_M', true).length, 15);
  assert.is(p('UK', true).length, 21);
  assert.equal(p('UK', true).slice(0, 3), ['UK 3', 'UK 3.5', 'UK 4']);
  assert.equal(p('US', true).slice(-2), ['US 13.5', 'US 14']);
  assert.is(p('KIDS', true).length, 21);
  // A from/to range in any system; a half-size start is kept.
  assert.equal(sizeRuns.rangeSizes('EU', 38, 45), ['38', '39', '40', '41', '42', '43', '44', '45']);
  assert.equal(sizeRuns.rangeSizes('UK', 6.5, 8, true), ['UK 6.5', 'UK 7', 'UK 7.5', 'UK 8']);
  assert.equal(sizeRuns.rangeSizes('US', 9, 9), ['US 9']);
  assert.is(sizeRuns.rangeError('EU', 45, 38), 'From must not be above To');
  assert.is(sizeRuns.rangeError('UK', 3.25, 5), 'Sizes are whole or half numbers');
  assert.is(sizeRuns.rangeError('US', 2, 30), 'US sizes run from 0 to 17');
  assert.is(sizeRuns.rangeError('EU', Number.NaN, 40), 'From and To must be sizes');
  assert.equal(sizeRuns.rangeSizes('EU', 45, 38), []);
  assert.equal(sizeRuns.parseCustomSizes('36, 36.5, 37'), ['36', '36.5', '37']);
  assert.equal(sizeRuns.parseCustomSizes('36 37  38 37'), ['36', '37', '38']);
  assert.equal(sizeRuns.parseCustomSizes('UK 7; UK 8'), ['UK 7', 'UK 8']);
  assert.equal(sizeRuns.parseCustomSizes('UK 8'), ['UK 8']);
  assert.equal(sizeRuns.parseCustomSizes('  '), []);
});

test("Add Style size run: men's preset with half sizes, then a from/to range in UK; a bad range says why", async () => {
  await render(<AddStyleModal onClose={() => undefined} onSaved={() => undefined} />);
  const rowSizes = () =>
    [...document.querySelectorAll<HTMLInputElement>('table.size-rows tbody tr input')]
      .filter((i) => i.getAttribute('aria-label')?.startsWith('Size of row'))
      .map((i) => i.value);
  await choose(byId<HTMLSelectElement>('style-size-run'), 'EU_M');
  assert.is(document.querySelectorAll('table.size-rows tbody tr').length, 8);
  await click(byId('style-size-halves'));
  assert.is(document.querySelectorAll('table.size-rows tbody tr').length, 15);
  assert.ok(text().includes('Sizes (15)'));
  await choose(byId<HTMLSelectElement>('style-size-run'), 'RANGE');
  await choose(byId<HTMLSelectElement>('style-range-system'), 'UK');
  await typeInto(byId('style-range-from'), '9');
  await typeInto(byId('style-range-to'), '7');
  assert.is(document.querySelector('.size-range [role="alert"]')?.textContent, 'From must not be above To');
  await typeInto(byId('style-range-to'), '10');
  assert.is(document.querySelector('.size-range [role="alert"]'), null);
  assert.is(document.querySelectorAll('table.size-rows tbody tr').length, 3);
  assert.ok(text().includes('Sizes (3)'));
  assert.equal(rowSizes(), ['UK 9', 'UK 9.5', 'UK 10']);
  await unmount();
});

test('style rules: required fields, one row per size, stock whole numbers; body in dollars, tax as a fraction', () => {
  const empty = styleRules.validateStyleForm(styleRules.emptyStyleForm());
  assert.equal(empty.fields, {
    item_name: 'Style name is required',
    cost: 'Cost is required',
    selling_price: 'Selling price is required',
    sku_prefix: 'SKU prefix is required',
    sizes: 'Add at least one size',
  });
  const rows = [styleRules.sizeRow('40', '2'), styleRules.sizeRow('41', '1.5'), styleRules.sizeRow('40'), styleRules.sizeRow('', '', 'x'.repeat(49))];
  const v = { ...styleRules.emptyStyleForm(), item_name: 'Pump', cost: '10', selling_price: '29.9', sku_prefix: 'PMP', reorder_point: '-1', sizes: rows };
  const e = styleRules.validateStyleForm(v);
  assert.equal(e.fields, { reorder_point: 'Reorder point must be a whole number, 0 or more' });
  assert.equal(e.rows, {
    1: { stock_qty: 'A whole number, 0 or more' },
    2: { size: 'Size 40 is listed twice' },
    3: { size: 'Size is required', barcode: 'At most 48 characters' },
  });
  const ok = { ...v, reorder_point: '3', tax_rate: '7.25', sizes: [styleRules.sizeRow(' 40 ', '2', ' 4006381333931 '), styleRules.sizeRow('41')] };
  assert.equal(styleRules.validateStyleForm(ok), { fields: {}, rows: {} });
  assert.equal(styleRules.styleCreateBody(ok), {
    item_name: 'Pump',
    brand: null,
    category: null,
    material: null,
    colour: null,
    cost: 10,
    selling_price: 29.9,
    tax_rate: 0.0725,
    reorder_point: 3,
    sku_prefix: 'PMP',
    sizes: [
      { size: '40', stock_qty: 2, barcode: '4006381333931' },
      { size: '41', stock_qty: 0 },
    ],
  });
  // A server error naming a cell lands on that cell; a SKU clash shows on the size it was made from.
  assert.equal(styleRules.serverFieldError('sizes[7].barcode', 'taken').rows, { 7: { barcode: 'taken' } });
  assert.equal(styleRules.serverFieldError('sizes[2].sku', 'SKU X-40 already exists').rows, { 2: { size: 'SKU X-40 already exists' } });
  assert.equal(styleRules.serverFieldError('item_name', 'bad').fields, { item_name: 'bad' });
  // A new preset keeps what was typed for the sizes it still has.
  const kept = styleRules.rowsForSizes(
    ['40', '42'],
    ok.sizes.map((r) => ({ ...r, size: r.size.trim() })),
  );
  assert.equal(
    kept.map((r) => [r.size, r.stock_qty, r.barcode.trim()]),
    [
      ['40', '2', '4006381333931'],
      ['42', '', ''],
    ],
  );
});

async function fillStyle() {
  await typeInto(byId('style-item_name'), 'Mexico 66');
  await typeInto(byId('style-cost'), '88');
  await typeInto(byId('style-selling_price'), '189.90');
  await typeInto(byId('style-sku_prefix'), 'OT-M66');
  await choose(byId<HTMLSelectElement>('style-size-run'), 'EU');
}

test('Add Style: EU 35-47 plus one size makes 14 rows in one form; one POST with every size; toast', async () => {
  let saved: Style | null = null;
  mockFetch((c) => ({ status: 201, body: { style: { id: 5, item_name: (c.body as { item_name: string }).item_name, products: [] } } }));
  await render(
    <AddStyleModal
      onClose={() => undefined}
      onSaved={(s) => {
        saved = s;
      }}
    />,
  );
  await submit('Add Style');
  assert.is(errorFor('item_name'), 'Style name is required');
  assert.is(errorFor('sizes'), 'Add at least one size');
  assert.is(calls.length, 0, 'a refused form sends nothing');
  await fillStyle();
  assert.is(document.querySelectorAll('table.size-rows tbody tr').length, 13);
  assert.is(errorFor('item_name'), null, "typing clears that field's error");
  await click(button('Add size'));
  await typeInto(label('Size of row 14'), '48');
  await typeInto(label('Opening stock for size 42'), '5');
  await typeInto(label('Barcode for size 42'), '4006381333931');
  await click(document.querySelector<HTMLButtonElement>('[aria-label="Remove size 35"]')!);
  await click(button('Add size'));
  await typeInto(label('Size of row 14'), '34');
  assert.ok(text().includes('Sizes (14)'));
  await submit('Add Style');
  await waitFor(() => saved);
  assert.is(calls.length, 1);
  assert.is(calls[0].url, '/api/styles');
  const body = calls[0].body as { sizes: { size: string; stock_qty: number; barcode?: string }[]; tax_rate: number; sku_prefix: string };
  assert.is(body.sizes.length, 14);
  assert.equal(
    body.sizes.map((x) => x.size),
    ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46', '47', '48', '34'],
  );
  assert.equal(body.sizes[6], { size: '42', stock_qty: 5, barcode: '4006381333931' });
  assert.is(body.tax_rate, 0.09);
  assert.is(body.sku_prefix, 'OT-M66');
  assert.equal(toastTexts(), ['success: Style Mexico 66 added successfully']);
});

test('Add Style failures: toast "Failed to add style"; the server\'s message under the cell it names, else above the buttons', async () => {
  mockFetch(() => ({
    status: 409,
    body: { error: 'Barcode 4006381333931 already exists', code: 'DUPLICATE_BARCODE', details: { field: 'sizes[2].barcode', index: 2 } },
  }));
  await render(<AddStyleModal onClose={() => undefined} onSaved={() => undefined} />);
  await fillStyle();
  await submit('Add Style');
  await waitFor(() => toasts.value.length);
  assert.equal(toastTexts(), ['error: Failed to add style']);
  assert.is(errorFor('sizes.2.barcode'), 'Barcode 4006381333931 already exists');
  clearToasts();
  mockFetch(() => 'network-error');
  await submit('Add Style');
  await waitFor(() => toasts.value.length);
  assert.equal(toastTexts(), ['error: Failed to add style']);
  assert.ok(document.querySelector('.form-alert')!.textContent!.includes('Failed to add style'));
});

const styleProduct = (id: number, size: string, stock: number, over: Partial<Product> = {}) =>
  product({ id, item_name: 'Samba OG', size, sku: `AD-SMB-${size}`, stock_qty: stock, style_id: 7, ...over });
const samba = (): Style => ({
  id: 7,
  item_name: 'Samba OG',
  brand: 'Adidas',
  category: 'Sneakers',
  material: 'Suede',
  colour: 'Black',
  cost: 74,
  selling_price: 149,
  tax_rate: 0.09,
  reorder_point: 2,
  sku_prefix: 'AD-SMB',
  image_url: null,
  stock_qty: 9,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  products: [styleProduct(71, '40', 0), styleProduct(72, '41', 2), styleProduct(73, '42', 7, { barcode: '4006381333931', reorder_point: 1 })],
});

/** A fake server for the style view: one style, its movements, adjustments and the low-stock report. */
function styleServer() {
  const style = samba();
  mockFetch((c: Call) => {
    const url = new URL(c.url, 'http://localhost');
    if (url.pathname === '/api/products/facets') return { status: 200, body: { categories: ['Sneakers'], brands: ['Adidas'], sizes: [], materials: [] } };
    if (url.pathname === '/api/reports/low-stock') {
      const low = style.products.filter((p) => p.stock_qty <= (p.reorder_point ?? 2));
      return {
        status: 200,
        body: {
          count: low.length,
          items: low.map((p) => ({
            product_id: p.id,
            style_id: 7,
            sku: p.sku,
            item_name: p.item_name,
            size: p.size,
            colour: 'Black',
            brand: 'Adidas',
            stock_qty: p.stock_qty,
            reorder_point: p.reorder_point ?? 2,
            suggested_qty: 4 - p.stock_qty,
            supplier: null,
          })),
        },
      };
    }
    if (url.pathname === '/api/styles') return { status: 200, body: { styles: [style], count: 1, pagination: { page: 1, pageSize: 20, total: 1 } } };
    const adjust = /^\/api\/products\/(\d+)\/adjust$/.exec(url.pathname);
    if (adjust && c.method === 'POST') {
      const p = style.products.find((x) => x.id === Number(adjust[1]))!;
      p.stock_qty += (c.body as { delta: number }).delta;
      return { status: 200, body: { product: p } };
    }
    if (/\/movements$/.test(url.pathname)) {
      return {
        status: 200,
        body: {
          movements: [
            {
              id: 2,
              product_id: 72,
              reason: 'ADJUSTMENT',
              qty_delta: 3,
              stock_after: 5,
              ref_type: null,
              ref_id: null,
              note: 'Found: box',
              user_id: 1,
              created_at: '2025-03-01T06:30:00.000Z',
            },
            {
              id: 1,
              product_id: 72,
              reason: 'INITIAL',
              qty_delta: 2,
              stock_after: 2,
              ref_type: null,
              ref_id: null,
              note: 'Opening stock',
              user_id: 1,
              created_at: '2025-01-01T00:00:00.000Z',
            },
          ],
          pagination: { page: 1, pageSize: 20, total: 2 },
        },
      };
    }
    return { status: 200, body: { products: [], count: 0, pagination: { page: 1, pageSize: 50, total: 0 } } };
  });
}

test("screen: Products is the default; Styles is remembered in ?view=styles and shows each style's size x stock grid", async () => {
  styleServer();
  setPath('/inventory');
  await render(<InventoryScreen />);
  assert.is(button('Products').getAttribute('aria-pressed'), 'true');
  assert.ok(button('+ Add Product'));
  await click(button('Styles'));
  assert.is(location.search, '?view=styles');
  await waitFor(() => text().includes('Samba OG'));
  assert.is(button('Styles').getAttribute('aria-pressed'), 'true');
  assert.ok(button('+ Add Style'));
  assert.equal(
    [...document.querySelectorAll('table.styles-table > thead th')].map((th) => th.textContent),
    ['Style', 'Colour', 'Price', 'Stock', 'Sizes', 'Actions'],
  );
  const row = document.querySelector('tr[data-style-id="7"]')!;
  assert.ok(row.textContent!.includes('$149.00'));
  const chips = [...row.querySelectorAll('.size-chip')];
  assert.equal(
    chips.map((c) => c.className.split(' ')[1]),
    ['size-out', 'size-low', 'size-ok'],
  );
  // Not by colour alone: a symbol and words for screen readers.
  assert.ok(chips[0].textContent!.includes('✕') && chips[0].textContent!.includes('out of stock'));
  assert.ok(chips[1].textContent!.includes('!') && chips[1].textContent!.includes('low stock'));
  assert.ok(text().includes('Showing 1 of 1 styles'));
  await click(button('Products'));
  assert.is(location.search, '');
  // A link straight to the style view.
  await unmount();
  setPath('/inventory?view=styles');
  await render(<InventoryScreen />);
  await waitFor(() => text().includes('Samba OG'));
});

test('screen: Show sizes expands a style; Adjust Stock posts the change and toasts; History lists the movements', async () => {
  styleServer();
  setPath('/inventory?view=styles');
  await render(<InventoryScreen />);
  await waitFor(() => text().includes('Samba OG'));
  const toggle = button('Show sizes');
  assert.is(toggle.getAttribute('aria-expanded'), 'false');
  await click(toggle);
  assert.is(button('Hide sizes').getAttribute('aria-expanded'), 'true');
  const sizes = document.querySelector('table[aria-label="Sizes of Samba OG"]')!;
  assert.equal(
    [...sizes.querySelectorAll('thead th')].map((th) => th.textContent),
    ['Size', 'SKU', 'Barcode', 'Stock', 'Reorder Point', 'Actions'],
  );
  const r42 = sizes.querySelector('tr[data-product-id="73"]')!;
  assert.ok(r42.textContent!.includes('4006381333931'));
  assert.ok(sizes.querySelector('tr[data-product-id="72"]')!.textContent!.includes('2 (style)'));

  await click(document.querySelector<HTMLButtonElement>('[aria-label="Adjust Stock of size 41"]')!);
  assert.ok(text().includes('Adjust Stock: Samba OG (size 41)'));
  await typeInto(byId('adjust-delta'), '-3');
  await click(document.querySelector<HTMLButtonElement>('dialog button[type="submit"]')!);
  assert.is(errorFor('delta'), 'Stock cannot go below 0 (in stock: 2)');
  assert.is(calls.filter((c) => c.method === 'POST').length, 0);
  await typeInto(byId('adjust-delta'), '+3');
  assert.is(document.querySelector('[data-testid="stock-after"]')!.textContent, '5');
  await choose(byId<HTMLSelectElement>('adjust-reason'), 'Found');
  await act(async () => {
    const note = byId<HTMLTextAreaElement>('adjust-note');
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(note, 'box');
    note.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await click(document.querySelector<HTMLButtonElement>('dialog button[type="submit"]')!);
  await waitFor(() => toasts.value.length);
  assert.equal(toastTexts(), ['success: Stock adjusted for Samba OG']);
  const post = calls.find((c) => c.method === 'POST')!;
  assert.is(post.url, '/api/products/72/adjust');
  assert.equal(post.body, { delta: 3, reason: 'Found', note: 'box' });
  await waitFor(() => !document.querySelector('dialog'));

  await click(document.querySelector<HTMLButtonElement>('[aria-label="History of size 41"]')!);
  await waitFor(() => document.querySelectorAll('table.movements-table tbody tr').length === 2);
  const first = document.querySelector('table.movements-table tbody tr')!.textContent!;
  assert.ok(first.includes('01 Mar 2025, 14:30'), first); // shop time (UTC+8)
  assert.ok(first.includes('+3') && first.includes('Adjustment') && first.includes('Found: box'), first);
  assert.ok(byText('table.movements-table tbody tr', 'Opening stock'));
  assert.ok(calls.some((c) => c.url.startsWith('/api/products/72/movements?page=1')));
});

test.run();
