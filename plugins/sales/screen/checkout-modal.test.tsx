// happy-dom tests of the checkout modal: walk-in defaults, methods, PayNow QR, cash change, the credit rule and
// its messages, the payload with its Idempotency-Key, success (toast, cart cleared; the receipt is printed by the POS) and failures.
import { $, act, button, calls, click, flush, mockFetch, render, text, typeInto, unmount, waitFor } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toasts, clearToasts } from '../../../ui/toast.js';
import { setShopConfig, shopConfig } from '../../../ui/shop-config.js';
import { CheckoutModal } from './checkout-modal.js';
import { SaleComplete } from './sale-complete.js';
import { createCartStore, type CartStore } from './cart-store.js';
import { checkoutPayload, creditProblem, dueDateFor, insufficientCreditMessage, newIdempotencyKey, payNowReference } from './checkout-rules.js';
import type { CustomerSummary, PosProduct } from './types.js';
import { MemoryStorage } from '../../../tests/helpers/memory-storage.js';

const product = (over: Partial<PosProduct> = {}): PosProduct => ({
  id: 1,
  item_name: 'Runner Pro',
  sku: 'RUN-42',
  size: '42',
  cost: 10,
  selling_price: 19.99,
  brand: 'Fleet',
  material: 'Mesh',
  category: 'Running',
  stock_qty: 10,
  image_url: null,
  images: [],
  ...over,
});

const richCustomer: CustomerSummary = { id: 7, name: 'Tan Trading', company: 'Tan Co', credit_limit: 1000, credit_terms_days: 30, outstanding_balance: 100 };
const poorCustomer: CustomerSummary = { id: 8, name: 'Lim Retail', company: null, credit_limit: 100, credit_terms_days: 14, outstanding_balance: 60 };

let opened: string[] = [];
let popupBlocked = false;
window.open = ((url?: string | URL) => {
  if (popupBlocked) return null;
  opened.push(String(url));
  return {} as Window;
}) as typeof window.open;

/** A cart with 3 x $19.99 and 10% off: total $58.83. */
function filledCart(): CartStore {
  const s = createCartStore(new MemoryStorage() as Storage);
  const p = product();
  s.add(p);
  s.add(p);
  s.add(p);
  s.setInvoiceDiscount(10);
  return s;
}

const messages = () => toasts.value.map((t) => t.message);
const confirmButton = () => button('Complete Checkout');
const radio = (value: string) => $<HTMLInputElement>(`input[name="checkout-method"][value="${value}"]`);

let closed = 0;
let succeeded = 0;
async function open(store: CartStore) {
  closed = 0;
  succeeded = 0;
  return render(
    <CheckoutModal
      open
      store={store}
      onClose={() => {
        closed++;
      }}
      onSuccess={() => {
        succeeded++;
      }}
    />,
  );
}

async function pickCustomer(name: string) {
  await typeInto($<HTMLInputElement>('input[aria-label="Search customers"]'), name.slice(0, 3));
  const pick = await waitFor(() => [...document.querySelectorAll<HTMLButtonElement>('.customer-results button')].find((b) => b.textContent?.includes(name)));
  await click(pick!);
}

test.before.each(() => {
  clearToasts();
  opened = [];
  popupBlocked = false;
  mockFetch((call) => {
    if (call.url.startsWith('/api/customers'))
      return { status: 200, body: { customers: [richCustomer, poorCustomer], pagination: { page: 1, pageSize: 20, total: 2 } } };
    if (call.url === '/api/checkout') return { status: 201, body: { invoiceId: 41, number: 'INV-20250101-0007' } };
    return { status: 404, body: { error: 'not found' } };
  });
});
test.after.each(async () => {
  await unmount();
  setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09 });
});

