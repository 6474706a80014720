// happy-dom tests of #29's gift cards at the till, across plugins through the app's slots (app/screens.ts): the
// cart's 'Gift card' dialog ($5..$1,000, quick picks), paying by card in the checkout dialog beside a credit note
// (each pays all it can of what is left, the rest in cash; refusals show the server's or the card's reason), the
// codes in the sale-complete dialog and the expiry setting's card.
import { $, button, calls, click, mockFetch, render, text, typeInto, unmount, waitFor } from '../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clearToasts } from '../ui/toast.js';
import { setShopConfig } from '../ui/shop-config.js';
import { registerSlots, Slot } from '../ui/slot.js';
import { saveSession, clearSession } from '../ui/session.js';
import { slots } from '../app/screens.js';
import { CheckoutModal } from '../plugins/sales/screen/checkout-modal.js';
import { CartPanel } from '../plugins/sales/screen/cart-panel.js';
import { SaleComplete } from '../plugins/sales/screen/sale-complete.js';
import { createCartStore } from '../plugins/sales/screen/cart-store.js';
import type { PosProduct } from '../plugins/sales/screen/types.js';
import { amountProblem, cardProblem, groupedCode } from '../plugins/gift-cards/screen/card-rules.js';
import { MemoryStorage } from './helpers/memory-storage.js';

const shoe = {
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
const CARD = 'K7Q2M9XD4HT0B';
const CARD2 = 'A1B2C3D4E5F6G';
const NOTE_CODE = '7KQ2M9XD4HT0B';

test.before.each(() => {
  setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09 });
  registerSlots(slots);
  saveSession('t', { username: 'owner', role: 'ADMIN' });
});
test.after.each(async () => {
  await unmount();
  clearToasts();
  setShopConfig(null);
  clearSession();
});

const input = (aria: string) => $<HTMLInputElement>(`input[aria-label="${aria}"]`);

test('the rules: amounts $5..$1,000 in cents; a card that cannot pay says why; codes in groups', () => {
  assert.is(amountProblem('5'), null);
  assert.is(amountProblem('1000'), null);
  assert.is(amountProblem('12.34'), null);
  for (const bad of ['', '4.99', '1000.01', '12.345', 'abc', '-5']) assert.ok(amountProblem(bad), bad);
  assert.is(cardProblem({ code: CARD, balance: 0, status: 'USED', expires_on: null }), 'This gift card has no balance left');
  assert.is(cardProblem({ code: CARD, balance: 20, status: 'EXPIRED', expires_on: '2025-01-31' }), 'This gift card expired on 2025-01-31 ($20.00 left on it)');
  assert.is(cardProblem({ code: CARD, balance: 20, status: 'ACTIVE', expires_on: null }), null);
  assert.is(groupedCode(CARD), 'K7Q2-M9XD-4HT0B');
});

test("the cart's 'Gift card' dialog: quick pick or typed amount, checked $5..$1,000, Add puts the row in the cart", async () => {
  mockFetch(() => ({ status: 404, body: { error: 'no' } }));
  const store = createCartStore(new MemoryStorage() as Storage);
  await render(<CartPanel store={store} onCheckout={() => {}} />);
  await waitFor(() => button('Gift card'));
  await click(button('Gift card'));
  await waitFor(() => text().includes('Sell a gift card'));
  await typeInto($('#gift-card-amount'), '4');
  await click(button('Add'));
  assert.ok(text().includes('Enter an amount from $5.00 to $1,000.00'));
  assert.equal(store.charges.value, []);
  await click(button('$50.00'));
  assert.is($<HTMLInputElement>('#gift-card-amount').value, '50');
  await click(button('Add'));
  assert.equal(store.charges.value, [{ kind: 'gift_card', value: { amount: 50 }, label: 'Gift card $50.00', amount: 50 }]);
  assert.not.ok(text().includes('Sell a gift card'), 'the dialog closed');
  // Typed: $12.34.
  await click(button('Gift card'));
  await typeInto($('#gift-card-amount'), '12.34');
  await click(button('Add'));
  assert.equal(
    store.charges.value.map((c) => c.label),
    ['Gift card $50.00', 'Gift card $12.34'],
  );
});

