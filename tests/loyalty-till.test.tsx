// happy-dom tests of #29 loyalty at the till and on the customer screen, across plugins: sales' customer picker
// (phone search, joining with a name and a phone), loyalty's points beside the chosen customer ('checkout-customer'),
// its 'Use points' tender ('checkout-tender'), the points a sale earned ('sale-complete') and the history on the
// customer screen (customers' 'customer-details'). The maths: plugins/loyalty/screen/points-rules.test.ts.
import { $, button, calls, click, mockFetch, render, text, typeInto, unmount, waitFor } from '../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clearToasts, toasts } from '../ui/toast.js';
import { setShopConfig } from '../ui/shop-config.js';
import { registerSlots } from '../ui/slot.js';
import { saveSession, clearSession } from '../ui/session.js';
import { slots } from '../app/screens.js';
import { CheckoutModal } from '../plugins/sales/screen/checkout-modal.js';
import { SaleComplete } from '../plugins/sales/screen/sale-complete.js';
import { CustomerDetails } from '../plugins/customers/screen/customer-details.js';
import { createCartStore } from '../plugins/sales/screen/cart-store.js';
import { joinProblems } from '../plugins/sales/screen/join-customer.js';
import type { CheckoutReply, PosProduct } from '../plugins/sales/screen/types.js';
import { MemoryStorage } from './helpers/memory-storage.js';

const product = {
  id: 1,
  item_name: 'Runner Pro',
  sku: 'RUN-42',
  size: '42',
  selling_price: 100,
  brand: 'Fleet',
  material: 'Mesh',
  category: 'Running',
  stock_qty: 10,
  image_url: null,
} as PosProduct;
const siti = {
  id: 7,
  name: 'Siti Member',
  phone: '+65 9123 4567',
  email: null,
  company: null,
  uen: null,
  billing_address: null,
  credit_limit: 0,
  credit_terms_days: 0,
  outstanding_balance: 0,
  overdue: false,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
const SETTINGS = { loyalty_points_per_dollar: 1, loyalty_point_value: 0.01, loyalty_min_redeem_points: 0, loyalty_expiry_months: 0 };
const toastTexts = () => toasts.value.map((t) => `${t.kind}: ${t.message}`);

test.before.each(() => {
  setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09 });
  registerSlots(slots);
  saveSession('t', { username: 'cashier', role: 'USER' });
});
test.after.each(async () => {
  await unmount();
  clearToasts();
  setShopConfig(null);
  clearSession();
});

/** The server as the till sees it: customers found by phone, Siti's 1,240 points, loyalty's settings. */
function server(over: { settings?: object; posted?: (body: any) => void; customers?: (url: string) => object[] } = {}) {
  mockFetch((c) => {
    if (c.url.startsWith('/api/customers?')) {
      const list = over.customers ? over.customers(c.url) : c.url.includes('search=91234567') ? [siti] : [];
      return { status: 200, body: { customers: list, pagination: { page: 1, pageSize: 20, total: list.length } } };
    }
    if (c.url === '/api/customers/7') return { status: 200, body: { customer: { ...siti, outstanding_invoices: [], loyalty: { points: 1240, value: 12.4 } } } };
    if (c.url === '/api/customers/8')
      return { status: 200, body: { customer: { ...siti, id: 8, name: 'New Member', outstanding_invoices: [], loyalty: { points: 0, value: 0 } } } };
    if (c.url === '/api/settings') return { status: 200, body: { settings: { ...SETTINGS, ...over.settings } } };
    if (c.url === '/api/customers' && c.method === 'POST') {
      return { status: 201, body: { customer: { ...siti, id: 8, name: (c.body as any).name, phone: (c.body as any).phone } } };
    }
    if (c.url === '/api/checkout') {
      over.posted?.(c.body);
      return { status: 201, body: { invoiceId: 1, number: 'INV-20250101-0001', invoice: {}, stock: [] } };
    }
    return { status: 404, body: { error: 'Not found' } };
  });
}

const customerSearch = () => $<HTMLInputElement>('input[aria-label="Search customers"]');