test('rules: the credit check and its message, the due date, the uuid', () => {
  assert.is(insufficientCreditMessage(4000, 5883), 'Insufficient credit. Available: $40.00, Required: $58.83');
  assert.is(creditProblem(poorCustomer, 5883), 'Insufficient credit. Available: $40.00, Required: $58.83');
  assert.is(creditProblem(richCustomer, 5883), null);
  assert.is(creditProblem({ ...poorCustomer, outstanding_balance: 41.17 }, 5883), null, 'exactly enough is enough');
  assert.is(creditProblem(null, 5883), null);
  assert.is(dueDateFor(30, new Date('2025-01-31T20:00:00Z')), '2025-03-03', 'shop-local (Singapore) date');
  assert.is(dueDateFor(0, new Date('2025-01-31T10:00:00Z')), '2025-01-31');
  const key = newIdempotencyKey();
  assert.match(key, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.is.not(newIdempotencyKey(), key);
});

test('walk-in is the default: CASH and PAID, with the totals of the cart', async () => {
  const store = filledCart();
  await open(store);
  const body = text();
  assert.ok(body.includes('Complete Checkout'));
  assert.ok(body.includes('Walk-in Customer'));
  assert.is(radio('CASH').checked, true);
  assert.ok(radio('NETS'));
  assert.ok(radio('PAYNOW'));
  assert.is(document.querySelectorAll('input[name="checkout-method"]').length, 3, 'CASH, NETS, PAYNOW only');
  assert.is($('[data-testid="checkout-status"]').textContent, 'PAID');
  assert.is($('[data-testid="checkout-subtotal"]').textContent, '$59.97');
  assert.is($('[data-testid="checkout-gst"]').textContent, '$4.86');
  assert.is($('[data-testid="checkout-total"]').textContent, '$58.83');
  assert.ok(body.includes('GST (9%)'));
  assert.is(confirmButton().disabled, false);
});

test('cash tendered shows the change; short cash blocks the sale', async () => {
  await open(filledCart());
  await typeInto($<HTMLInputElement>('.cash-box input[type="number"]'), '100');
  assert.is($('[data-testid="checkout-change"]').textContent, '$41.17');
  await typeInto($<HTMLInputElement>('.cash-box input[type="number"]'), '50');
  assert.is(confirmButton().disabled, true);
  assert.ok(text().includes('Cash tendered is less than the total'));
});

const QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M2 2h7v7h-7z"/></svg>';

test("PayNow shows the server's QR for the total, with the amount and the reference; the sale records that reference", async () => {
  mockFetch((call) => {
    if (call.url === '/api/paynow/qr') {
      const b = call.body as { amount: number; reference: string };
      return { status: 200, body: { payload: '000201', svg: QR_SVG, amount: b.amount, reference: b.reference, expiry: '2026-11-27' } };
    }
    if (call.url === '/api/checkout') return { status: 201, body: { invoiceId: 41, number: 'INV-20250101-0007' } };
    return { status: 404, body: { error: 'not found' } };
  });
  const store = filledCart();
  await open(store);
  assert.is(document.querySelector('[data-testid="paynow-qr"]'), null);
  await click(radio('PAYNOW'));
  assert.is(radio('PAYNOW').checked, true);
  const img = await waitFor(() => document.querySelector<HTMLImageElement>('[data-testid="paynow-qr"] img'));
  assert.is(decodeURIComponent(img!.getAttribute('src')!.replace('data:image/svg+xml;charset=utf-8,', '')), QR_SVG);
  const reference = $('.paynow-reference').textContent ?? '';
  assert.match(reference, /^KD-[A-Z0-9]{6,10}$/, 'KD- and the time in base 36 (no till named)');
  assert.is($('.paynow-amount').textContent, '$58.83');
  const asked = calls.filter((c) => c.url === '/api/paynow/qr');
  assert.equal(
    asked.map((c) => c.body),
    [{ amount: 58.83, reference }],
  );
  assert.is(document.querySelector('.cash-box'), null, 'no cash box for PayNow');
  // The discount taken off: a new QR for the new amount, same reference.
  await act(async () => {
    store.setInvoiceDiscount(0);
  });
  await waitFor(() => calls.filter((c) => c.url === '/api/paynow/qr').length === 2);
  assert.equal(calls.filter((c) => c.url === '/api/paynow/qr')[1].body, { amount: 65.37, reference });
  await waitFor(() => $('.paynow-amount').textContent === '$65.37');
  await act(async () => {
    store.setInvoiceDiscount(10);
  });
  await waitFor(() => $('.paynow-amount').textContent === '$58.83');
  // Back and forth between methods keeps the attempt's reference (the customer may have scanned it already).
  await click(radio('CASH'));
  await click(radio('PAYNOW'));
  assert.is($('.paynow-reference').textContent, reference);
  await click(confirmButton());
  await waitFor(() => succeeded === 1);
  const body = calls.find((c) => c.url === '/api/checkout')!.body as { payments: unknown };
  assert.equal(body.payments, [{ method: 'PAYNOW', amount: 58.83, reference }]);
});

test("PayNow without a UEN: the server's message in place of the QR; the typed reference goes with the sale", async () => {
  mockFetch((call) => {
    if (call.url === '/api/paynow/qr')
      return { status: 409, body: { error: "Set the shop's PayNow UEN in Settings", code: 'PAYNOW_UEN_MISSING', details: { field: 'paynow_uen' } } };
    if (call.url === '/api/checkout') return { status: 201, body: { invoiceId: 41, number: 'INV-20250101-0007' } };
    return { status: 404, body: { error: 'not found' } };
  });
  await open(filledCart());
  await click(radio('PAYNOW'));
  const alert = await waitFor(() => document.querySelector('.paynow-error'));
  assert.is(alert!.textContent, "Set the shop's PayNow UEN in Settings");
  assert.is(document.querySelector('[data-testid="paynow-qr"] img'), null, 'no QR');
  await typeInto($<HTMLInputElement>('[data-testid="paynow-qr"] input'), 'DBS-778812');
  await click(confirmButton());
  await waitFor(() => succeeded === 1);
  const body = calls.find((c) => c.url === '/api/checkout')!.body as { payments: unknown };
  assert.equal(body.payments, [{ method: 'PAYNOW', amount: 58.83, reference: 'DBS-778812' }]);
});

test("the PayNow reference: KD-, the till's letters and digits, the time in base 36; at most 25 PayNow characters", () => {
  const now = Date.UTC(2026, 10, 26, 1, 0, 0);
  assert.is(payNowReference('Till 1', now), `KD-TILL1-${now.toString(36).toUpperCase()}`);
  assert.is(payNowReference(null, now), `KD-${now.toString(36).toUpperCase()}`);
  const long = payNowReference('Front counter (left) #2', now);
  assert.is(long, `KD-FRONTCOU-${now.toString(36).toUpperCase()}`);
  assert.match(long, /^[A-Za-z0-9-]{1,25}$/);
  assert.is.not(payNowReference('Till 1', now + 1), payNowReference('Till 1', now));
});

test('choosing a customer makes it a credit sale (CREDIT, UNPAID, due date); walk-in resets to CASH', async () => {
  const store = filledCart();
  await open(store);
  await click(radio('NETS'));
  await pickCustomer('Tan Trading');
  assert.is($('[data-testid="checkout-method"]').textContent, 'CREDIT');
  assert.is($('[data-testid="checkout-status"]').textContent, 'UNPAID');
  assert.is($('[data-testid="checkout-available"]').textContent, '$900.00');
  assert.ok(($('[data-testid="checkout-due-date"]').textContent ?? '').length > 5);
  assert.is(store.selectedCustomer.value?.id, 7);
  assert.ok(
    calls.some((c) => c.url.startsWith('/api/customers?search=Tan')),
    'searched the customers API',
  );
  assert.is(confirmButton().disabled, false);
  // Back to walk-in: the method is CASH again.
  await click($<HTMLInputElement>('input[name="checkout-customer"]'));
  assert.is(radio('CASH').checked, true);
  assert.is($('[data-testid="checkout-status"]').textContent, 'PAID');
  assert.is(store.selectedCustomer.value, null);
});

test('insufficient credit: both messages and the confirm button disabled', async () => {
  await open(filledCart());
  await pickCustomer('Lim Retail');
  const body = text();
  assert.ok(body.includes('Insufficient credit. Available: $40.00, Required: $58.83'));
  assert.ok(body.includes('Insufficient credit limit. This transaction cannot proceed.'));
  assert.is(confirmButton().disabled, true);
  assert.not.ok(calls.some((c) => c.url === '/api/checkout'));
});

test('a cash sale posts the payload with an Idempotency-Key, toasts, clears the cart and closes', async () => {
  const store = filledCart();
  await open(store);
  await typeInto($<HTMLInputElement>('.cash-box input[type="number"]'), '100');
  await click(confirmButton());
  await waitFor(() => succeeded === 1);
  const call = calls.find((c) => c.url === '/api/checkout')!;
  assert.is(call.method, 'POST');
  assert.match(call.headers['idempotency-key'], /^[0-9a-f-]{36}$/);
  assert.equal(call.body, {
    items: [{ productId: 1, qty: 3, unitPrice: 19.99 }],
    taxRate: 0.09,
    invoiceDiscount: 10,
    paymentStatus: 'PAID',
    payments: [{ method: 'CASH', amount: 58.83 }],
    tendered: 100,
    cashRounding: false,
  });
  assert.ok(messages().includes('Checkout successful! Invoice #INV-20250101-0007'));
  assert.equal(opened, [], "the receipt is the POS's job");
  assert.is(store.items.value.length, 0);
  assert.is(closed, 1);
});

test('a credit sale sends the customer, UNPAID, terms and due date, and no cash payment', async () => {
  await open(filledCart());
  await pickCustomer('Tan Trading');
  await click(confirmButton());
  await waitFor(() => succeeded === 1);
  const body = calls.find((c) => c.url === '/api/checkout')!.body as Record<string, unknown>;
  assert.is(body.customerId, 7);
  assert.is(body.paymentStatus, 'UNPAID');
  assert.is(body.creditTermsDays, 30);
  assert.is(body.creditAmount, 58.83);
  assert.is(body.dueDate, dueDateFor(30));
  assert.is(body.payments, undefined);
});

test('a PayNow sale sends its reference', () => {
  const s = filledCart();
  const body = checkoutPayload({
    items: s.items.value,
    invoiceDiscount: 0,
    totalCents: 6537,
    taxRate: 0.09,
    customer: null,
    method: 'PAYNOW',
    reference: 'INV-1',
    tendered: '',
    walkInName: ' Ah Seng ',
  });
  assert.equal(body.payments, [{ method: 'PAYNOW', amount: 65.37, reference: 'INV-1' }]);
  assert.is(body.walkInCompanyName, 'Ah Seng');
  assert.is(body.invoiceDiscount, undefined);
});

test("the GST rate and time zone are the server's: 10% served, 10% shown, charged and sent; none yet, no sale", async () => {
  setShopConfig(null);
  let answer: unknown = { status: 503, body: { error: 'down' } };
  mockFetch((call) => {
    if (call.url === '/api/auth/config') return answer as { status: number; body: unknown };
    if (call.url === '/api/checkout') return { status: 201, body: { invoiceId: 41, number: 'INV-20250101-0007' } };
    return { status: 404, body: {} };
  });
  await open(filledCart());
  await flush(10);
  assert.is(shopConfig.value, null);
  assert.is(confirmButton().disabled, true, 'no GST rate from the server, no sale');
  assert.ok(text().includes("Loading the shop's GST rate..."));

  answer = { status: 200, body: { demo: false, demoAccounts: [], timeZone: 'Asia/Tokyo', gstRate: 0.1 } };
  await open(filledCart());
  await waitFor(() => shopConfig.value?.gstRate === 0.1);
  await flush(10);
  assert.ok(text().includes('GST (10%)'));
  assert.is($('[data-testid="checkout-gst"]').textContent, '$5.40'); // 10% of $53.97, half-up
  assert.is($('[data-testid="checkout-total"]').textContent, '$59.37');
  assert.is(dueDateFor(0, new Date('2025-01-31T16:00:00Z')), '2025-02-01', 'the served zone (Tokyo, UTC+9)');
  await click(confirmButton());
  await waitFor(() => succeeded === 1);
  const body = calls.find((c) => c.url === '/api/checkout')!.body as Record<string, unknown>;
  assert.is(body.taxRate, 0.1);
  assert.equal(body.payments, [{ method: 'CASH', amount: 59.37 }]);
});

test('#17.3: a price mode switched since the till loaded it: the 409 SETTINGS_CHANGED is shown, the config reloads, the totals reprice', async () => {
  let config = { demo: false, demoAccounts: [], timeZone: 'Asia/Singapore', gstRate: 0.09, pricesIncludeGst: false };
  mockFetch((call) => {
    if (call.url === '/api/auth/config') return { status: 200, body: config };
    if (call.url === '/api/checkout') {
      return {
        status: 409,
        body: {
          error: "The shop's price setting changed during this sale (prices now include GST). Reload the till and check the total.",
          code: 'SETTINGS_CHANGED',
          details: { field: 'pricesIncludeGst' },
        },
      };
    }
    return { status: 404, body: {} };
  });
  const store = filledCart();
  await open(store);
  await waitFor(() => shopConfig.value?.pricesIncludeGst === false);
  await flush(10);
  assert.is($('[data-testid="checkout-total"]').textContent, '$58.83');
  config = { ...config, pricesIncludeGst: true };
  await click(confirmButton());
  await waitFor(() => messages().some((m) => m.includes('price setting changed')));
  assert.is((calls.find((c) => c.url === '/api/checkout')!.body as { pricesIncludeGst?: boolean }).pricesIncludeGst, false);
  await waitFor(() => shopConfig.value?.pricesIncludeGst === true);
  await flush(10);
  // 3 x 19.99 less 10% = 53.97, GST inside = 53.97 x 9/109 = 4.456 -> 4.46.
  assert.is($('[data-testid="checkout-total"]').textContent, '$53.97');
  assert.is($('[data-testid="checkout-gst"]').textContent, 'Total includes GST 9% of $4.46');
  assert.is(store.items.value.length, 1, 'the cart is kept');
  assert.is(succeeded, 0);
});

test('the modal itself opens no tab: the POS prints the receipt after the sale (#16.4)', async () => {
  await open(filledCart());
  await click(confirmButton());
  await waitFor(() => succeeded === 1);
  assert.equal(opened, []);
});

test('a failed checkout keeps the cart; no answer reuses the key, a refusal gets a new one', async () => {
  let reply: 'network-error' | { status: number; body: unknown } = 'network-error';
  mockFetch((call) => (call.url === '/api/checkout' ? reply : { status: 404, body: {} }));
  const store = filledCart();
  await open(store);
  await click(confirmButton());
  await waitFor(() => messages().includes('Checkout failed. Please try again.'));
  await click(confirmButton());
  await waitFor(() => calls.filter((c) => c.url === '/api/checkout').length === 2);
  await flush(10);
  const [a, b] = calls.filter((c) => c.url === '/api/checkout');
  assert.is(a.headers['idempotency-key'], b.headers['idempotency-key'], 'same sale retried with the same key');
  // A specific conflict from the server is shown as is.
  clearToasts();
  reply = { status: 409, body: { error: 'Insufficient stock for Runner Pro', code: 'INSUFFICIENT_STOCK' } };
  await click(confirmButton());
  await waitFor(() => messages().includes('Insufficient stock for Runner Pro'));
  clearToasts();
  reply = { status: 400, body: { error: 'taxRate: bad' } };
  await click(confirmButton());
  await waitFor(() => messages().includes('Checkout failed. Please try again.'));
  const all = calls.filter((c) => c.url === '/api/checkout');
  assert.is.not(all[3].headers['idempotency-key'], all[2].headers['idempotency-key'], 'after a refusal the next attempt is new');
  assert.is(store.items.value.length, 1);
  assert.is(succeeded, 0);
  assert.is(closed, 0);
  assert.equal(opened, []);
});

test('cash rounding on: Rounding and the rounded Amount due shown, Exact and change use it, cashRounding sent', async () => {
  setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09, cashRounding: true, pricesIncludeGst: false });
  await open(filledCart()); // $58.83: cash rounds up to $58.85
  await flush(10);
  assert.is($('[data-testid="checkout-total"]').textContent, '$58.83');
  assert.is($('[data-testid="checkout-rounding"]').textContent, '$0.02');
  assert.is($('[data-testid="checkout-amount-due"]').textContent, '$58.85');
  const cash = $<HTMLInputElement>('.cash-box input[type="number"]');
  assert.is(cash.placeholder, '58.85');
  await click($<HTMLButtonElement>('.quick-cash button[aria-keyshortcuts="E"]'));
  assert.is(cash.value, '58.85');
  assert.is($('[data-testid="checkout-change"]').textContent, '$0.00');
  await typeInto(cash, '60');
  assert.is($('[data-testid="checkout-change"]').textContent, '$1.15');
  // NETS is never rounded: the Rounding line goes.
  await click(radio('NETS'));
  assert.is(document.querySelector('[data-testid="checkout-rounding"]'), null);
  await click(radio('CASH'));
  await typeInto($<HTMLInputElement>('.cash-box input[type="number"]'), '58.84');
  assert.is(confirmButton().disabled, true, 'less than the rounded amount due');
  await typeInto($<HTMLInputElement>('.cash-box input[type="number"]'), '100');
  await click(confirmButton());
  await waitFor(() => succeeded === 1);
  const body = calls.find((c) => c.url === '/api/checkout')!.body as Record<string, unknown>;
  assert.equal([body.cashRounding, body.tendered, body.payments], [true, 100, [{ method: 'CASH', amount: 58.83 }]]);
});

