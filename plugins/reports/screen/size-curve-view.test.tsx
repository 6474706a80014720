// happy-dom test of the Reports screen's "Size curve" view: the switch, the style picker and period, the request
// it sends, the table (sizes across; rows On hand at start ... Sell-through; a Total column) and a bar per size.
import { act, button, calls, click, mockFetch, render, text, unmount, waitFor } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const { default: ReportsScreen } = await import('./reports-screen.js');
type SizeCurveReport = import('./types.js').SizeCurveReport;

async function choose(el: HTMLSelectElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const row = (size: string, on_hand_start: number, received: number, sold: number, adjusted: number, sell_through_pct: number | null) => ({
  size,
  on_hand_start,
  received,
  sold,
  adjusted,
  on_hand_end: on_hand_start + received - sold + adjusted,
  sell_through_pct,
});

function curve(q: URLSearchParams): SizeCurveReport {
  return {
    by: 'style',
    style_id: Number(q.get('style_id')),
    title: 'Samba OG',
    from: q.get('from')!,
    to: q.get('to')!,
    sizes: [row('39', 1, 2, 1, -1, 33.3), row('40', 0, 6, 2, 0, 33.3), row('41', 0, 2, 1, 0, 50), row('42', 0, 0, 0, 3, null)],
    totals: { on_hand_start: 1, received: 10, sold: 4, adjusted: 2, on_hand_end: 9, sell_through_pct: 36.4 },
  };
}

test.after(async () => {
  await unmount();
});

test('Size curve: pick a style, the report asks for it over the period; sizes across, one row per figure, a bar per size', async () => {
  mockFetch((c) => {
    const url = new URL(c.url, 'http://x');
    if (url.pathname === '/api/styles') return { status: 200, body: { styles: [{ id: 7, item_name: 'Samba OG', colour: 'Black' }], count: 1, pagination: {} } };
    if (url.pathname === '/api/products/facets') return { status: 200, body: { brands: ['Adidas'], categories: ['Sneakers'], sizes: [], materials: [] } };
    if (url.pathname === '/api/reports/size-curve') return { status: 200, body: curve(url.searchParams) };
    return { status: 200, body: {} };
  });
  await render(<ReportsScreen />);
  await click(button('Size curve'));
  assert.is(button('Size curve').getAttribute('aria-pressed'), 'true');
  assert.ok(text().includes('Choose a style to see its size curve.'));
  const styleSelect = document.getElementById('curve-value') as HTMLSelectElement;
  await waitFor(() => styleSelect.options.length === 2);
  assert.is(styleSelect.options[1].textContent, 'Samba OG (Black)');
  await choose(styleSelect, '7');
  await waitFor(() => document.querySelector('table.size-curve-table'));
  const asked = calls.map((c) => new URL(c.url, 'http://x')).find((u) => u.pathname === '/api/reports/size-curve')!;
  assert.is(asked.searchParams.get('style_id'), '7');
  assert.match(asked.searchParams.get('from')!, /^\d{4}-\d{2}-\d{2}$/);
  assert.match(asked.searchParams.get('to')!, /^\d{4}-\d{2}-\d{2}$/);
  assert.ok(text().includes('Size curve: Samba OG'));
  const head = [...document.querySelectorAll('table.size-curve-table thead th')].map((th) => th.textContent);
  assert.equal(head, ['Size', '39', '40', '41', '42', 'Total']);
  const rows = [...document.querySelectorAll('table.size-curve-table tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent));
  assert.equal(rows, [
    ['On hand at start', '1', '0', '0', '0', '1'],
    ['Received', '2', '6', '2', '0', '10'],
    ['Sold', '1', '2', '1', '0', '4'],
    ['Adjusted', '-1', '0', '0', '3', '2'],
    ['On hand at end', '1', '4', '1', '3', '9'],
    ['Sell-through', '33.3%', '33.3%', '50%', '-', '36.4%'],
  ]);
  const bars = [...document.querySelectorAll<SVGRectElement>('.size-curve rect.chart-bar')];
  assert.equal(
    bars.map((b) => b.getAttribute('data-key')),
    ['39', '40', '41', '42'],
  );
  assert.is(bars[1].querySelector('title')!.textContent, 'Size 40: 2 units sold (33.3% sell-through)');
  assert.ok(Number(bars[1].getAttribute('height')) > Number(bars[0].getAttribute('height')), 'the best seller has the tallest bar');
  assert.is(Number(bars[3].getAttribute('height')), 0);
  assert.ok(text().includes('Highest: 2 units'));
  // By brand: the brands list, and brand= in the request.
  await choose(document.getElementById('curve-by') as HTMLSelectElement, 'brand');
  const brandSelect = document.getElementById('curve-value') as HTMLSelectElement;
  await waitFor(() => brandSelect.options.length === 2);
  await choose(brandSelect, 'Adidas');
  await waitFor(() => calls.some((c) => c.url.includes('brand=Adidas')));
});

test.run();
