// happy-dom tests of the Stock Take screen: the rules (scope text, typed counts, messages), the list and the
// New Stock Take modal, and the count view (scans, an unknown code, typed counts, post, cancel, read-only).
import {
  $,
  act,
  button,
  calls,
  click,
  flush,
  mockFetch,
  render,
  setPath,
  text,
  typeInto,
  unmount,
  waitFor,
  type Call,
  type Reply,
} from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const rules = await import('./take-rules.js');
const { ApiError } = await import('../../../ui/api.js');
const { default: StockTakeScreen } = await import('./stock-take-screen.js');
const { toasts, clearToasts } = await import('../../../ui/toast.js');
type Detail = import('./types.js').StockTakeDetail;
type Line = import('./types.js').StockTakeLine;

test.after.each(async () => {
  await unmount();
  clearToasts();
  setPath('/');
});

const toastTexts = () => toasts.value.map((t) => `${t.kind}: ${t.message}`);
const label = (name: string) => document.querySelector<HTMLElement>(`[aria-label="${name}"]`)!;
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
async function choose(el: HTMLSelectElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
async function press(el: HTMLElement, key: string) {
  await act(async () => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });
}

const totals = (over: Partial<Detail['totals']> = {}): Detail['totals'] => ({
  lines: 0,
  counted_units: 0,
  expected_units: 0,
  variance_units: 0,
  units_over: 0,
  units_short: 0,
  variance_value: 0,
  ...over,
});
const line = (over: Partial<Line> = {}): Line => ({
  product_id: 5,
  item_name: 'Desert Boot',
  sku: 'CL-DSB-UK8',
  size: 'UK 8',
  brand: 'Clarks',
  category: 'Boots',
  expected_qty: 4,
  counted_qty: 1,
  variance_qty: -3,
  unit_cost: 98,
  variance_value: -294,
  current_stock_qty: 4,
  counted_at: '2025-03-01T02:00:00.000Z',
  ...over,
});
const take = (over: Partial<Detail> = {}): Detail => ({
  id: 7,
  status: 'OPEN',
  scope: { category: null, brand: 'Clarks', style_id: null },
  note: null,
  created_by: 1,
  created_at: '2025-03-01T01:00:00.000Z',
  posted_by: null,
  posted_at: null,
  cancelled_at: null,
  totals: totals(),
  uncounted: 12,
  lines: [],
  ...over,
});

test('rules: scope text, typed counts, signed variance, failure messages', () => {
  assert.is(rules.scopeText({ category: null, brand: null, style_id: null }), 'Whole shop');
  assert.is(rules.scopeText({ category: 'Boots', brand: 'Clarks', style_id: null }), 'Category: Boots · Brand: Clarks');
  assert.is(rules.scopeText({ category: null, brand: null, style_id: 3 }), 'Style: #3');
  assert.is(rules.scopeText({ category: null, brand: null, style_id: 3 }, 'Desert Boot'), 'Style: Desert Boot');
  assert.equal(rules.parseCount(' 12 '), { value: 12 });
  assert.equal(rules.parseCount('0'), { value: 0 });
  for (const bad of ['', '-1', '2.5', 'x']) assert.equal(rules.parseCount(bad), { error: 'Enter a whole number of 0 or more' }, bad);
  assert.equal(rules.parseCount('1000001'), { error: 'The count is too large' });
  assert.equal([rules.signed(3), rules.signed(-2), rules.signed(0)], ['+3', '-2', '0']);
  assert.is(rules.scanErrorText(new ApiError('Product not found', 404), 'ZZ9'), 'No product with barcode or SKU "ZZ9"');
  assert.is(rules.scanErrorText(new ApiError("Samba is not in this stock take's scope", 409), 'X'), "Samba is not in this stock take's scope");
  assert.is(rules.scanErrorText(new TypeError('Failed to fetch'), 'X'), 'Could not count "X"');
  assert.is(rules.failureText(new ApiError('Internal', 500), 'Failed to post stock take'), 'Failed to post stock take');
  assert.is(rules.takeHref(4), '/stock-take?id=4');
});

