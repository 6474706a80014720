// happy-dom tests of #30.2's screens: Edit Order on an OPEN order (qty, cost, remove and add a line, expected date,
// notes, Save Changes -> PATCH body) with the history shown, and the Low Stock picker (ticks, quantities, "on order N",
// the draft's lines, Set as Default Supplier).
import { act, button, calls, click, flush, mockFetch, render, text, typeInto, unmount, waitFor, type Call } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const { OrderDetailModal } = await import('./order-detail-modal.js');
const { LowStockPanel } = await import('./low-stock-panel.js');
const { changeText } = await import('./history-rules.js');
const { defaultPick, pickedLines } = await import('./low-stock-rules.js');
const { toasts, clearToasts } = await import('../../../ui/toast.js');
type PurchaseOrder = import('./types.js').PurchaseOrder;
type LowStockItem = import('./types.js').LowStockItem;

test.after.each(async () => {
  await unmount();
  clearToasts();
});

const toastTexts = () => toasts.value.map((t) => `${t.kind}: ${t.message}`);
const byLabel = <T extends HTMLElement = HTMLInputElement>(label: string): T => {
  const el =
    document.querySelector(`[aria-label="${label}"]`) ??
    [...document.querySelectorAll('label')].find((l) => l.textContent?.trim().startsWith(label))?.querySelector('input, select, textarea');
  if (!el) throw new Error(`no field labelled ${label}`);
  return el as T;
};
const path = (c: Call) => new URL(c.url, 'http://x').pathname;
const writes = () => calls.filter((c) => c.method !== 'GET');

const order = (over: Partial<PurchaseOrder> = {}): PurchaseOrder => ({
  id: 9,
  number: 'PO-20250301-1',
  business_date: '2025-03-01',
  status: 'OPEN',
  supplier: { id: 3, name: 'Bata Distributors' },
  notes: null,
  expected_on: null,
  total: 205,
  qty_ordered: 10,
  qty_received: 0,
  created_at: '2025-03-01T02:00:00.000Z',
  created_by: 'admin',
  lines: [
    { id: 1, product_id: 41, sku: 'CS-40', item_name: 'Court Shoe', size: '40', qty_ordered: 4, qty_received: 0, unit_cost: 20.5, line_total: 82 },
    { id: 2, product_id: 42, sku: 'CS-41', item_name: 'Court Shoe', size: '41', qty_ordered: 6, qty_received: 0, unit_cost: 20.5, line_total: 123 },
  ],
  receipts: [],
  history: [],
  ...over,
});

test('history texts: one sentence per change, old -> new', () => {
  const item = 'Court Shoe size 40 (CS-40)';
  assert.equal(
    [
      { field: 'expected_on', product_id: null, item: null, from: null, to: '2025-03-10' },
      { field: 'notes', product_id: null, item: null, from: 'a', to: null },
      { field: 'qty', product_id: 41, item, from: '4', to: '6' },
      { field: 'unit_cost', product_id: 41, item, from: '20.50', to: '19.00' },
      { field: 'line_added', product_id: 43, item, from: null, to: '2 x $20.50' },
      { field: 'line_removed', product_id: 42, item, from: '6 x $20.50', to: null },
    ].map((c) => changeText(c as never)),
    [
      'Expected delivery: none → 2025-03-10',
      'Notes: a → none',
      `Qty of ${item}: 4 → 6`,
      `Unit cost of ${item}: $20.50 → $19.00`,
      `Added ${item}: 2 x $20.50`,
      `Removed ${item} (was 6 x $20.50)`,
    ],
  );
});

