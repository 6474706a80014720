// happy-dom tests of the till's live quote (#28): the cart asks POST /api/checkout/quote as it changes and shows
// the reply's adjustments (label and amount, whatever plugin made them) under the subtotal with the quote's totals;
// only the latest request's reply counts; a failed quote keeps the till's own totals; the checkout takes the quoted
// total as its amount due.
import { $, act, button, calls, click, flush, mockFetch, render, text, unmount, waitFor, type Reply } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clearToasts } from '../../../ui/toast.js';
import { setShopConfig } from '../../../ui/shop-config.js';
import { MemoryStorage } from '../../../tests/helpers/memory-storage.js';
import { CartPanel } from './cart-panel.js';
import { CheckoutModal } from './checkout-modal.js';
import { createCartStore, type CartStore } from './cart-store.js';
import { cartQuoteView, QUOTE_PENDING } from './cart-quote.js';
import { startCartQuotes } from './use-cart-quote.js';
import type { CheckoutQuote, ProductItem } from '../schemas.js';
import type { CheckoutBody, PosProduct } from './types.js';

const pair = (id: number, size: string): PosProduct => ({
  id,
  item_name: 'Samba OG',
  sku: `SAMBA-${size}`,
  size,
  selling_price: 100,
  brand: 'Adidas',
  material: 'Leather',
  category: 'Casual',
  stock_qty: 5,
  image_url: null,
});
const LABEL = 'Second pair 50%';

/**
 * A quote as the server gives it for a body of $100 pairs at 9% GST: from two units on, the cheaper half of the
 * pairs 50% off as one adjustment named LABEL (inside the lines' discounts, as the pipeline puts it).
 */
function quoteFor(body: CheckoutBody, label = LABEL): CheckoutQuote {
  const products = body.items as ProductItem[]; // the till's cart: products only
  const units = products.reduce((n, i) => n + i.qty, 0);
  const offCents = Math.floor(units / 2) * 5000;
  const grossCents = units * 10_000;
  const subtotalCents = grossCents - offCents;
  const taxCents = Math.round(subtotalCents * 0.09);
  let left = offCents;
  const items = products.map((i) => {
    const mine = Math.min(left, i.qty * 10_000);
    left -= mine;
    return {
      product_id: i.productId,
      name: 'Samba OG',
      size: null,
      qty: i.qty,
      unit_price: 100,
      discount: mine / 100,
      line_total: (i.qty * 10_000 - mine) / 100,
      adjustment: -mine / 100,
    };
  });
  return {
    items,
    adjustments: offCents
      ? [{ source: 'promotions', code: 'BUY_X_GET_Y', label, amount: -offCents / 100, units: units - (units % 2), ref_id: 7, promotion_id: 7, charge: false }]
      : [],
    subtotal: subtotalCents / 100,
    line_discount: offCents / 100,
    invoice_discount: 0,
    discount_total: offCents / 100,
    discount_percent: grossCents ? Math.round((offCents / grossCents) * 10_000) / 100 : 0,
    tax_rate: 0.09,
    prices_include_gst: false,
    tax_total: taxCents / 100,
    grand_total: (subtotalCents + taxCents) / 100,
    cash_rounding: false,
    cash_amount_due: (subtotalCents + taxCents) / 100,
    cash_rounding_amount: 0,
    approval_required: false,
    max_staff_discount_percent: 20,
  };
}

const quoteCalls = () => calls.filter((c) => c.url === '/api/checkout/quote');
const adjustmentLabels = () => [...document.querySelectorAll('[data-testid="cart-adjustment-label"]')].map((e) => e.textContent);
const adjustmentAmounts = () => [...document.querySelectorAll('[data-testid="cart-adjustment"]')].map((e) => e.textContent);
const shown = (id: string) => $(`[data-testid="${id}"]`).textContent;

let store: CartStore;
let stop: () => void = () => {};

test.before.each(() => {
  clearToasts();
  setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09, pricesIncludeGst: false, cashRounding: false });
  store = createCartStore(new MemoryStorage() as Storage);
});
test.after.each(async () => {
  stop();
  await unmount();
  setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09 });
});

/** The cart panel with the quote running against `reply` (the server's quote route). */
async function till(reply: (body: CheckoutBody) => Reply | Promise<Reply>, delayMs = 5) {
  mockFetch((c) => (c.url === '/api/checkout/quote' ? reply(c.body as CheckoutBody) : { status: 404, body: { error: 'not found' } }));
  await render(<CartPanel store={store} onCheckout={() => {}} />);
  stop = startCartQuotes(store, { delayMs });
}

