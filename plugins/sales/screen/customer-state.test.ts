// What the POS hands its 'pos-customer' slot: the cart as checkout takes it (line discounts in dollars by
// sales/pricing.ts), the payment while Checkout is open, the sale once made; the shape the server accepts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { validatorCompiler } from '../../../core/validation.js';
import { PosCustomerState } from '../schemas.js';
import { customerState } from './customer-state.js';
import type { CartItem } from './cart-store.js';

const item = (over: Partial<CartItem> = {}): CartItem => ({
  productId: 7,
  sku: 'S-42',
  name: 'Samba',
  size: '42',
  price: 100,
  cost: 40,
  stock: 5,
  qty: 2,
  ...over,
});
const valid = validatorCompiler({ schema: PosCustomerState, method: 'PUT', url: '/api/display/state', httpPart: 'body' }) as (b: unknown) => unknown;
const accepts = (b: unknown) => {
  const r = valid(b) as boolean | { error?: unknown };
  return r === true || (typeof r === 'object' && r !== null && !r.error);
};

test('idle, cart, paying, done', () => {
  const base = { items: [] as CartItem[], invoiceDiscount: 0, invoiceDiscountAmount: 0, pay: null, saleInvoiceId: null };
  assert.equal(customerState(base), { phase: 'IDLE' });
  const cart = customerState({
    ...base,
    items: [item({ discount: { kind: 'PERCENT', value: 10 } }), item({ productId: 8, size: '43', qty: 1 })],
    invoiceDiscount: 5,
  });
  assert.equal(cart, {
    phase: 'CART',
    items: [
      { productId: 7, qty: 2, discount: 20 },
      { productId: 8, qty: 1 },
    ],
    invoiceDiscount: 5,
  });
  const paying = customerState({
    ...base,
    items: [item()],
    invoiceDiscountAmount: 3.333,
    pay: { method: 'PAYNOW', amountCents: 21_436, reference: 'KD-TILL1-X' },
  });
  assert.equal(paying, {
    phase: 'PAY',
    items: [{ productId: 7, qty: 2 }],
    invoiceDiscountAmount: 3.33,
    pay: { method: 'PAYNOW', amount: 214.36, reference: 'KD-TILL1-X' },
  });
  const cash = customerState({ ...base, items: [item()], pay: { method: 'CASH', amountCents: 21_800, reference: '' } });
  assert.equal(cash.pay, { method: 'CASH', amount: 218 });
  assert.equal(customerState({ ...base, items: [item()], saleInvoiceId: 42 }), { phase: 'DONE', invoiceId: 42 });
  for (const s of [cart, paying, cash]) assert.ok(accepts(s), JSON.stringify(s));
});

test("#29: the cart's charges (a gift card) follow the products, as checkout sends them; a card alone is a cart", () => {
  const base = { items: [] as CartItem[], invoiceDiscount: 0, invoiceDiscountAmount: 0, pay: null, saleInvoiceId: null };
  const card = { kind: 'gift_card', value: { amount: 50 }, label: 'Gift card $50.00', amount: 50 };
  const both = customerState({ ...base, items: [item()], charges: [card] });
  assert.equal(both.items, [{ productId: 7, qty: 2 }, { gift_card: { amount: 50 } }]);
  const alone = customerState({ ...base, items: [], charges: [card] });
  assert.equal(alone, { phase: 'CART', items: [{ gift_card: { amount: 50 } }] });
  for (const s of [both, alone]) assert.ok(accepts(s), JSON.stringify(s));
});

test.run();
