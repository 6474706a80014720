// happy-dom tests of the low-stock badge (moved here from ui/components with the inventory screen's test of it):
// 'Low stock: N' opens the list of low sizes, hidden when the report fails; and it reaches the POS and the
// Inventory head through this plugin's slots, with the props their hosts declare.
import { button, click, flush, mockFetch, render, text, unmount, waitFor } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LowStockItem } from '../schemas.js';

const { default: LowStockBadge } = await import('./low-stock-badge.js');
const { registerSlots, Slot } = await import('../../../ui/slot.js');
const { slots } = await import('./index.js');
const { saveSession, clearSession } = await import('../../../ui/session.js');

test.after.each(async () => {
  await unmount();
  clearSession();
});

const item = (id: number, size: string, stock: number): LowStockItem => ({
  product_id: id,
  style_id: 7,
  sku: `AD-SMB-${size}`,
  item_name: 'Samba OG',
  size,
  colour: 'Black',
  brand: 'Adidas',
  stock_qty: stock,
  reorder_point: 2,
  on_order: 0,
  suggested_qty: 4 - stock,
  supplier: null,
});

/** The report: two low sizes, or a 404 (an older server). */
function lowStockServer(opts: { fail?: boolean } = {}) {
  mockFetch((c) => {
    if (!c.url.startsWith('/api/reports/low-stock')) return { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } };
    if (opts.fail) return { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } };
    return { status: 200, body: { count: 2, items: [item(71, '40', 0), item(72, '41', 2)] } };
  });
}

test('low-stock badge: "Low stock: N" opens the list of low sizes; hidden when the report fails', async () => {
  lowStockServer();
  await render(<LowStockBadge />);
  await waitFor(() => text().includes('Low stock: 2'));
  await click(button('▼ Low stock: 2'));
  assert.ok(document.querySelector('dialog')!.textContent!.includes('Low Stock'));
  assert.is(document.querySelectorAll('table.low-stock-table tbody tr').length, 2);
  assert.ok(document.querySelector('table.low-stock-table tbody tr')!.textContent!.includes('AD-SMB-40'));
  await unmount();
  lowStockServer({ fail: true });
  await render(<LowStockBadge />);
  await flush(50);
  assert.not.ok(text().includes('Low stock'));
  assert.is(document.querySelectorAll('button').length, 0);
});

test('slots: the badge is in the POS for everyone, in the Inventory head for an ADMIN', async () => {
  registerSlots(slots);
  lowStockServer();
  saveSession('t', { username: 'cashier', role: 'USER' });
  await render(
    <>
      <Slot name="pos-stock-alert" props={{ refreshKey: 0 }} />
      <Slot name="inventory-head" props={{ refreshKey: 0 }} />
    </>,
  );
  await waitFor(() => text().includes('Low stock: 2'));
  assert.is(document.querySelectorAll('.low-stock-badge').length, 1);
  await unmount();
  saveSession('t', { username: 'admin', role: 'ADMIN' });
  await render(<Slot name="inventory-head" props={{ refreshKey: 0 }} />);
  await waitFor(() => text().includes('Low stock: 2'));
  assert.is(document.querySelectorAll('.low-stock-badge').length, 1);
});

test.run();