test('checkout: a credit note and two cards each pay what is left, cash the rest; refusals show why', async () => {
  let posted: any = null;
  const cards: Record<string, unknown> = {
    [CARD]: { code: CARD, balance: 50, status: 'ACTIVE', expires_on: '2027-05-31' },
    [CARD2]: { code: CARD2, balance: 200, status: 'ACTIVE', expires_on: null },
    OLD: { code: 'OLDOLDOLDOLD1', balance: 20, status: 'EXPIRED', expires_on: '2025-01-31' },
    EMPTY: { code: 'EMPTYEMPTYEM1', balance: 0, status: 'USED', expires_on: null },
  };
  mockFetch((c) => {
    if (c.url.startsWith('/api/returns/credit-notes/by-number/')) {
      return {
        status: 200,
        body: { credit_note: { number: 'CN-20250101-0001', status: 'ACTIVE', available: 30, customer: null, redemption_code: NOTE_CODE } },
      };
    }
    if (c.url.startsWith('/api/gift-cards/')) {
      const code = decodeURIComponent(c.url.slice('/api/gift-cards/'.length));
      if (code === 'SLOW') return { status: 429, body: { error: 'Too many failed gift card look-ups. Try again in 5 minute(s).' } };
      const card = cards[code];
      return card ? { status: 200, body: card } : { status: 404, body: { error: 'Gift card not found: check the code on the receipt' } };
    }
    if (c.url === '/api/checkout') {
      posted = c.body;
      return { status: 201, body: { invoiceId: 1, number: 'INV-20250101-0001', invoice: {}, stock: [] } };
    }
    return { status: 200, body: { customers: [], pagination: { page: 1, pageSize: 20, total: 0 } } };
  });
  const store = createCartStore(new MemoryStorage() as Storage);
  store.add(shoe);
  store.add(shoe); // 2 x $100 + 9% GST = $218.00
  await render(<CheckoutModal open store={store} onClose={() => {}} />);
  await waitFor(() => document.querySelector('input[aria-label="Gift card code"]'));
  const spendCard = async (code: string) => {
    await typeInto(input('Gift card code'), code);
    await click(button('Use card'));
  };
  await spendCard('NOPE');
  await waitFor(() => text().includes('Gift card not found: check the code on the receipt'));
  await spendCard('SLOW');
  await waitFor(() => text().includes('Too many failed gift card look-ups'));
  await spendCard('OLD');
  await waitFor(() => text().includes('This gift card expired on 2025-01-31 ($20.00 left on it)'));
  await spendCard('EMPTY');
  await waitFor(() => text().includes('This gift card has no balance left'));
  assert.not.ok(document.querySelector('[data-testid=gift-card-applied]'));

  // The credit note first ($30), then the $50 card, then the $200 card pays the $138 left.
  await typeInto(input('Credit note code or number'), NOTE_CODE);
  await click(button('Use note'));
  await waitFor(() => document.querySelector('[data-testid=note-applied]'));
  await spendCard(CARD);
  await waitFor(() => document.querySelector('[data-testid=gift-card-applied]'));
  assert.is($('[data-testid=gift-card-balance]').textContent, '$50.00');
  assert.ok($('[data-testid=gift-card-applied-row]').textContent?.includes('GC ****HT0B'), 'the code masked');
  assert.is($('[data-testid=checkout-due]').textContent, '$138.00');
  await spendCard(CARD);
  await waitFor(() => text().includes('This gift card is already paying this sale'));
  await spendCard(CARD2);
  await waitFor(() => document.querySelectorAll('[data-testid=gift-card-applied]').length === 2);
  assert.equal(
    [...document.querySelectorAll('[data-testid=gift-card-applied]')].map((e) => e.textContent),
    ['$50.00', '$138.00'],
  );
  assert.is($('[data-testid=checkout-due]').textContent, '$0.00');
  assert.not.ok(document.querySelector('input[aria-label="Gift card code"]'), 'nothing left to pay: no more look-up');
  assert.equal(
    [...document.querySelectorAll('[data-testid=checkout-tender-amount]')].map((e) => e.textContent),
    ['-$30.00', '-$50.00', '-$138.00'],
  );
  // The second card off: the rest ($138) is the cash's.
  await click($(`button[aria-label="Remove GC ****${CARD2.slice(-4)}"]`));
  assert.is($('[data-testid=checkout-due]').textContent, '$138.00');
  await click(button('Complete Checkout'));
  await waitFor(() => posted);
  assert.equal(posted.payments, [
    { method: 'CREDIT_NOTE', reference: NOTE_CODE, amount: 30 },
    { method: 'GIFT_CARD', reference: CARD, amount: 50 },
    { method: 'CASH', amount: 138 },
  ]);
  assert.ok(calls.some((c) => c.url === `/api/gift-cards/${CARD}`));
});

test('sale complete lists the cards sold (code in groups, amount); the expiry card saves months', async () => {
  mockFetch((c) => {
    if (c.url === '/api/settings' && c.method === 'PATCH')
      return { status: 200, body: { settings: { gift_card_expiry_months: (c.body as any).gift_card_expiry_months } } };
    return { status: 404, body: { error: 'no' } };
  });
  const invoice = { grand_total: 159, rounding: 0, amount_due: 159, tendered: 200, amount_paid: 159, change: 41, outstanding: 0 };
  await render(
    <SaleComplete
      sale={{ invoiceId: 5, number: 'INV-20250101-0005', invoice: invoice as never, stock: [], gift_cards: [{ code: CARD, amount: 50, balance: 50 }] } as never}
      onPrint={() => {}}
      onNewSale={() => {}}
    />,
  );
  await waitFor(() => document.querySelector('[data-testid=gift-card-code]'));
  assert.is($('[data-testid=gift-card-code]').textContent, 'K7Q2-M9XD-4HT0B');
  assert.is($('[data-testid=gift-card-amount]').textContent, '$50.00');

  let saved: unknown = null;
  await render(<Slot name="settings-card" props={{ settings: { gift_card_expiry_months: 0 }, onSaved: (s: unknown) => (saved = s) }} />);
  await waitFor(() => document.querySelector('#settings-gift-card-expiry'));
  await typeInto($('#settings-gift-card-expiry'), '121');
  await click(button('Save Gift Card Expiry'));
  assert.ok(text().includes('Enter whole months from 0 (no expiry) to 120'));
  await typeInto($('#settings-gift-card-expiry'), '12');
  await click(button('Save Gift Card Expiry'));
  await waitFor(() => saved);
  assert.equal(saved, { gift_card_expiry_months: 12 });
  assert.equal(calls.find((c) => c.method === 'PATCH')?.body, { gift_card_expiry_months: 12 });
});

test.run();
