// happy-dom tests of the checkout's full tax invoice (#17.7): up to $1,000.00 the buyer is optional (the 'Full tax
// invoice' switch opens the fields); above it a walk-in must name the buyer; the buyer is sent as `buyer`.
import { $, button, calls, click, mockFetch, render, text, typeInto, unmount, waitFor } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clearToasts } from '../../../ui/toast.js';
import { setShopConfig } from '../../../ui/shop-config.js';
import { CheckoutModal } from './checkout-modal.js';
import { createCartStore, type CartStore } from './cart-store.js';
import type { CustomerSummary, PosProduct } from './types.js';
import { BUYER_NEEDED, buyerBlocker, buyerPayload, tillNeedsBuyer } from '../tax-invoice.js';
import { MemoryStorage } from '../../../tests/helpers/memory-storage.js';

const product = (price: number): PosProduct => ({
  id: 1,
  item_name: 'Limit Loafer',
  sku: 'LL-42',
  size: '42',
  cost: 10,
  selling_price: price,
  brand: 'Fleet',
  material: 'Leather',
  category: 'Formal',
  stock_qty: 10,
  image_url: null,
  images: [],
});
const hotel: CustomerSummary = {
  id: 7,
  name: 'Harbour Hotel',
  company: 'Harbour Hotel Pte Ltd',
  billing_address: '1 Harbourfront Ave',
  uen: '199704518E',
  credit_limit: 5000,
  credit_terms_days: 30,
  outstanding_balance: 0,
};

/** One product at `price`: $917.43 is $1,000.00 with GST, $917.44 is $1,000.01. */
function cartOf(price: number): CartStore {
  const s = createCartStore(new MemoryStorage() as Storage);
  s.add(product(price));
  return s;
}

const toggle = () => $<HTMLInputElement>('.buyer-fields input[type="checkbox"]');
const field = (label: string) =>
  [...document.querySelectorAll<HTMLLabelElement>('.buyer-fields label')]
    .find((l) => l.textContent?.trim().startsWith(label))!
    .querySelector<HTMLInputElement>('input, textarea')!;
const sent = () => calls.find((c) => c.url === '/api/checkout')?.body as Record<string, unknown> | undefined;

test.before.each(() => {
  clearToasts();
  setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09 });
  mockFetch((call) => {
    if (call.url === '/api/checkout') return { status: 201, body: { invoiceId: 41, number: 'INV-20250101-0007' } };
    return { status: 404, body: { error: 'not found' } };
  });
});
test.after.each(async () => {
  await unmount();
});

test('rules: the buyer is needed above $1,000.00 for a walk-in or a customer without an address', () => {
  assert.is(tillNeedsBuyer(100_000, null), false);
  assert.is(tillNeedsBuyer(100_001, null), true);
  assert.is(tillNeedsBuyer(100_001, hotel), false);
  assert.is(tillNeedsBuyer(100_001, { ...hotel, billing_address: ' ' }), true);
  assert.is(buyerBlocker({ name: '', address: '', uen: '' }, true), BUYER_NEEDED);
  assert.is(buyerBlocker({ name: 'Tan', address: '', uen: '' }, false), "Enter the buyer's address for the full tax invoice");
  assert.is(buyerBlocker({ name: 'Tan', address: '1 Road', uen: '12' }, false), 'buyer.uen must be 9 or 10 letters and digits (e.g. 201912345K)');
  assert.is(buyerBlocker({ name: 'Tan', address: '1 Road', uen: '' }, true), null);
  assert.equal(buyerPayload({ name: ' Tan ', address: ' 1 Road ', uen: '' }), { name: 'Tan', address: '1 Road' });
  assert.equal(buyerPayload({ name: 'Tan', address: '1 Road', uen: '201912345k' }), { name: 'Tan', address: '1 Road', uen: '201912345K' });
});

test('$1,000.00: no buyer fields until asked; the sale goes without `buyer`', async () => {
  await render(<CheckoutModal open store={cartOf(917.43)} onClose={() => {}} />);
  assert.is($('[data-testid="checkout-total"]').textContent, '$1,000.00');
  assert.is(toggle().checked, false);
  assert.is(toggle().disabled, false);
  assert.is(document.querySelector('.buyer-grid'), null);
  await click(button('Complete Checkout'));
  await waitFor(() => sent());
  assert.is(sent()!.buyer, undefined);
});

test('$1,000.01 walk-in: the fields show, the switch is locked on, the sale waits for name and address', async () => {
  await render(<CheckoutModal open store={cartOf(917.44)} onClose={() => {}} />);
  assert.is($('[data-testid="checkout-total"]').textContent, '$1,000.01');
  assert.is(toggle().checked, true);
  assert.is(toggle().disabled, true);
  assert.ok(text().includes("Above $1,000.00 the receipt is a full tax invoice: enter the buyer's name and address."));
  assert.is(button('Complete Checkout').disabled, true);
  assert.ok(text().includes(BUYER_NEEDED));
  await typeInto(field('Buyer name'), 'Lim Engineering Pte Ltd');
  await typeInto(field('Address') as unknown as HTMLInputElement, '8 Jurong Port Road\nSingapore 619092');
  await typeInto(field('UEN (optional)'), '201912345k');
  assert.is(button('Complete Checkout').disabled, false);
  await click(button('Complete Checkout'));
  await waitFor(() => sent());
  assert.equal(sent()!.buyer, { name: 'Lim Engineering Pte Ltd', address: '8 Jurong Port Road\nSingapore 619092', uen: '201912345K' });
});

test('the buyer asks at a small sale: the switch opens the fields, a bad UEN blocks, the buyer is sent', async () => {
  await render(<CheckoutModal open store={cartOf(10)} onClose={() => {}} />);
  await click(toggle());
  assert.ok(document.querySelector('.buyer-grid'));
  assert.is(button('Complete Checkout').disabled, true, 'name and address are needed once asked for');
  await typeInto(field('Buyer name'), 'Tan Ah Kow');
  await typeInto(field('Address') as unknown as HTMLInputElement, '1 Jalan Besar');
  await typeInto(field('UEN (optional)'), '1234');
  assert.is(button('Complete Checkout').disabled, true);
  await typeInto(field('UEN (optional)'), '');
  await click(button('Complete Checkout'));
  await waitFor(() => sent());
  assert.equal(sent()!.buyer, { name: 'Tan Ah Kow', address: '1 Jalan Besar' });
});

test('a registered customer with an address above $1,000.00 needs no buyer; asking starts from their record', async () => {
  const store = cartOf(917.44);
  store.setSelectedCustomer(hotel);
  await render(<CheckoutModal open store={store} onClose={() => {}} />);
  assert.is(toggle().checked, false);
  assert.is(toggle().disabled, false);
  await click(toggle());
  assert.is(field('Buyer name').value, 'Harbour Hotel');
  assert.is((field('Address') as unknown as HTMLTextAreaElement).value, '1 Harbourfront Ave');
  assert.is(field('UEN (optional)').value, '199704518E');
});

test.run();
