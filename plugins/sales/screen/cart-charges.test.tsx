// happy-dom tests of #29's charge items at the till: another plugin's item (a gift card) in the cart beside the
// products, added through the cart's 'pos-cart-actions' slot; its row (no size, "(no GST)", a remove button); the
// totals (no GST on it, not under the sale discount), kept across a reload; sent to the quote and the checkout as
// `{[kind]: value}`; a quote's charge row is not shown twice; a cart of a charge alone can be sold.
import { $, act, calls, click, mockFetch, render, text, unmount, waitFor } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clearToasts } from '../../../ui/toast.js';
import { setShopConfig } from '../../../ui/shop-config.js';
import { registerSlots } from '../../../ui/slot.js';
import { clearSession, saveSession } from '../../../ui/session.js';
import { MemoryStorage } from '../../../tests/helpers/memory-storage.js';
import { CartPanel } from './cart-panel.js';
import { CheckoutModal } from './checkout-modal.js';
import { createCartStore, type CartStore } from './cart-store.js';
import { checkoutPayload } from './checkout-rules.js';
import { exchangeProps } from './pos-exchange.js';
import { cartQuoteView } from './cart-quote.js';
import { startCartQuotes } from './use-cart-quote.js';
import type { CartCharge, CheckoutQuote, PosCartActionsProps } from '../schemas.js';
import type { CheckoutBody, PosProduct } from './types.js';

const shoe: PosProduct = {
  id: 1,
  item_name: 'Samba OG',
  sku: 'SAMBA-42',
  size: '42',
  selling_price: 100,
  brand: 'Adidas',
  material: 'Leather',
  category: 'Casual',
  stock_qty: 5,
  image_url: null,
};
const card = (amount: number): CartCharge => ({ kind: 'gift_card', value: { amount }, label: `Gift card $${amount.toFixed(2)}`, amount });

/** A plugin's cart button, as a slot gets it: adds a $50 card. */
function AddFifty({ addCharge }: PosCartActionsProps) {
  return (
    <button type="button" onClick={() => addCharge(card(50))}>
      Add fifty
    </button>
  );
}

let storage: MemoryStorage;
let store: CartStore;
let stop: () => void = () => {};
test.before.each(() => {
  clearToasts();
  setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09, pricesIncludeGst: false, cashRounding: false });
  saveSession('t', { username: 'cashier', role: 'USER' });
  registerSlots([{ slot: 'pos-cart-actions', load: async () => ({ default: AddFifty }) }]);
  storage = new MemoryStorage();
  store = createCartStore(storage as unknown as Storage);
});
test.after.each(async () => {
  stop();
  stop = () => {};
  await unmount();
  registerSlots([]);
  clearSession();
  setShopConfig(null);
});

test('totals: the charge is added after the goods, without GST and outside the sale discount; a reload keeps it', () => {
  store.add(shoe);
  store.addCharge(card(50));
  let t = store.totals(0.09);
  assert.is(t.totalCents, 10900 + 5000);
  assert.is(t.subtotal, 150);
  assert.is(t.tax, 9);
  // 10% off the sale: on the shoe only ($90 + $8.10 GST), the card whole.
  store.setInvoiceDiscount(10);
  t = store.totals(0.09);
  assert.is(t.discount, 10);
  assert.is(t.tax, 8.1);
  assert.is(t.totalCents, 9810 + 5000);
  assert.is(t.discountPercent, 10, 'the staff limit is measured on the goods');
  assert.is(store.count.value, 2);
  // Another tab or a reload reads the same cart.
  const again = createCartStore(storage as unknown as Storage);
  assert.equal(again.charges.value, [card(50)]);
  // Prices including GST: the card is still outside it.
  assert.is(store.totals(0.09, true).totalCents, 9000 + 5000);
  store.removeCharge(0);
  assert.is(store.isEmpty.value, false);
  assert.is(store.totals(0.09).totalCents, 9810);
  store.clear();
  store.addCharge({ ...card(50), amount: -1 });
  assert.is(store.isEmpty.value, true, 'a malformed charge is not added');
});

test('the checkout body: products, then each charge as {[kind]: value}', () => {
  store.add(shoe);
  store.addCharge(card(50));
  store.addCharge(card(20));
  const body = checkoutPayload({
    items: store.items.value,
    charges: store.charges.value,
    invoiceDiscount: 0,
    totalCents: store.totals(0.09).totalCents,
    taxRate: 0.09,
    customer: null,
    method: 'CASH',
    reference: '',
    tendered: '',
    walkInName: '',
  });
  assert.equal(body.items, [{ productId: 1, qty: 1, unitPrice: 100 }, { gift_card: { amount: 50 } }, { gift_card: { amount: 20 } }]);
  assert.equal(body.payments, [{ method: 'CASH', amount: 179 }]);
});

