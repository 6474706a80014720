// The stock take's size grid: which typed cells are sent (changed from the count so far; blank = not counted), and
// the grid on a take scoped to one style: the counts so far shown, typed counts sent with Save Counts.
import { button, calls, click, flush, mockFetch, render, typeInto, unmount, waitFor, type Call } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const { changedCounts, StyleCountGrid } = await import('./style-count-grid.js');
const { clearToasts, toasts } = await import('../../../ui/toast.js');
type StockTakeDetail = import('./types.js').StockTakeDetail;

test.after.each(async () => {
  await unmount();
  clearToasts();
});

test('changedCounts: typed whole numbers that differ from the take, blanks skipped, 0 is a count', () => {
  const counted = new Map([
    [1, 3],
    [2, 0],
  ]);
  assert.equal(changedCounts({ 1: '3', 2: '4', 3: '', 4: '0', 5: '7' }, counted), [
    { product_id: 2, counted_qty: 4 },
    { product_id: 4, counted_qty: 0 },
    { product_id: 5, counted_qty: 7 },
  ]);
});

const path = (c: Call) => new URL(c.url, 'http://x').pathname;
const product = (id: number, size: string) => ({ id, size, colour: null, sku: `LF-${size}`, item_name: 'Loafer', stock_qty: 2, barcode: null });
const style = { id: 7, item_name: 'Loafer', brand: null, colour: null, products: [product(1, '40'), product(2, '41'), product(3, '42')] };

test('a take scoped to a style opens on its grid with the counts so far; Save Counts sends the changed sizes', async () => {
  mockFetch((c) => (path(c) === '/api/styles/7' ? { status: 200, body: { style } } : { status: 200, body: {} }));
  const take = { id: 4, scope: { category: null, brand: null, style_id: 7 }, lines: [{ product_id: 1, counted_qty: 5 }] } as unknown as StockTakeDetail;
  let counted = 0;
  const c = await render(<StyleCountGrid take={take} onCounted={() => counted++} />);
  await waitFor(() => c.querySelector('.size-matrix'));
  const cell = (size: string) => c.querySelector(`input[aria-label="Loafer size ${size}"]`) as HTMLInputElement;
  assert.is(cell('40').value, '5');
  assert.is(cell('41').value, '');
  assert.ok(button('Save Counts').disabled, 'nothing changed yet');
  await typeInto(cell('40'), '5');
  await typeInto(cell('41'), '3');
  await typeInto(cell('42'), '0');
  assert.is(c.querySelector('[data-grand-total]')!.textContent, '8');
  await click(button('Save Counts'));
  await flush();
  assert.equal(
    calls.filter((x) => x.method === 'POST').map((x) => [path(x), x.body]),
    [
      ['/api/stock-takes/4/counts', { product_id: 2, counted_qty: 3 }],
      ['/api/stock-takes/4/counts', { product_id: 3, counted_qty: 0 }],
    ],
  );
  assert.is(counted, 1);
  assert.equal(
    toasts.value.map((t) => t.message),
    ['Saved 2 counts'],
  );
});

test.run();