test('phone digits find the member, the list shows the phone; picked, their points show and pay part of the sale', async () => {
  let posted: any = null;
  server({ posted: (b) => (posted = b) });
  const store = createCartStore(new MemoryStorage() as Storage);
  store.add(product);
  await render(<CheckoutModal open store={store} onClose={() => {}} />);
  await typeInto(customerSearch(), '91234567');
  await waitFor(() => text().includes('+65 9123 4567'));
  assert.ok(calls.some((c) => c.url.includes('search=91234567')));
  assert.ok($('.customer-results').textContent?.includes('Siti Member · +65 9123 4567'));
  await click($('.customer-results button'));
  // Beside the chosen customer: their points and what they are worth.
  await waitFor(() => document.querySelector('[data-testid=customer-points]'));
  assert.is($('[data-testid=customer-points]').textContent, '1,240 points ($12.40)');
  await waitFor(() => document.querySelector('[data-testid=points-available]'));
  assert.is($('[data-testid=points-available]').textContent, '1,240 points ($12.40)');
  await click(button('Use points'));
  await waitFor(() => document.querySelector('[data-testid=points-applied]'));
  assert.is($('[data-testid=points-applied]').textContent, '$12.40');
  // $109.00 (GST added) less $12.40 of points.
  assert.is($('[data-testid=checkout-due]').textContent, '$96.60');
  // Removed, they pay nothing; used again.
  await click(button('Remove points'));
  await waitFor(() => document.querySelector('[data-testid=points-available]'));
  assert.not.ok(document.querySelector('[data-testid=checkout-due]'));
  await click(button('Use points'));
  await waitFor(() => document.querySelector('[data-testid=points-applied]'));
  await click(button('Complete Checkout'));
  await waitFor(() => posted);
  assert.is(posted.customerId, 7);
  assert.equal(posted.payments[0], { method: 'LOYALTY_POINTS', reference: '', amount: 12.4 });
  assert.is(posted.payments[1].amount, 96.6);
});

test('points worth $0.10 each pay whole points of what is due; the method pays the cents left', async () => {
  let posted: any = null;
  server({ settings: { loyalty_point_value: 0.1 }, posted: (b) => (posted = b) });
  const store = createCartStore(new MemoryStorage() as Storage);
  store.add({ ...product, selling_price: 99.99 } as PosProduct);
  store.setSelectedCustomer(siti);
  await render(<CheckoutModal open store={store} onClose={() => {}} />);
  await waitFor(() => document.querySelector('[data-testid=points-available]'));
  await click(button('Use points'));
  await waitFor(() => document.querySelector('[data-testid=points-applied]'));
  // $108.99 due: 1,089 points of $0.10 = $108.90, 9 cents left for cash.
  assert.is($('[data-testid=points-applied]').textContent, '$108.90');
  assert.ok(text().includes('1,089 points of 1,240 points'));
  assert.is($('[data-testid=checkout-due]').textContent, '$0.09');
  await click(button('Complete Checkout'));
  await waitFor(() => posted);
  assert.equal(
    posted.payments.map((p: { method: string; amount: number }) => [p.method, p.amount]),
    [
      ['LOYALTY_POINTS', 108.9],
      ['CASH', 0.09],
    ],
  );
});

test('below the minimum to redeem, Use points is off and says why', async () => {
  server({ settings: { loyalty_min_redeem_points: 2000 } });
  const store = createCartStore(new MemoryStorage() as Storage);
  store.add(product);
  store.setSelectedCustomer(siti);
  await render(<CheckoutModal open store={store} onClose={() => {}} />);
  await waitFor(() => document.querySelector('[data-testid=points-problem]'));
  assert.is($('[data-testid=points-problem]').textContent, 'Points pay from 2,000 points: this customer has 1,240 points');
  assert.ok(button('Use points').disabled);
});