test('Edit Order: change a qty and a cost, remove a line, add one, expected date and notes; Save Changes sends the PATCH; the history shows', async () => {
  let current = order();
  const saved = order({
    expected_on: '2025-03-10',
    notes: 'Call first',
    history: [
      {
        id: 1,
        at: '2025-03-01T03:00:00.000Z',
        user: 'admin',
        changes: [{ field: 'qty', product_id: 41, item: 'Court Shoe size 40 (CS-40)', from: '4', to: '6' }],
      },
    ],
  });
  mockFetch((c) => {
    if (c.method === 'PATCH') {
      current = saved;
      return { status: 200, body: { purchase_order: saved } };
    }
    if (path(c) === '/api/products') {
      return {
        status: 200,
        body: {
          products: [{ id: 43, item_name: 'Court Shoe', size: '42', sku: 'CS-42', cost: 21, stock_qty: 0, selling_price: 49.9 }],
          count: 1,
        },
      };
    }
    return { status: 200, body: { purchase_order: current } };
  });
  let changed = 0;
  await render(<OrderDetailModal orderId={9} version={0} onClose={() => {}} onReceive={() => {}} onChanged={() => changed++} />);
  await waitFor(() => text().includes('Purchase Order PO-20250301-1'));
  assert.ok(text().includes('No changes since it was created'));
  assert.ok(text().includes('Expected Delivery') && text().includes('Not set'));
  await click(button('Edit Order'));
  await waitFor(() => text().includes('Edit Purchase Order PO-20250301-1'));
  assert.is(byLabel('Qty of Court Shoe (40)').value, '4');
  assert.is(byLabel('Unit cost of Court Shoe (40)').value, '20.50');
  await typeInto(byLabel('Qty of Court Shoe (40)'), '6');
  await typeInto(byLabel('Unit cost of Court Shoe (40)'), '19');
  await click(byLabel<HTMLButtonElement>('Remove Court Shoe (41)'));
  await typeInto(byLabel('Add Product'), 'CS-42');
  await waitFor(() => [...document.querySelectorAll('.picker-matches button')].length === 1, 3000);
  await click(document.querySelector<HTMLButtonElement>('.picker-matches button')!);
  await typeInto(byLabel('Expected Delivery'), '2025-03-10');
  await typeInto(byLabel<HTMLInputElement>('Notes'), 'Call first');
  assert.is(document.querySelector('[data-testid="edit-order-total"]')!.textContent, '$135.00');
  await click(button('Save Changes'));
  await waitFor(() => writes().length === 1);
  assert.equal(
    writes().map((c) => [c.method, path(c), c.body]),
    [
      [
        'PATCH',
        '/api/purchase-orders/9',
        {
          lines: [
            { product_id: 41, qty: 6, unit_cost: 19 },
            { product_id: 43, qty: 1, unit_cost: 21 },
          ],
          expected_on: '2025-03-10',
          notes: 'Call first',
        },
      ],
    ],
  );
  await waitFor(() => text().includes('Qty of Court Shoe size 40 (CS-40): 4 → 6'));
  assert.equal(toastTexts(), ['success: Purchase order PO-20250301-1 saved']);
  assert.ok(text().includes('by admin'));
  assert.is(changed, 1);
});

test('Edit Order: hidden once goods arrived; a bad qty is refused before sending; a 409 toasts the server message', async () => {
  mockFetch(() => ({ status: 200, body: { purchase_order: order({ status: 'PARTIAL', qty_received: 1 }) } }));
  await render(<OrderDetailModal orderId={9} version={0} onClose={() => {}} onReceive={() => {}} onChanged={() => {}} />);
  await waitFor(() => text().includes('PARTIAL'));
  assert.not.ok([...document.querySelectorAll('button')].some((b) => b.textContent === 'Edit Order'));
  await unmount();

  mockFetch((c) =>
    c.method === 'PATCH'
      ? { status: 409, body: { error: 'Goods were received on PO-20250301-1: it can no longer be changed', code: 'PURCHASE_ORDER_LOCKED' } }
      : { status: 200, body: { purchase_order: order() } },
  );
  await render(<OrderDetailModal orderId={9} version={0} onClose={() => {}} onReceive={() => {}} onChanged={() => {}} />);
  await waitFor(() => text().includes('Purchase Order PO-20250301-1'));
  await click(button('Edit Order'));
  await typeInto(byLabel('Qty of Court Shoe (40)'), '0');
  await click(button('Save Changes'));
  await flush();
  assert.equal(writes(), []);
  assert.equal(toastTexts(), ['error: Quantity of Court Shoe (40) must be a whole number from 1 to 100000']);
  clearToasts();
  await typeInto(byLabel('Qty of Court Shoe (40)'), '5');
  await click(button('Save Changes'));
  await waitFor(() => toastTexts().length === 1);
  assert.equal(toastTexts(), ['error: Failed to save purchase order: Goods were received on PO-20250301-1: it can no longer be changed']);
});