test("the row: label, '(no GST)', amount, no size, a remove button; the slot's button adds it; the quote's charge row is not shown twice", async () => {
  const quote = (body: CheckoutBody): CheckoutQuote => ({
    items: [{ product_id: 1, name: 'Samba OG', size: '42', qty: 1, unit_price: 100, discount: 10, line_total: 90, adjustment: -10 }],
    adjustments: [
      { source: 'promotions', code: 'P', label: 'Ten off', amount: -10, units: 1, ref_id: 1, promotion_id: 1, charge: false },
      ...(body.items.length > 1
        ? [{ source: 'gift-cards', code: 'GIFT_CARD', label: 'Gift card $50.00', amount: 50, units: 1, ref_id: null, promotion_id: null, charge: true }]
        : []),
    ],
    subtotal: body.items.length > 1 ? 140 : 90,
    line_discount: 0,
    invoice_discount: 0,
    discount_total: 10,
    discount_percent: 10,
    tax_rate: 0.09,
    prices_include_gst: false,
    tax_total: 8.1,
    grand_total: body.items.length > 1 ? 148.1 : 98.1,
    cash_rounding: false,
    cash_amount_due: body.items.length > 1 ? 148.1 : 98.1,
    cash_rounding_amount: 0,
    approval_required: false,
    max_staff_discount_percent: 20,
  });
  mockFetch((c) =>
    c.url === '/api/checkout/quote' ? { status: 200, body: { quote: quote(c.body as CheckoutBody) } } : { status: 404, body: { error: 'no' } },
  );
  await render(<CartPanel store={store} onCheckout={() => {}} />);
  stop = startCartQuotes(store, { delayMs: 1 });
  await act(async () => {
    store.add(shoe);
  });
  await waitFor(() => text().includes('Add fifty'));
  await click($('.cart-actions button'));
  await waitFor(() => document.querySelector('[data-testid=cart-charge]'));
  const row = $('[data-testid=cart-charge]');
  assert.is(row.querySelector('.cart-name')?.textContent, 'Gift card $50.00');
  assert.is(row.querySelector('.cart-sub')?.textContent, '(no GST)');
  assert.is(row.querySelector('[data-testid=cart-charge-amount]')?.textContent, '$50.00');
  assert.not.ok(row.querySelector('[data-testid=cart-size]'), 'no size box');
  const remove = row.querySelector<HTMLButtonElement>('button.cart-remove')!;
  assert.is(remove.getAttribute('aria-label'), 'Remove Gift card $50.00');
  // The quote was asked with the charge, and its charge row is the cart's row, not an adjustment line.
  await waitFor(
    () =>
      calls.some((c) => c.url === '/api/checkout/quote' && (c.body as CheckoutBody).items.length === 2) &&
      !cartQuoteView(store.totals(0.09), store.quote.value, store.quoteWanted.value).pending,
  );
  assert.equal(
    [...document.querySelectorAll('[data-testid=cart-adjustment-label]')].map((e) => e.textContent),
    ['Ten off'],
  );
  assert.is($('[data-testid=cart-subtotal]').textContent, '$150.00', 'the rows: $100 of shoes and the $50 card');
  assert.is($('[data-testid=cart-total]').textContent, '$148.10');
  assert.ok(text().includes('2 items'));
  await click(remove);
  assert.not.ok(document.querySelector('[data-testid=cart-charge]'));
  assert.equal(store.charges.value, []);
});

test('a cart of a charge alone: Checkout opens and the sale sends it with the cash for it', async () => {
  let posted: CheckoutBody | null = null;
  mockFetch((c) => {
    if (c.url === '/api/checkout') {
      posted = c.body as CheckoutBody;
      return { status: 201, body: { invoiceId: 3, number: 'INV-20250101-0003', invoice: {}, stock: [], gift_cards: [{ code: 'X', amount: 50, balance: 50 }] } };
    }
    return { status: 200, body: { customers: [], pagination: { page: 1, pageSize: 20, total: 0 } } };
  });
  store.addCharge(card(50));
  await render(<CheckoutModal open store={store} onClose={() => {}} />);
  assert.is($('[data-testid=checkout-total]').textContent, '$50.00');
  assert.not.ok(text().includes('Cart is empty'));
  const complete = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Complete Checkout')!;
  assert.is(complete.disabled, false);
  await click(complete);
  await waitFor(() => posted);
  assert.equal(posted!.items, [{ gift_card: { amount: 50 } }]);
  assert.equal(posted!.payments, [{ method: 'CASH', amount: 50 }]);
  assert.equal(store.charges.value, [], 'the sale clears the cart');
});

test('an exchange started from the cart takes its gift card into the new sale (clearing the cart loses nothing)', () => {
  store.add(shoe);
  store.addCharge(card(50));
  const p = exchangeProps(store, { open: true, onClose: () => {}, onSuccess: () => {}, onWaiting: () => {} });
  assert.is(p.cartUnits, 2);
  const body = p.saleBody({ taxRate: 0.09, totalCents: 0, method: 'CASH', reference: '', tendered: '' });
  assert.equal(body.items, [{ productId: 1, qty: 1, unitPrice: 100 }, { gift_card: { amount: 50 } }]);
});

test.run();