test('rounding settings changed mid-sale: the 409 is shown, the settings reload and the new amount due shows', async () => {
  setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09, cashRounding: true, pricesIncludeGst: false });
  const message = "The shop's cash rounding was changed. Check the amount due again before completing the sale.";
  let configAsked = 0;
  mockFetch((call) => {
    if (call.url === '/api/auth/config') {
      configAsked++;
      return { status: 200, body: { demo: false, demoAccounts: [], timeZone: 'Asia/Singapore', gstRate: 0.09, cashRounding: false, pricesIncludeGst: false } };
    }
    if (call.url === '/api/checkout') return { status: 409, body: { error: message, code: 'SETTINGS_CHANGED', details: { field: 'cashRounding' } } };
    return { status: 404, body: {} };
  });
  setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09, cashRounding: true, pricesIncludeGst: false });
  const store = filledCart();
  await open(store);
  await waitFor(() => configAsked === 1);
  // The mount's config load answered "off"; the till showed "on" before it: put it back to what the cashier saw.
  setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09, cashRounding: true, pricesIncludeGst: false });
  await flush(10);
  assert.is($('[data-testid="checkout-amount-due"]').textContent, '$58.85');
  await click(confirmButton());
  await waitFor(() => messages().includes(message));
  await waitFor(() => configAsked === 2);
  await waitFor(() => document.querySelector('[data-testid="checkout-amount-due"]') === null);
  assert.is($('[data-testid="checkout-total"]').textContent, '$58.83');
  assert.is(store.items.value.length, 1, 'the cart stays for the retry');
  assert.is(succeeded, 0);
});

test('sale complete: a rounded cash sale shows Rounding and the Amount due beside the exact total', async () => {
  const invoice = { grand_total: 58.83, rounding: 0.02, amount_due: 58.85, tendered: 100, change: 41.15, amount_paid: 58.85, outstanding: 0 };
  await render(
    <SaleComplete sale={{ invoiceId: 41, number: 'INV-20250101-0007', invoice: invoice as never, stock: [] }} onPrint={() => {}} onNewSale={() => {}} />,
  );
  assert.equal(
    ['sale-total', 'sale-rounding', 'sale-amount-due', 'sale-change'].map((id) => $(`[data-testid="${id}"]`).textContent),
    ['$58.83', '$0.02', '$58.85', '$41.15'],
  );
});

test.run();