test('one pair: no line, local totals; the second pair: the quote line and its totals appear by themselves', async () => {
  await till((body) => ({ status: 200, body: { quote: quoteFor(body) } }));
  await act(async () => {
    store.add(pair(1, '42'));
  });
  await waitFor(() => quoteCalls().length === 1 && store.quote.value);
  // The quote's body is the checkout's without its payments: lines, the GST rate and price mode the till shows.
  assert.equal(quoteCalls()[0].body, { items: [{ productId: 1, qty: 1, unitPrice: 100 }], taxRate: 0.09, pricesIncludeGst: false, cashRounding: false });
  assert.equal(adjustmentLabels(), []);
  assert.is(shown('cart-total'), '$109.00');

  await act(async () => {
    store.add(pair(2, '43'));
  });
  await waitFor(() => adjustmentLabels().length === 1);
  assert.equal(adjustmentLabels(), [LABEL]);
  assert.equal(adjustmentAmounts(), ['-$50.00']);
  // The subtotal is what the rows add up to; the adjustment comes off it; GST and total are the quote's.
  assert.is(shown('cart-subtotal'), '$200.00');
  assert.is(shown('cart-gst'), '$13.50');
  assert.is(shown('cart-total'), '$163.50');
  assert.ok(text().includes(`${LABEL}-$50.00`));

  // The pair taken off again: the line goes, the till's own arithmetic is back.
  await act(async () => {
    store.remove('2|43');
  });
  await waitFor(() => adjustmentLabels().length === 0);
  assert.is(shown('cart-total'), '$109.00');
});

test('only the latest request counts: a slow reply for an older cart is dropped', async () => {
  const pending: { body: CheckoutBody; answer: (r: Reply) => void }[] = [];
  await till((body) => new Promise<Reply>((answer) => pending.push({ body, answer })));
  await act(async () => {
    store.add(pair(1, '42'));
    store.add(pair(2, '43'));
  });
  await waitFor(() => pending.length === 1);
  // A third pair before the server answered the two: a new request.
  await act(async () => {
    store.add(pair(3, '44'));
  });
  await waitFor(() => pending.length === 2);
  // The newer one answers first (one deal of three pairs, labelled so the test can tell it), then the older one.
  await act(async () => {
    pending[1].answer({ status: 200, body: { quote: quoteFor(pending[1].body, 'Three pairs') } });
  });
  await waitFor(() => adjustmentLabels().length === 1);
  await act(async () => {
    pending[0].answer({ status: 200, body: { quote: quoteFor(pending[0].body, 'Stale') } });
  });
  await flush(20);
  assert.equal(adjustmentLabels(), ['Three pairs']);
  assert.is(shown('cart-subtotal'), '$300.00');
  assert.is(shown('cart-total'), '$272.50');
});

test('a burst of changes is one request (debounced); a failed quote keeps the local totals and shows no line', async () => {
  let fail = true;
  await till((body) => (fail ? 'network-error' : { status: 200, body: { quote: quoteFor(body) } }), 40);
  await act(async () => {
    store.add(pair(1, '42'));
    store.add(pair(2, '43'));
    store.add(pair(2, '43'));
  });
  await waitFor(() => store.quote.value);
  assert.is(quoteCalls().length, 1, 'three scans in a burst: one quote');
  assert.equal(adjustmentLabels(), []);
  assert.is(shown('cart-total'), '$327.00');
  assert.is(button('Checkout').disabled, false, 'selling goes on');
  // Back online: the next change is quoted.
  fail = false;
  await act(async () => {
    store.setQty('2|43', 1);
  });
  await waitFor(() => adjustmentLabels().length === 1);
  assert.is(shown('cart-total'), '$163.50');
});

test('the view: local totals without adjustments or after a failure; the last lines stay while the next quote is on its way', () => {
  const local = store.totals(0.09);
  assert.equal(cartQuoteView(local, null, null), { adjustments: [], totals: local, fresh: true, pending: false });
  const body = { items: [{ productId: 1, qty: 2 }], taxRate: 0.09 } as CheckoutBody;
  const q = quoteFor(body);
  const stale = cartQuoteView(local, { key: 'a', quote: q }, 'b');
  assert.equal(stale.adjustments, [{ label: LABEL, amount: -50 }]);
  assert.is(stale.pending, true);
  assert.is(stale.totals.total, 163.5);
  assert.is(stale.totals.totalCents, 16_350);
  assert.equal(cartQuoteView(local, { key: 'b', quote: null }, 'b'), { adjustments: [], totals: local, fresh: true, pending: false });
});

test('checkout: the amount due and the payment are the quoted total; Complete pressed early waits for the quote of this cart', async () => {
  let sent: any = null;
  mockFetch((c) => {
    if (c.url === '/api/checkout/quote') return { status: 200, body: { quote: quoteFor(c.body as CheckoutBody) } };
    if (c.url === '/api/checkout') {
      sent = c.body;
      return { status: 400, body: { error: 'stop here' } };
    }
    return { status: 404, body: { error: 'not found' } };
  });
  await act(async () => {
    store.add(pair(1, '42'));
    store.add(pair(2, '43'));
  });
  // The quote is on its way: Complete pressed now is not lost, nor sent with the till's own total; it waits.
  stop = startCartQuotes(store, { delayMs: 60 });
  await render(<CheckoutModal open onClose={() => {}} store={store} />);
  assert.ok(text().includes(QUOTE_PENDING));
  await click(button('Complete Checkout'));
  assert.is(sent, null, 'nothing sent before the quote');
  assert.ok(button('Processing...'), 'the button says the sale is on its way');
  await waitFor(() => sent);
  assert.equal(sent.payments, [{ method: 'CASH', amount: 163.5 }], "the quoted total, not the till's own");
  assert.equal(
    [...document.querySelectorAll('[data-testid="checkout-adjustment-label"]')].map((e) => e.textContent),
    [LABEL],
  );
  assert.is(shown('checkout-adjustment'), '-$50.00');
  assert.is(shown('checkout-total'), '$163.50');
});

test.run();