const low = (id: number, over: Partial<LowStockItem> = {}): LowStockItem => ({
  product_id: id,
  style_id: 7,
  sku: `CS-${id}`,
  item_name: 'Court Shoe',
  size: String(id),
  colour: null,
  brand: 'Bata',
  stock_qty: 1,
  reorder_point: 3,
  on_order: 0,
  suggested_qty: 5,
  supplier: { id: 3, name: 'Bata Distributors' },
  ...over,
});

test('low-stock rules: covered sizes start unticked; the ticked ones at their typed quantities', () => {
  assert.equal(defaultPick({ suggested_qty: 0 }), { ticked: false, qty: '' });
  assert.equal(defaultPick({ suggested_qty: 4 }), { ticked: true, qty: '4' });
  const items = [low(40), low(41)];
  assert.equal(
    pickedLines(items, () => ({ ticked: false, qty: '' })),
    { problem: 'Tick at least one size to order' },
  );
  assert.equal(
    pickedLines(items, (i) => ({ ticked: i.product_id === 41, qty: '3' })),
    { lines: [{ product_id: 41, qty: 3 }] },
  );
  assert.equal(
    pickedLines(items, () => ({ ticked: true, qty: '1.5' })),
    { problem: 'Quantity of Court Shoe (40) must be a whole number from 1 to 100000' },
  );
});

test('Low Stock picker: "on order N", covered sizes unticked, untick and change a qty, the draft sends the ticked lines; Set as Default Supplier', async () => {
  mockFetch((c) => {
    if (c.method === 'GET')
      return {
        status: 200,
        body: {
          items: [low(40, { on_order: 4, suggested_qty: 1 }), low(41), low(42, { on_order: 6, suggested_qty: 0 }), low(50, { style_id: 8, supplier: null })],
          count: 4,
        },
      };
    if (c.method === 'PUT') return { status: 200, body: { style_supplier: { style_id: 8, supplier: { id: 3, name: 'Bata Distributors' } } } };
    return { status: 201, body: { purchase_order: order({ number: 'PO-20250301-2' }) } };
  });
  const drafted: PurchaseOrder[] = [];
  const suppliers = [
    { id: 3, name: 'Bata Distributors' },
    { id: 4, name: 'Asia Footwear' },
  ] as never;
  await render(<LowStockPanel suppliers={suppliers} onDrafted={(o) => drafted.push(o)} />);
  await waitFor(() => text().includes('No supplier yet'));
  const rows = [...document.querySelectorAll('article.low-stock-group')[0]!.querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) =>
      td.querySelector('input')?.type === 'checkbox' ? String(td.querySelector('input')!.checked) : (td.querySelector('input')?.value ?? td.textContent),
    ),
  );
  assert.equal(rows, [
    ['true', 'Court ShoeBata', '40', 'CS-40', '1', '3', 'on order 4', '1'],
    ['true', 'Court ShoeBata', '41', 'CS-41', '1', '3', '', '5'],
    ['false', 'Court ShoeBata', '42', 'CS-42', '1', '3', 'on order 6', ''],
  ]);
  await click(byLabel('Order Court Shoe (40)'));
  await typeInto(byLabel('Order qty of Court Shoe (41)'), '3');
  const draftButtons = [...document.querySelectorAll('button')].filter((b) => b.textContent === 'Draft Purchase Order');
  await click(draftButtons[0]!);
  await flush();
  assert.equal(
    writes().map((c) => [path(c), c.body]),
    [['/api/purchase-orders/low-stock', { supplier_id: 3, lines: [{ product_id: 41, qty: 3 }] }]],
  );
  assert.is(drafted.length, 1);
  // The no-supplier group: choose Bata and make it the style's default.
  const select = byLabel<HTMLSelectElement>('Supplier for products with no supplier yet');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, '3');
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  const setDefault = [...document.querySelectorAll('article.low-stock-group')[1]!.querySelectorAll('button')].find(
    (b) => b.textContent === 'Set as Default Supplier',
  )!;
  await click(setDefault);
  await flush();
  assert.equal(writes()[1]!.method, 'PUT');
  assert.is(path(writes()[1]!), '/api/styles/8/supplier');
  assert.equal(writes()[1]!.body, { supplier_id: 3 });
  assert.ok(toastTexts().includes('success: Bata Distributors is the default supplier of 1 style'));
});

test.run();
