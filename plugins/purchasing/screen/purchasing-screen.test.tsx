// happy-dom tests of the purchasing screens: the supplier form (rules, add / edit toasts, server field errors),
// the New Purchase Order modal (product search, prefilled cost, totals, body), the order details (buttons, PDF,
// labels, cancel), the Receive Stock modal (prefilled outstanding, over-receiving, 409) and the Low Stock drafts.
import { act, button, calls, click, flush, mockFetch, render, text, typeInto, unmount, waitFor, type Call } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const supplierRules = await import('./supplier-form-rules.js');
const orderRules = await import('./order-rules.js');
const receiveRules = await import('./receive-rules.js');
const { groupBySupplier } = await import('./low-stock-rules.js');
const { SupplierEditor } = await import('./supplier-editor.js');
const { default: SuppliersScreen } = await import('./suppliers-screen.js');
const { NewOrderModal } = await import('./new-order-modal.js');
const { OrderDetailModal } = await import('./order-detail-modal.js');
const { ReceiveModal } = await import('./receive-modal.js');
const { LowStockPanel } = await import('./low-stock-panel.js');
const { default: PurchaseOrdersScreen } = await import('./purchase-orders-screen.js');
const { toasts, clearToasts } = await import('../../../ui/toast.js');
type Supplier = import('./types.js').Supplier;
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
async function choose(el: HTMLSelectElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
const path = (c: Call) => new URL(c.url, 'http://x').pathname;
const writes = () => calls.filter((c) => c.method !== 'GET');

const supplier = (over: Partial<Supplier> = {}): Supplier => ({
  id: 3,
  name: 'Bata Distributors',
  contact: 'Mr Lim',
  phone: '+65 6555 1234',
  email: 'orders@bata.example',
  uen: '201912345K',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  ...over,
});
const product = (id: number, size: string, over: object = {}) => ({
  id,
  item_name: 'Court Shoe',
  sku: `CS-${size}`,
  size,
  cost: 20.5,
  selling_price: 49.9,
  brand: 'Bata',
  material: null,
  category: 'Shoes',
  colour: null,
  barcode: null,
  style_id: 1,
  reorder_point: null,
  stock_qty: 2,
  tax_rate: 0.09,
  image_url: null,
  images: [],
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  ...over,
});
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

// ---- Suppliers ----

test('supplier rules: name required, email and UEN checked like the server; the body is trimmed', () => {
  const empty = supplierRules.emptySupplierForm();
  assert.equal(supplierRules.validateSupplierForm(empty), { name: 'Supplier name is required' });
  const ok = { ...empty, name: ' Bata ' };
  assert.equal(supplierRules.validateSupplierForm(ok), {});
  assert.is(supplierRules.validateSupplierForm({ ...ok, email: 'nope' }).email, 'Please enter a valid email address');
  assert.is(supplierRules.validateSupplierForm({ ...ok, uen: '123' }).uen, 'UEN must be 9 or 10 letters and digits (e.g. 201912345K)');
  assert.equal(supplierRules.validateSupplierForm({ ...ok, uen: '201912345k', email: 'a@b.sg' }), {});
  assert.equal(supplierRules.supplierBody({ ...ok, phone: ' 6555 ' }), { name: 'Bata', contact: '', phone: '6555', email: '', uen: '' });
  assert.equal(supplierRules.formFromSupplier(supplier({ contact: null })).contact, '');
});

test('Add Supplier: bad input shows errors and sends nothing; a save toasts; a server refusal names the field', async () => {
  let saved: Supplier | null = null;
  mockFetch((c) => ({ status: 201, body: { supplier: supplier({ name: (c.body as { name: string }).name }) } }));
  await render(
    <SupplierEditor
      onClose={() => {}}
      onSaved={(s) => {
        saved = s;
      }}
    />,
  );
  await click(button('Add Supplier'));
  assert.ok(text().includes('Supplier name is required'));
  await typeInto(byLabel('Supplier Name *'), 'Asia Footwear');
  await typeInto(byLabel('Email'), 'bad');
  await click(button('Add Supplier'));
  assert.ok(text().includes('Please enter a valid email address'));
  assert.is(calls.length, 0);
  await typeInto(byLabel('Email'), 'sales@asia.example');
  await typeInto(byLabel('Contact Person'), 'Ms Tan');
  await typeInto(byLabel('UEN'), '53123456A');
  await click(button('Add Supplier'));
  await flush();
  assert.is(calls.length, 1);
  assert.is(calls[0].method, 'POST');
  assert.equal(calls[0].body, { name: 'Asia Footwear', contact: 'Ms Tan', phone: '', email: 'sales@asia.example', uen: '53123456A' });
  assert.equal(toastTexts(), ['success: Supplier Asia Footwear added successfully']);
  assert.is(saved!.name, 'Asia Footwear');
  await unmount();
  clearToasts();

  mockFetch(() => ({ status: 400, body: { error: 'uen must match pattern', code: 'VALIDATION', details: { field: 'uen' } } }));
  await render(<SupplierEditor onClose={() => {}} onSaved={() => {}} />);
  await typeInto(byLabel('Supplier Name *'), 'X');
  await click(button('Add Supplier'));
  await flush();
  assert.equal(toastTexts(), ['error: Failed to save supplier: uen must match pattern']);
  assert.is(document.querySelector('[data-error-for="uen"]')?.textContent, 'uen must match pattern');
});

test('Edit Supplier: PATCHes the changed form and toasts "updated successfully"', async () => {
  mockFetch((c) => ({ status: 200, body: { supplier: supplier(c.body as Partial<Supplier>) } }));
  await render(<SupplierEditor supplier={supplier()} onClose={() => {}} onSaved={() => {}} />);
  assert.is(byLabel('Supplier Name *').value, 'Bata Distributors');
  await typeInto(byLabel('Phone'), '+65 6000 0000');
  await click(button('Save Changes'));
  await flush();
  assert.is(calls[0].method, 'PATCH');
  assert.is(path(calls[0]), '/api/suppliers/3');
  assert.is((calls[0].body as { phone: string }).phone, '+65 6000 0000');
  assert.equal(toastTexts(), ['success: Supplier Bata Distributors updated successfully']);
});

test('Suppliers screen: the table with its columns, search sent to the server', async () => {
  mockFetch(() => ({
    status: 200,
    body: { suppliers: [supplier(), supplier({ id: 4, name: 'Asia Footwear', email: null, uen: null })], pagination: { page: 1, pageSize: 50, total: 2 } },
  }));
  await render(<SuppliersScreen />);
  await waitFor(() => document.querySelector('table.suppliers-table'));
  assert.equal(
    [...document.querySelectorAll('table.suppliers-table th')].map((th) => th.textContent),
    ['Name', 'Contact', 'Phone', 'Email', 'UEN', 'Actions'],
  );
  assert.ok(text().includes('Showing 2 of 2 suppliers'));
  await typeInto(byLabel('Search suppliers'), 'asia');
  await waitFor(() => calls.some((c) => c.url.includes('search=asia')));
  await click(button('+ Add Supplier'));
  assert.ok(document.querySelector('dialog h3')?.textContent === 'Add Supplier');
});

// ---- New Purchase Order ----

test('order rules: qty and cost checks, totals in cents, the body', () => {
  const l = orderRules.draftLine(product(41, '40'));
  assert.equal([l.qty, l.unitCost], ['1', '20.50']);
  assert.is(orderRules.lineTotalCents({ ...l, qty: '3', unitCost: '19.99' }), 5997);
  assert.is(
    orderRules.orderTotalCents([
      { ...l, qty: '3', unitCost: '0.10' },
      { ...l, qty: '2', unitCost: '0.20' },
    ]),
    70,
  );
  assert.is(orderRules.orderProblem('', [l]), 'Please select a supplier');
  assert.is(orderRules.orderProblem('3', []), 'Add at least one product to the order');
  assert.is(orderRules.orderProblem('3', [{ ...l, qty: '0' }]), 'Quantity of Court Shoe (40) must be a whole number from 1 to 100000');
  assert.is(orderRules.orderProblem('3', [{ ...l, qty: '1.5' }]), 'Quantity of Court Shoe (40) must be a whole number from 1 to 100000');
  assert.is(
    orderRules.orderProblem('3', [{ ...l, unitCost: '1.005' }]),
    'Unit cost of Court Shoe (40) must be an amount of at least 0 with at most 2 decimals',
  );
  assert.is(orderRules.orderProblem('3', [{ ...l, unitCost: '-1' }]), 'Unit cost of Court Shoe (40) must be an amount of at least 0 with at most 2 decimals');
  assert.is(orderRules.orderProblem('3', [l]), null);
  assert.equal(orderRules.orderBody('3', [{ ...l, qty: '4', unitCost: '19.9' }], ' rush '), {
    supplier_id: 3,
    lines: [{ product_id: 41, qty: 4, unit_cost: 19.9 }],
    notes: 'rush',
  });
  assert.equal(orderRules.orderBody('3', [l], ''), { supplier_id: 3, lines: [{ product_id: 41, qty: 1, unit_cost: 20.5 }] });
});

test('New Purchase Order: search adds lines at the product cost, qty and cost edit the total, remove, create', async () => {
  let created: PurchaseOrder | null = null;
  mockFetch((c) => {
    if (c.method === 'GET')
      return { status: 200, body: { products: [product(41, '40'), product(42, '41')], count: 2, pagination: { page: 1, pageSize: 8, total: 2 } } };
    return { status: 201, body: { purchase_order: order() } };
  });
  await render(
    <NewOrderModal
      suppliers={[supplier()]}
      onClose={() => {}}
      onCreated={(o) => {
        created = o;
      }}
    />,
  );
  await click(button('Create Purchase Order'));
  assert.equal(toastTexts(), ['error: Please select a supplier']);
  await choose(byLabel<HTMLSelectElement>('Supplier *'), '3');
  await typeInto(byLabel('Add Product'), 'court');
  await waitFor(() => document.querySelectorAll('.picker-matches button').length === 2);
  assert.ok(calls.some((c) => path(c) === '/api/products' && c.url.includes('search=court')));
  await click(document.querySelectorAll<HTMLButtonElement>('.picker-matches button')[0]);
  assert.is(byLabel('Add Product').value, '', 'picking empties the search');
  await typeInto(byLabel('Add Product'), 'court');
  await waitFor(() => document.querySelectorAll('.picker-matches button').length === 2);
  await click(document.querySelectorAll<HTMLButtonElement>('.picker-matches button')[1]);
  assert.is(byLabel('Unit cost of Court Shoe (40)').value, '20.50');
  await typeInto(byLabel('Qty of Court Shoe (40)'), '4');
  await typeInto(byLabel('Qty of Court Shoe (41)'), '6');
  await typeInto(byLabel('Unit cost of Court Shoe (41)'), '19.90');
  assert.is(document.querySelector('[data-testid="order-total"]')?.textContent, '$201.40');
  await typeInto(byLabel('Qty of Court Shoe (41)'), '0');
  clearToasts();
  await click(button('Create Purchase Order'));
  assert.equal(toastTexts(), ['error: Quantity of Court Shoe (41) must be a whole number from 1 to 100000']);
  assert.is(writes().length, 0);
  await typeInto(byLabel('Qty of Court Shoe (41)'), '6');
  await click(byLabel<HTMLButtonElement>('Remove Court Shoe (41)'));
  assert.is(document.querySelector('[data-testid="order-total"]')?.textContent, '$82.00');
  clearToasts();
  await click(button('Create Purchase Order'));
  await flush();
  assert.equal(
    writes().map((c) => [path(c), c.body]),
    [['/api/purchase-orders', { supplier_id: 3, lines: [{ product_id: 41, qty: 4, unit_cost: 20.5 }] }]],
  );
  assert.equal(toastTexts(), ['success: Purchase order PO-20250301-1 created']);
  assert.is(created!.number, 'PO-20250301-1');
});

// ---- Details, receiving, cancelling ----

test('order details: lines with outstanding, Print Labels only after a receipt, PDF and labels open in a new tab', async () => {
  const opened: string[] = [];
  const original = window.open;
  window.open = ((url: string) => {
    opened.push(url);
    return {} as Window;
  }) as typeof window.open;
  try {
    let current = order();
    mockFetch(() => ({ status: 200, body: { purchase_order: current } }));
    let receiving: PurchaseOrder | null = null;
    await render(
      <OrderDetailModal
        orderId={9}
        version={0}
        onClose={() => {}}
        onReceive={(o) => {
          receiving = o;
        }}
        onChanged={() => {}}
      />,
    );
    await waitFor(() => text().includes('Purchase Order PO-20250301-1'));
    assert.equal([...document.querySelectorAll('.po-detail-lines th')].map((th) => th.textContent).slice(0, 8), [
      'Product',
      'Size',
      'SKU',
      'Ordered',
      'Received',
      'Outstanding',
      'Unit Cost',
      'Line Total',
    ]);
    assert.ok(text().includes('Nothing received yet'));
    assert.is(button('Print Labels').disabled, true);
    await click(button('PDF'));
    assert.equal(opened, ['/api/purchase-orders/9/pdf']);
    await click(button('Receive'));
    assert.is(receiving!.id, 9);
    await unmount();

    current = order({
      status: 'PARTIAL',
      qty_received: 3,
      lines: [{ ...order().lines[0], qty_received: 3 }, order().lines[1]],
      receipts: [
        {
          id: 5,
          received_at: '2025-03-02T03:00:00.000Z',
          received_by: 'admin',
          lines: [{ product_id: 41, qty: 3, unit_cost: 20.5, cost_before: 20.5, cost_after: 20.5 }],
        },
      ],
    });
    await render(<OrderDetailModal orderId={9} version={1} onClose={() => {}} onReceive={() => {}} onChanged={() => {}} />);
    await waitFor(() => text().includes('PARTIAL'));
    assert.ok(text().includes('3 × Court Shoe (40)'));
    assert.is(button('Print Labels').disabled, false);
    await click(button('Print Labels'));
    await click(button('Labels'));
    assert.equal(opened.slice(1), ['/api/labels.pdf?purchase_order_id=9', '/api/labels.pdf?purchase_order_id=9&receipt_id=5']);
    await unmount();

    current = order({ status: 'RECEIVED', qty_received: 10 });
    await render(<OrderDetailModal orderId={9} version={2} onClose={() => {}} onReceive={() => {}} onChanged={() => {}} />);
    await waitFor(() => text().includes('RECEIVED'));
    assert.not.ok([...document.querySelectorAll('button')].some((b) => b.textContent === 'Receive' || b.textContent === 'Cancel Order'));
  } finally {
    window.open = original;
  }
});

test('Cancel Order asks first, then POSTs /cancel and toasts; a refusal toasts its message', async () => {
  const original = window.confirm;
  const asked: string[] = [];
  let answer = false;
  window.confirm = ((m: string) => {
    asked.push(m);
    return answer;
  }) as typeof window.confirm;
  try {
    let status: 200 | 409 = 200;
    mockFetch((c) =>
      c.method === 'POST'
        ? status === 200
          ? { status, body: { purchase_order: order({ status: 'CANCELLED' }) } }
          : { status, body: { error: 'Purchase order PO-20250301-1 is already fully received', code: 'PURCHASE_ORDER_CLOSED' } }
        : { status: 200, body: { purchase_order: order({ qty_received: 2, status: 'PARTIAL' }) } },
    );
    let changed = 0;
    await render(<OrderDetailModal orderId={9} version={0} onClose={() => {}} onReceive={() => {}} onChanged={() => changed++} />);
    await waitFor(() => text().includes('PARTIAL'));
    await click(button('Cancel Order'));
    await flush();
    assert.equal(asked, ['Cancel purchase order PO-20250301-1? Units already received stay in stock.']);
    assert.is(writes().length, 0, 'declined: nothing sent');
    answer = true;
    await click(button('Cancel Order'));
    await flush();
    assert.equal(
      writes().map((c) => [path(c), c.body]),
      [['/api/purchase-orders/9/cancel', {}]],
    );
    assert.equal(toastTexts(), ['success: Purchase order PO-20250301-1 cancelled']);
    assert.is(changed, 1);
    clearToasts();
    status = 409;
    await click(button('Cancel Order'));
    await flush();
    assert.equal(toastTexts(), ['error: Failed to cancel purchase order: Purchase order PO-20250301-1 is already fully received']);
  } finally {
    window.confirm = original;
  }
});

test('receive rules: outstanding, the over-receiving check, non-zero lines only', () => {
  const lines = order({ lines: [{ ...order().lines[0], qty_received: 3 }, order().lines[1]] }).lines;
  assert.equal(receiveRules.initialQtys(lines), { 41: '1', 42: '6' });
  assert.is(receiveRules.outstanding({ qty_ordered: 2, qty_received: 5 }), 0);
  assert.is(receiveRules.receiveProblem(lines, { 41: '0', 42: '0' }, false), 'Enter a quantity to receive on at least one line');
  assert.is(receiveRules.receiveProblem(lines, { 41: '-1', 42: '0' }, false), 'Quantity of Court Shoe (40) must be a whole number from 0 to 100000');
  assert.is(
    receiveRules.receiveProblem(lines, { 41: '2', 42: '0' }, false),
    'Receiving 2 of Court Shoe (40) is more than the 1 still expected: tick "Allow receiving more than ordered" to accept the extra',
  );
  assert.is(receiveRules.receiveProblem(lines, { 41: '2', 42: '0' }, true), null);
  assert.equal(receiveRules.receiveBody(lines, { 41: '0', 42: '4' }, false), { lines: [{ product_id: 42, qty: 4 }] });
  assert.equal(receiveRules.receiveBody(lines, { 41: '2', 42: '' }, true), { lines: [{ product_id: 41, qty: 2 }], allow_over: true });
});

test('Receive Stock: prefilled with what is outstanding, sends the non-zero lines, toasts the units; a 409 shows its message', async () => {
  let reply: { status: number; body: unknown } = { status: 200, body: { purchase_order: order({ status: 'PARTIAL' }), receipt: {} } };
  mockFetch(() => reply);
  let received = 0;
  const o = order({ lines: [{ ...order().lines[0], qty_received: 1 }, order().lines[1]] });
  await render(<ReceiveModal order={o} onClose={() => {}} onReceived={() => received++} />);
  assert.is(byLabel('Court Shoe (40)').value, '3');
  assert.is(byLabel('Court Shoe (41)').value, '6');
  await typeInto(byLabel('Court Shoe (41)'), '0');
  await typeInto(byLabel('Court Shoe (40)'), '5');
  await click(button('Receive Stock'));
  assert.match(toastTexts()[0], /more than the 3 still expected/);
  assert.is(calls.filter((c) => c.method === 'POST').length, 0); // (GETs: the grids' styles, refused here: the table stays)
  await click(byLabel('Allow receiving more than ordered'));
  clearToasts();
  await click(button('Receive Stock'));
  await flush();
  assert.equal(
    calls.filter((c) => c.method === 'POST').map((c) => [path(c), c.body]),
    [['/api/purchase-orders/9/receive', { lines: [{ product_id: 41, qty: 5 }], allow_over: true }]],
  );
  assert.equal(toastTexts(), ['success: Received 5 units on PO-20250301-1']);
  assert.is(received, 1);
  clearToasts();
  reply = { status: 409, body: { error: 'Purchase order PO-20250301-1 is cancelled', code: 'PURCHASE_ORDER_CLOSED' } };
  await click(button('Receive Stock'));
  await flush();
  assert.equal(toastTexts(), ['error: Purchase order PO-20250301-1 is cancelled']);
  assert.is(received, 1);
});

// ---- Low stock ----

const low = (id: number, supplierRef: { id: number; name: string } | null, over: Partial<LowStockItem> = {}): LowStockItem => ({
  product_id: id,
  style_id: 1,
  sku: `SKU-${id}`,
  item_name: `Shoe ${id}`,
  size: '40',
  colour: null,
  brand: 'Bata',
  stock_qty: 1,
  reorder_point: 3,
  on_order: 0,
  suggested_qty: 5,
  supplier: supplierRef,
  ...over,
});

test('low stock: grouped by supplier by name, "No supplier yet" last', () => {
  const a = { id: 2, name: 'Zeta' };
  const b = { id: 3, name: 'Alpha' };
  const groups = groupBySupplier([low(1, a), low(2, null), low(3, b), low(4, a)]);
  assert.equal(
    groups.map((g) => [g.supplier?.name ?? null, g.items.map((i) => i.product_id)]),
    [
      ['Alpha', [3]],
      ['Zeta', [1, 4]],
      [null, [2]],
    ],
  );
});

test('Low Stock panel: Draft Purchase Order per supplier; the no-supplier group needs a supplier chosen', async () => {
  const drafted: PurchaseOrder[] = [];
  mockFetch((c) =>
    c.method === 'GET'
      ? { status: 200, body: { items: [low(1, { id: 3, name: 'Bata Distributors' }), low(2, null, { item_name: 'Loafer' })], count: 2 } }
      : { status: 201, body: { purchase_order: order({ number: 'PO-20250301-2' }) } },
  );
  await render(<LowStockPanel suppliers={[supplier(), supplier({ id: 4, name: 'Asia Footwear' })]} onDrafted={(o) => drafted.push(o)} />);
  await waitFor(() => text().includes('No supplier yet'));
  const groups = [...document.querySelectorAll<HTMLElement>('article.low-stock-group')];
  assert.is(groups.length, 2);
  assert.ok(groups[0].textContent?.includes('Bata Distributors'));
  const draftIn = (g: HTMLElement) => [...g.querySelectorAll('button')].find((b) => b.textContent === 'Draft Purchase Order')!;
  await click(draftIn(groups[0]));
  await flush();
  assert.equal(
    writes().map((c) => [path(c), c.body]),
    [['/api/purchase-orders/low-stock', { supplier_id: 3, lines: [{ product_id: 1, qty: 5 }] }]],
  );
  assert.equal(toastTexts(), ['success: Purchase order PO-20250301-2 created']);
  assert.is(drafted.length, 1);
  clearToasts();
  await click(draftIn(groups[1]));
  assert.equal(toastTexts(), ['error: Please select a supplier']);
  await choose(byLabel<HTMLSelectElement>('Supplier for products with no supplier yet'), '4');
  await click(draftIn(groups[1]));
  await flush();
  assert.equal(writes()[1].body, { supplier_id: 4, lines: [{ product_id: 2, qty: 5 }] });
});

test('Low Stock panel: a refusal toasts the server message', async () => {
  mockFetch((c) =>
    c.method === 'GET'
      ? { status: 200, body: { items: [low(1, { id: 3, name: 'Bata Distributors' })], count: 1 } }
      : { status: 409, body: { error: 'Nothing is low on stock for Bata Distributors', code: 'NOTHING_LOW' } },
  );
  await render(<LowStockPanel suppliers={[]} onDrafted={() => {}} />);
  await waitFor(() => text().includes('Shoe 1'));
  await click(button('Draft Purchase Order'));
  await flush();
  assert.equal(toastTexts(), ['error: Failed to draft purchase order: Nothing is low on stock for Bata Distributors']);
});

// ---- The screen ----

test('Purchase Orders screen: table, status and supplier filters sent to the server, the Low Stock tab', async () => {
  mockFetch((c) => {
    const p = path(c);
    if (p === '/api/suppliers') return { status: 200, body: { suppliers: [supplier()], pagination: { page: 1, pageSize: 200, total: 1 } } };
    if (p === '/api/reports/low-stock') return { status: 200, body: { items: [], count: 0 } };
    return { status: 200, body: { purchase_orders: [order({ qty_received: 4, status: 'PARTIAL' })], pagination: { page: 1, pageSize: 50, total: 1 } } };
  });
  await render(<PurchaseOrdersScreen />);
  await waitFor(() => document.querySelector('table.purchase-orders-table'));
  assert.equal(
    [...document.querySelectorAll('table.purchase-orders-table th')].map((th) => th.textContent),
    ['Number', 'Supplier', 'Date', 'Units Received / Ordered', 'Total Cost', 'Status', 'Actions'],
  );
  const row = document.querySelector('table.purchase-orders-table tbody tr')!.textContent!;
  assert.ok(row.includes('PO-20250301-1') && row.includes('4 / 10') && row.includes('$205.00') && row.includes('PARTIAL'), row);
  assert.equal(
    [...byLabel<HTMLSelectElement>('Status').options].map((o) => o.text),
    ['All', 'OPEN', 'PARTIAL', 'RECEIVED', 'CANCELLED'],
  );
  await choose(byLabel<HTMLSelectElement>('Status'), 'PARTIAL');
  await waitFor(() => calls.some((c) => c.url.includes('status=PARTIAL')));
  await choose(byLabel<HTMLSelectElement>('Supplier'), '3');
  await waitFor(() => calls.some((c) => c.url.includes('status=PARTIAL') && c.url.includes('supplier_id=3')));
  const tab = [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((b) => b.textContent === 'Low Stock')!;
  await click(tab);
  await waitFor(() => text().includes('Nothing is low on stock'));
  assert.is(tab.getAttribute('aria-selected'), 'true');
});

test.run();