/** A fake server: one open take #7 (brand Clarks) and its counts; codes it knows: CL-DSB-UK8 (product 5). */
function fakeServer(opts: { status?: string; postFails?: string } = {}) {
  let current = take({ status: opts.status ?? 'OPEN' });
  const list = [
    take({
      id: 6,
      status: 'POSTED',
      scope: { category: 'Boots', brand: null, style_id: null },
      totals: totals({ lines: 2, variance_units: -1, variance_value: -49 }),
    }),
    current,
  ];
  mockFetch((c: Call): Reply => {
    const url = new URL(c.url, 'http://localhost');
    const path = url.pathname;
    if (c.method === 'GET' && path === '/api/stock-takes')
      return { status: 200, body: { stock_takes: [...list].reverse(), pagination: { page: 1, pageSize: 50, total: list.length } } };
    if (c.method === 'GET' && path === '/api/products/facets')
      return { status: 200, body: { categories: ['Boots', 'Sneakers'], brands: ['Adidas', 'Clarks'], sizes: [], materials: [] } };
    if (c.method === 'POST' && path === '/api/stock-takes') {
      current = take({ id: 8, scope: { category: null, brand: (c.body as { scope: { brand: string } }).scope.brand, style_id: null } });
      return { status: 201, body: { stock_take: current } };
    }
    if (c.method === 'GET' && /^\/api\/stock-takes\/\d+$/.test(path)) return { status: 200, body: { stock_take: current } };
    if (c.method === 'POST' && path.endsWith('/counts')) {
      const b = c.body as { barcode?: string; product_id?: number; add?: number; counted_qty?: number };
      if (b.barcode && b.barcode !== 'CL-DSB-UK8') return { status: 404, body: { error: 'Product not found', code: 'NOT_FOUND' } };
      const before = current.lines[0]?.counted_qty ?? 0;
      const counted = b.counted_qty ?? before + (b.add ?? 0);
      const l = line({ counted_qty: counted, variance_qty: counted - 4, variance_value: (counted - 4) * 98 });
      current = {
        ...current,
        lines: [l],
        totals: totals({ lines: 1, counted_units: counted, expected_units: 4, variance_units: counted - 4, variance_value: (counted - 4) * 98 }),
      };
      return { status: 200, body: { line: l, totals: current.totals } };
    }
    if (c.method === 'POST' && path.endsWith('/post')) {
      if (opts.postFails) return { status: 409, body: { error: opts.postFails, code: 'STALE' } };
      current = { ...current, status: 'POSTED', posted_at: '2025-03-01T03:00:00.000Z', uncounted: 0 };
      return { status: 200, body: { stock_take: current } };
    }
    if (c.method === 'POST' && path.endsWith('/cancel')) {
      current = { ...current, status: 'CANCELLED', cancelled_at: '2025-03-01T03:00:00.000Z', uncounted: 0 };
      return { status: 200, body: { stock_take: current } };
    }
    return { status: 404, body: { error: 'Not found' } };
  });
}

test('list: takes with scope, status and variance; New Stock Take checks the choice, opens the take and shows it', async () => {
  fakeServer();
  setPath('/stock-take');
  await render(<StockTakeScreen />);
  await waitFor(() => document.querySelectorAll('table.stock-takes-table tbody tr').length === 2);
  const rows = [...document.querySelectorAll('table.stock-takes-table tbody tr')].map((r) => r.textContent);
  assert.ok(rows[0]!.includes('#7') && rows[0]!.includes('Brand: Clarks') && rows[0]!.includes('OPEN'));
  assert.ok(rows[1]!.includes('#6') && rows[1]!.includes('Category: Boots') && rows[1]!.includes('POSTED') && rows[1]!.includes('-$49.00'));
  assert.ok(button('Count') && button('View'));

  await click(button('+ New Stock Take'));
  assert.ok(text().includes('New Stock Take'));
  await choose(byId<HTMLSelectElement>('take-scope'), 'brand');
  await waitFor(() => byId<HTMLSelectElement>('take-brand').options.length === 3);
  await click(button('Open Stock Take'));
  assert.is(byId('take-scope-error').textContent, 'Choose a brand');
  assert.is(calls.filter((c) => c.method === 'POST').length, 0, 'nothing sent');
  await choose(byId<HTMLSelectElement>('take-brand'), 'Adidas');
  await click(button('Open Stock Take'));
  await waitFor(() => location.search === '?id=8');
  const post = calls.find((c) => c.method === 'POST')!;
  assert.equal(post.body, { scope: { brand: 'Adidas' } });
  assert.equal(toastTexts(), ['success: Stock take #8 opened']);
  await waitFor(() => text().includes('Stock Take #8'));
  assert.ok(text().includes('Brand: Adidas'));
});

test('count view: a scan adds 1 and shows big; an unknown code shows why and toasts; the box is cleared and keeps focus', async () => {
  fakeServer();
  setPath('/stock-take?id=7');
  await render(<StockTakeScreen />);
  await waitFor(() => text().includes('Stock Take #7'));
  const box = byId<HTMLInputElement>('scan-code');
  assert.is(document.activeElement, box, 'the scan box has focus');
  assert.ok(text().includes('Nothing counted yet. Scan the first product.'));
  assert.ok(button('Post Variance').disabled, 'nothing to post yet');

  for (let i = 0; i < 2; i++) {
    await typeInto(box, ' CL-DSB-UK8 ');
    await press(box, 'Enter');
    assert.is(box.value, '', 'cleared at once for the next scan');
  }
  await waitFor(() => $('[data-testid="last-scan"]').textContent!.includes('2'));
  const scans = calls.filter((c) => c.url.endsWith('/counts'));
  assert.equal(
    scans.map((c) => c.body),
    [
      { barcode: 'CL-DSB-UK8', add: 1 },
      { barcode: 'CL-DSB-UK8', add: 1 },
    ],
  );
  assert.ok($('[data-testid="last-scan"]').textContent!.includes('Desert Boot'));
  await waitFor(() => (label('Counted Desert Boot UK 8') as HTMLInputElement).value === '2');
  assert.ok($('tr.totals-row').textContent!.includes('-2'));
  assert.is(document.activeElement, box);

  await typeInto(box, 'NOPE-1');
  await press(box, 'Enter');
  await waitFor(() => document.querySelector('.scan-error'));
  assert.ok($('.scan-error').textContent!.includes('No product with barcode or SKU "NOPE-1"'));
  assert.equal(toastTexts(), ['error: No product with barcode or SKU "NOPE-1"']);
  assert.is(box.value, '');
  assert.is(document.activeElement, box);

  // Undo takes the last accepted scan back (add: -1 by product id).
  await typeInto(box, 'CL-DSB-UK8');
  await press(box, 'Enter');
  await waitFor(() => document.querySelector('[data-testid="last-scan"]'));
  await click(button('Undo Last Scan'));
  await waitFor(() => calls.some((c) => (c.body as { add?: number } | undefined)?.add === -1));
  assert.equal(calls.filter((c) => c.url.endsWith('/counts')).at(-1)!.body, { product_id: 5, add: -1 });
});

