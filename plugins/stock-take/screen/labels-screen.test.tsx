// happy-dom tests of the Labels screen: the PDF address rules (copies, repeated ids, layout, limits), the print
// list (whole style, one size, copies, remove), Print Labels opening the PDF, and the received-order labels.
import { button, calls, click, mockFetch, render, setPath, text, typeInto, unmount, waitFor, act, type Call } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const rules = await import('./label-rules.js');
const server = await import('../labels.js');
const { default: LabelsScreen } = await import('./labels-screen.js');
const { toasts, clearToasts } = await import('../../../ui/toast.js');
type Product = import('./types.js').Product;
type Style = import('./types.js').Style;

const realOpen = window.open;
let opened: string[] = [];
test.before.each(() => {
  opened = [];
  window.open = ((url: string) => {
    opened.push(url);
    return {} as Window;
  }) as typeof window.open;
});
test.after.each(async () => {
  await unmount();
  clearToasts();
  setPath('/');
  window.open = realOpen;
});

const toastTexts = () => toasts.value.map((t) => `${t.kind}: ${t.message}`);
const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const query = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);
const item = (id: number, copies: string, size = `UK ${id}`) => ({
  product: { id, item_name: 'Desert Boot', size, sku: `DSB-${id}`, barcode: null, colour: 'Sand' },
  copies,
});
const sheet = rules.defaultLayout();

test("rules: the server's sheet defaults; one copies figure for all, repeated ids for mixed copies", () => {
  assert.equal([rules.DEFAULT_ROWS, rules.DEFAULT_COLS, rules.MAX_LABELS], [server.DEFAULT_ROWS, server.DEFAULT_COLS, server.MAX_LABELS]);
  assert.equal(sheet, { format: 'sheet', rows: '8', cols: '3' });
  const same = rules.labelsUrl([item(1, '2'), item(2, '2')], sheet) as { url: string };
  assert.equal(query(same.url), { product_ids: '1,2', copies: '2', rows: '8', cols: '3' });
  const one = rules.labelsUrl([item(1, '1')], { ...sheet, format: 'roll' }) as { url: string };
  assert.equal(query(one.url), { product_ids: '1', format: 'roll' });
  const mixed = rules.labelsUrl([item(1, '2'), item(2, '1'), item(3, '3')], sheet) as { url: string };
  assert.equal(query(mixed.url), { product_ids: '1,1,2,3,3,3', rows: '8', cols: '3' });
  assert.is(rules.labelCount([item(1, '2'), item(2, 'x'), item(3, '3')]), 5);
});

test('rules: bad input is an error and no address', () => {
  assert.equal(rules.labelsUrl([], sheet), { error: 'Add at least one product to the print list' });
  assert.equal(rules.labelsUrl([item(1, '0')], sheet), { error: 'Copies of Desert Boot UK 1 must be a whole number from 1 to 100' });
  assert.equal(rules.labelsUrl([item(1, '1.5')], sheet), { error: 'Copies of Desert Boot UK 1 must be a whole number from 1 to 100' });
  assert.equal(rules.labelsUrl([item(1, '1')], { ...sheet, rows: '21' }), { error: 'Rows must be a whole number from 1 to 20' });
  assert.equal(rules.labelsUrl([item(1, '1')], { ...sheet, cols: '' }), { error: 'Columns must be a whole number from 1 to 6' });
  const many = Array.from({ length: 30 }, (_, i) => item(i + 1, '100'));
  assert.equal(rules.labelsUrl(many, sheet), { error: 'At most 2000 labels at a time (the list has 3000)' });
  const mixedMany = Array.from({ length: 30 }, (_, i) => item(i + 1, String(i % 2 ? 10 : 9)));
  assert.match((rules.labelsUrl(mixedMany, sheet) as { error: string }).error, /different copies/);
  assert.equal(query((rules.receivedLabelsUrl(12, null, sheet) as { url: string }).url), { purchase_order_id: '12', rows: '8', cols: '3' });
  assert.equal(query((rules.receivedLabelsUrl(12, 3, { ...sheet, format: 'roll' }) as { url: string }).url), {
    purchase_order_id: '12',
    receipt_id: '3',
    format: 'roll',
  });
});