test('join at the till: name and phone required; a new number is added and picked; a number on file is offered instead', async () => {
  let onFile = false;
  server({ customers: (url) => (onFile && url.includes('search=') ? [siti] : []) });
  const store = createCartStore(new MemoryStorage() as Storage);
  store.add(product);
  await render(<CheckoutModal open store={store} onClose={() => {}} />);
  await click(button('New customer'));
  await click(button('Add customer'));
  assert.ok(text().includes('Name is required'));
  assert.ok(text().includes('Phone is required'));
  assert.not.ok(calls.some((c) => c.method === 'POST'));
  await typeInto($<HTMLInputElement>('input[name=join-name]'), 'New Member');
  await typeInto($<HTMLInputElement>('input[name=join-phone]'), '9876 5432');
  await click(button('Add customer'));
  await waitFor(() => store.selectedCustomer.value?.id === 8);
  const post = calls.find((c) => c.method === 'POST' && c.url === '/api/customers');
  assert.equal(post?.body, { name: 'New Member', phone: '9876 5432' });
  assert.ok(toastTexts().includes('success: Customer New Member added successfully!'));
  // The form is gone; the new customer is the sale's, their points (0) beside them.
  await waitFor(() => document.querySelector('[data-testid=customer-points]'));
  assert.is($('[data-testid=customer-points]').textContent, '0 points ($0.00)');

  // The same number again: Siti is offered, nothing is added.
  onFile = true;
  store.setSelectedCustomer(null);
  await click(button('New customer'));
  await typeInto($<HTMLInputElement>('input[name=join-name]'), 'Siti Again');
  await typeInto($<HTMLInputElement>('input[name=join-phone]'), '+6591234567');
  const posts = calls.filter((c) => c.method === 'POST').length;
  await click(button('Add customer'));
  await waitFor(() => text().includes('Siti Member already has this phone number (+65 9123 4567).'));
  assert.is(calls.filter((c) => c.method === 'POST').length, posts);
  await click(button('Use Siti Member'));
  await waitFor(() => store.selectedCustomer.value?.id === 7);
});

test('joinProblems: the texts the form shows', () => {
  assert.equal(joinProblems('', ''), { name: 'Name is required', phone: 'Phone is required' });
  assert.equal(joinProblems('A', '12-34'), { phone: 'Please enter a valid phone number' });
  assert.equal(joinProblems('A', 'call 91234567'), { phone: 'Please enter a valid phone number' });
  assert.equal(joinProblems('A', '+65 9123 4567'), {});
});

test('sale complete shows the points earned and the balance; a walk-in sale shows none', async () => {
  const sale = { invoiceId: 1, number: 'INV-1', invoice: { grand_total: 109, amount_paid: 109, change: 0, outstanding: 0 }, stock: [] };
  await render(
    <SaleComplete
      sale={{ ...sale, loyalty: { earned: 96, redeemed: 1240, balance: 96 } } as unknown as CheckoutReply}
      onPrint={() => {}}
      onNewSale={() => {}}
    />,
  );
  await waitFor(() => document.querySelector('[data-testid=sale-points]'));
  assert.is($('[data-testid=sale-points-earned]').textContent, '96');
  assert.is($('[data-testid=sale-points-redeemed]').textContent, '1,240');
  assert.is($('[data-testid=sale-points-balance]').textContent, '96');
  await render(<SaleComplete sale={sale as unknown as CheckoutReply} onPrint={() => {}} onNewSale={() => {}} />);
  await waitFor(() => document.querySelector('[data-testid=sale-change]'));
  assert.not.ok(document.querySelector('[data-testid=sale-points]'));
});

test('the customer screen: points balance and history (date, kind, points, invoice)', async () => {
  mockFetch((c) => {
    if (c.url === '/api/customers/7') return { status: 200, body: { customer: { ...siti, outstanding_invoices: [] } } };
    if (c.url === '/api/customers/7/points') {
      const entry = { business_date: '2025-03-01', expires_on: null, note: null };
      return {
        status: 200,
        body: {
          points: 96,
          value: 0.96,
          entries: [
            { ...entry, id: 2, kind: 'REDEEMED', points: -1240, at: '2025-03-02T04:00:00.000Z', invoice_id: 2, invoice_number: 'INV-20250302-0001' },
            { ...entry, id: 1, kind: 'EARNED', points: 1336, at: '2025-03-01T04:00:00.000Z', invoice_id: 1, invoice_number: 'INV-20250301-0001' },
          ],
        },
      };
    }
    return { status: 404, body: { error: 'Not found' } };
  });
  await render(<CustomerDetails customerId={7} version={0} onClose={() => {}} onEdit={() => {}} onPay={() => {}} />);
  await waitFor(() => document.querySelector('[data-testid=points-entry]'));
  assert.is($('[data-testid=points-balance]').textContent, '96 points');
  assert.is($('[data-testid=points-value]').textContent, '$0.96');
  const rows = [...document.querySelectorAll('[data-testid=points-entry]')].map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));
  assert.equal(rows, [
    ['02 Mar 2025', 'Redeemed', '-1,240', 'INV-20250302-0001'],
    ['01 Mar 2025', 'Earned', '+1,336', 'INV-20250301-0001'],
  ]);
});

test.run();