test('count view: a typed count is checked, then set; Post Variance and Cancel Stock Take confirm and toast', async () => {
  fakeServer();
  setPath('/stock-take?id=7');
  await render(<StockTakeScreen />);
  const box = await waitFor(() => byId<HTMLInputElement>('scan-code'));
  await typeInto(box, 'CL-DSB-UK8');
  await press(box, 'Enter');
  const count = await waitFor(() => label('Counted Desert Boot UK 8') as HTMLInputElement);
  const before = calls.length;
  await typeInto(count, '-2');
  await press(count, 'Enter');
  assert.ok(text().includes('Enter a whole number of 0 or more'));
  assert.is(count.getAttribute('aria-invalid'), 'true');
  assert.is(calls.length, before, 'nothing sent');
  await typeInto(count, '6');
  await press(count, 'Enter');
  await waitFor(() => toasts.value.length);
  assert.equal(calls.find((c) => (c.body as { counted_qty?: number } | undefined)?.counted_qty !== undefined)!.body, { product_id: 5, counted_qty: 6 });
  assert.equal(toastTexts(), ['success: Count of Desert Boot UK 8 set to 6']);
  await waitFor(() => $('tr.totals-row').textContent!.includes('+2'));
  clearToasts();

  let asked = '';
  window.confirm = (m?: string) => {
    asked = m ?? '';
    return false;
  };
  await click(button('Post Variance'));
  await flush();
  assert.match(
    asked,
    /^Post stock take #7\? The stock of 1 counted products is set to the counts \(variance \+2 units, \$196\.00 at cost\)\. 12 products in scope were not counted/,
  );
  assert.not.ok(
    calls.some((c) => c.url.endsWith('/post')),
    'declined: nothing posted',
  );
  window.confirm = () => true;
  await click(button('Post Variance'));
  await waitFor(() => toasts.value.length);
  assert.equal(toastTexts(), ['success: Stock take posted']);
  await waitFor(() => text().includes('POSTED'));
  assert.is(document.getElementById('scan-code'), null, 'a posted take has no scan box');
  assert.is(document.querySelector('input.count-input'), null, 'and no count boxes');
  assert.not.ok([...document.querySelectorAll('button')].some((b) => b.textContent === 'Post Variance' || b.textContent === 'Cancel Stock Take'));
  assert.is($('a[role=button]').getAttribute('href'), '/api/stock-takes/7/variance.csv');
});

test('count view: a refused post toasts the server message; Cancel Stock Take cancels', async () => {
  fakeServer({ postFails: 'Recount Desert Boot: stock is now 2' });
  setPath('/stock-take?id=7');
  await render(<StockTakeScreen />);
  const box = await waitFor(() => byId<HTMLInputElement>('scan-code'));
  await typeInto(box, 'CL-DSB-UK8');
  await press(box, 'Enter');
  await waitFor(() => document.querySelector('tr.totals-row'));
  window.confirm = () => true;
  await click(button('Post Variance'));
  await waitFor(() => toasts.value.length);
  assert.equal(toastTexts(), ['error: Recount Desert Boot: stock is now 2']);
  clearToasts();
  await click(button('Cancel Stock Take'));
  await waitFor(() => toasts.value.length);
  assert.equal(toastTexts(), ['success: Stock take cancelled']);
  await waitFor(() => text().includes('CANCELLED'));
  assert.is(document.getElementById('scan-code'), null);
});

test('count view: All Stock Takes goes back to the list', async () => {
  fakeServer({ status: 'POSTED' });
  setPath('/stock-take?id=7');
  await render(<StockTakeScreen />);
  await waitFor(() => text().includes('Stock Take #7'));
  assert.is(document.getElementById('scan-code'), null);
  await click(button('All Stock Takes'));
  await waitFor(() => document.querySelector('table.stock-takes-table'));
  assert.is(location.pathname + location.search, '/stock-take');
});

test.run();