const product = (id: number, size: string): Product =>
  ({
    id,
    item_name: 'Desert Boot',
    sku: `CL-DSB-${size}`,
    size,
    cost: 98,
    selling_price: 199,
    brand: 'Clarks',
    material: 'Suede',
    category: 'Boots',
    colour: 'Sand',
    barcode: null,
    style_id: 3,
    reorder_point: null,
    stock_qty: 4,
    tax_rate: 0.09,
    image_url: null,
    images: [],
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
  }) as Product;
const style: Style = {
  id: 3,
  item_name: 'Desert Boot',
  brand: 'Clarks',
  category: 'Boots',
  material: 'Suede',
  colour: 'Sand',
  cost: 98,
  selling_price: 199,
  tax_rate: 0.09,
  reorder_point: null,
  sku_prefix: 'CL-DSB',
  image_url: null,
  stock_qty: 12,
  products: [product(11, 'UK7'), product(12, 'UK8'), product(13, 'UK9')],
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
function fakeServer() {
  mockFetch((c: Call) => {
    if (c.url.startsWith('/api/styles')) return { status: 200, body: { styles: [style], count: 1, pagination: { page: 1, pageSize: 10, total: 1 } } };
    return { status: 404, body: { error: 'Not found' } };
  });
}
const listRows = () => document.querySelectorAll('table.print-list-table tbody tr').length;

test('screen: add a whole style and one size, set copies, print; an empty list or bad copies opens nothing', async () => {
  fakeServer();
  setPath('/labels');
  await render(<LabelsScreen />);
  await waitFor(() => text().includes('Desert Boot (Clarks, Sand)'));
  assert.ok(calls[0].url.startsWith('/api/styles?'));
  await click(button('Print Labels'));
  assert.ok(text().includes('Add at least one product to the print list'));
  assert.equal(toastTexts(), ['error: Add at least one product to the print list']);
  assert.equal(opened, []);
  clearToasts();

  await click(button('UK8'));
  assert.is(listRows(), 1);
  await click(button('Add All Sizes'));
  assert.is(listRows(), 3, 'the other sizes join; UK8 is not added twice');
  assert.equal(
    [...document.querySelectorAll('table.print-list-table tbody tr td:nth-child(2)')].map((td) => td.textContent),
    ['UK8', 'UK7', 'UK9'],
  );
  await click(button('Add All Sizes'));
  assert.equal(toastTexts(), ['info: Already on the print list']);

  await typeInto(field('label-copies'), '2');
  assert.ok(text().includes('6 labels'));
  await click(button('Print Labels'));
  assert.is(opened.length, 1);
  assert.equal(query(opened[0]), { product_ids: '12,11,13', copies: '2', rows: '8', cols: '3' });

  await typeInto(document.querySelector<HTMLInputElement>('[aria-label="Copies of Desert Boot UK9"]')!, '0');
  await click(button('Print Labels'));
  assert.ok(text().includes('Copies of Desert Boot UK9 must be a whole number from 1 to 100'));
  assert.is(opened.length, 1, 'nothing more opened');
  await typeInto(document.querySelector<HTMLInputElement>('[aria-label="Copies of Desert Boot UK9"]')!, '1');
  await act(async () => {
    const select = document.getElementById('label-format') as HTMLSelectElement;
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, 'roll');
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  assert.is(field('label-rows'), null, 'no rows and columns for the roll');
  await click(button('Print Labels'));
  assert.equal(query(opened[1]), { product_ids: '12,12,11,11,13', format: 'roll' });

  await click(document.querySelector<HTMLButtonElement>('[aria-label="Remove Desert Boot UK7"]')!);
  assert.is(listRows(), 2);
  await click(button('Clear List'));
  assert.is(listRows(), 0);
});

test('screen: ?purchase_order_id=N offers the labels of the received units; a blocked popup toasts', async () => {
  fakeServer();
  setPath('/labels?purchase_order_id=12');
  await render(<LabelsScreen />);
  assert.ok(text().includes('Purchase order #12'));
  await click(button('Print Received Labels'));
  assert.equal(query(opened[0]), { purchase_order_id: '12', rows: '8', cols: '3' });
  window.open = (() => null) as typeof window.open;
  await click(button('Print Received Labels'));
  assert.equal(toastTexts(), ['error: Popup blocked. Please allow popups for this site.']);
});

test.run();
