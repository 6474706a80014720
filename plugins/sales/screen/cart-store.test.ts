// Cart store and cart math: merging, quantity rules, stock cap, localStorage persistence, totals to the cent.
import '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { applyBps, toCents } from '../../../core/money.js';
import { CART_STORAGE_KEY, cartTotals, createCartStore, DEFAULT_STORE_TAX_RATE, itemKey, lineTotal } from './cart-store.js';
import type { PosProduct } from './types.js';
import { MemoryStorage } from '../../../tests/helpers/memory-storage.js';

/** An in-memory Storage, so each test owns its saved cart. */

const product = (over: Partial<PosProduct> = {}): PosProduct => ({
  id: 1,
  item_name: 'Runner Pro',
  sku: 'RUN-42',
  size: '42',
  cost: 40,
  selling_price: 19.99,
  brand: 'Fleet',
  material: 'Mesh',
  category: 'Running',
  stock_qty: 5,
  image_url: null,
  images: [],
  ...over,
});

test('adding the same product twice merges into one line', () => {
  const s = createCartStore(new MemoryStorage());
  assert.is(s.add(product()), 'ADDED');
  assert.is(s.add(product()), 'ADDED');
  assert.is(s.items.value.length, 1);
  assert.is(s.items.value[0].qty, 2);
  assert.is(s.items.value[0].sku, 'RUN-42');
  assert.is(s.items.value[0].name, 'Runner Pro');
  s.add(product({ id: 2, sku: 'RUN-43', size: '43' }));
  assert.is(s.items.value.length, 2);
  assert.is(s.count.value, 3);
});

test('minus never goes below 1; the typed quantity 0 or less removes the line', () => {
  const s = createCartStore(new MemoryStorage());
  s.add(product());
  const key = itemKey(s.items.value[0]);
  s.decrement(key);
  s.decrement(key);
  assert.is(s.items.value[0].qty, 1);
  s.setQty(key, 3);
  assert.is(s.items.value[0].qty, 3);
  s.decrement(key);
  assert.is(s.items.value[0].qty, 2);
  s.setQty(key, 0);
  assert.is(s.items.value.length, 0);
  s.add(product());
  s.setQty(key, -4);
  assert.is(s.items.value.length, 0);
  s.add(product());
  s.setQty(key, Number.NaN);
  assert.is(s.items.value[0].qty, 1, 'a non-number changes nothing');
});

test('quantities never go above the stock; out-of-stock products are refused', () => {
  const s = createCartStore(new MemoryStorage());
  const p = product({ stock_qty: 2 });
  assert.is(s.add(p), 'ADDED');
  assert.is(s.add(p), 'ADDED');
  assert.is(s.add(p), 'STOCK_LIMIT');
  assert.is(s.items.value[0].qty, 2);
  const key = itemKey(s.items.value[0]);
  assert.is(s.increment(key), false);
  s.setQty(key, 99);
  assert.is(s.items.value[0].qty, 2);
  assert.is(s.add(product({ id: 9, stock_qty: 0 })), 'OUT_OF_STOCK');
  assert.is(s.items.value.length, 1);
});

test('remove and clear', () => {
  const s = createCartStore(new MemoryStorage());
  s.add(product());
  s.add(product({ id: 2, size: '43' }));
  s.remove(itemKey(s.items.value[0]));
  assert.equal(
    s.items.value.map((i) => i.productId),
    [2],
  );
  s.setInvoiceDiscount(10);
  s.clear();
  assert.is(s.items.value.length, 0);
  assert.is(s.invoiceDiscount.value, 0);
  assert.is(s.isEmpty.value, true);
});

test('the cart survives a reload through localStorage', () => {
  const storage = new MemoryStorage();
  const a = createCartStore(storage);
  a.add(product());
  a.add(product());
  a.setInvoiceDiscount(12.5);
  a.setSelectedCustomer({ id: 7, name: 'Tan Trading', credit_limit: 500, credit_terms_days: 30, outstanding_balance: 0 });
  a.dispose();
  assert.ok(storage.getItem(CART_STORAGE_KEY));
  const b = createCartStore(storage);
  assert.is(b.items.value.length, 1);
  assert.is(b.items.value[0].qty, 2);
  assert.is(b.items.value[0].price, 19.99);
  assert.is(b.invoiceDiscount.value, 12.5);
  assert.is(b.selectedCustomer.value?.name, 'Tan Trading');
  // The real default store uses window.localStorage.
  localStorage.setItem(CART_STORAGE_KEY, storage.getItem(CART_STORAGE_KEY)!);
  const c = createCartStore();
  assert.is(c.items.value[0].qty, 2);
  c.dispose();
});

test('a corrupt saved cart is ignored', () => {
  const storage = new MemoryStorage();
  storage.setItem(CART_STORAGE_KEY, '{not json');
  const s = createCartStore(storage);
  assert.is(s.items.value.length, 0);
  storage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify({ items: [{ productId: 'x' }, { productId: 1, name: 'A', price: 1, qty: 1, stock: 3, sku: 'A', size: '' }] }),
  );
  const t = createCartStore(storage);
  assert.is(t.items.value.length, 1);
  assert.is(t.items.value[0].name, 'A');
});

test('invoice discount and tax rate are clamped to at least 0; the store default rate is 0.07', () => {
  const s = createCartStore(new MemoryStorage());
  assert.is(s.taxRate.value, DEFAULT_STORE_TAX_RATE);
  assert.is(DEFAULT_STORE_TAX_RATE, 0.07);
  s.setInvoiceDiscount(-5);
  assert.is(s.invoiceDiscount.value, 0);
  s.setTaxRate(-0.1);
  assert.is(s.taxRate.value, 0);
  s.setInvoiceDiscount(150);
  assert.is(s.invoiceDiscount.value, 100);
});

test('totals to the cent like the server: 19.99 x 3 with 10% discount and 9% GST -> 58.83', () => {
  const s = createCartStore(new MemoryStorage());
  const p = product();
  s.add(p);
  s.add(p);
  s.add(p);
  s.setInvoiceDiscount(10);
  const t = s.totals(0.09);
  assert.is(t.subtotal, 59.97);
  assert.is(t.discount, 6); // 599.7 cents rounds half-up to 600
  assert.is(t.taxable, 53.97);
  assert.is(t.tax, 4.86); // 485.73 -> 486
  assert.is(t.total, 58.83);
  assert.is(t.totalCents, 5883);
  // At the store's own default rate (7%).
  assert.is(s.totals().tax, 3.78);
});

test('GST is computed once on the invoice, not summed from rounded lines', () => {
  // Three lines of $0.05: per-line GST would be 3 x 0.0045 -> 3 x 0 (or 3 x 0.01); once on $0.15 it is $0.01 (1.35c).
  const t = cartTotals(
    [
      { price: 0.05, qty: 1 },
      { price: 0.05, qty: 1 },
      { price: 0.05, qty: 1 },
    ],
    0,
    0.09,
  );
  assert.is(t.tax, 0.01);
  assert.is(t.total, 0.16);
  // Half-up: 50 cents x 9% = 4.5c -> 5c.
  assert.is(cartTotals([{ price: 0.5, qty: 1 }], 0, 0.09).tax, 0.05);
  assert.is(applyBps(45, 1000), 5); // 4.5 -> 5
  assert.is(toCents(19.99), 1999);
  assert.is(toCents(1.005), 101);
  assert.is(lineTotal({ price: 19.99, qty: 3 }), 59.97);
  assert.is(lineTotal({ price: 0.1, qty: 3 }), 0.3);
});

test('syncProducts refreshes price and stock and caps quantities', () => {
  const s = createCartStore(new MemoryStorage());
  const p = product({ stock_qty: 5 });
  for (let i = 0; i < 4; i++) s.add(p);
  s.syncProducts([product({ stock_qty: 2, selling_price: 21.5 })]);
  assert.is(s.items.value[0].qty, 2);
  assert.is(s.items.value[0].stock, 2);
  assert.is(s.items.value[0].price, 21.5);
  const before = s.items.value;
  s.syncProducts([product({ stock_qty: 2, selling_price: 21.5 })]);
  assert.is(s.items.value, before, 'no change, no new array');
});

test('snapshot and restore (#26.5): a held cart comes back with its lines and sale discount, in place of the cart', () => {
  const s = createCartStore(new MemoryStorage());
  s.add(product());
  s.add(product({ id: 2, sku: 'RUN-43', size: '43' }));
  s.setLineDiscount(itemKey(s.items.value[1]), { kind: 'PERCENT', value: 10 });
  s.setInvoiceDiscountAmount(2);
  s.addCharge({ kind: 'gift_card', value: { amount: 50 }, label: 'Gift card $50.00', amount: 50 });
  const held = s.snapshot();
  assert.equal(held.charges, [{ kind: 'gift_card', value: { amount: 50 }, label: 'Gift card $50.00', amount: 50 }]);
  assert.equal(
    held.items.map((i) => [i.productId, i.size, i.qty, i.discount?.value ?? null]),
    [
      [1, '42', 1, null],
      [2, '43', 1, 10],
    ],
  );
  assert.is(held.invoiceDiscountAmount, 2);
  const before = s.totals(0.09).total;
  s.clear();
  s.add(product({ id: 3, sku: 'SAN-40', size: '40' }));
  s.setSelectedCustomer({ id: 7, name: 'Mrs Tan', credit_limit: 0, credit_terms_days: 0, outstanding_balance: 0 });
  s.restore(JSON.parse(JSON.stringify(held)));
  assert.equal(
    s.items.value.map((i) => i.size),
    ['42', '43'],
  );
  assert.is(s.totals(0.09).total, before);
  assert.is(s.charges.value.length, 1, 'the gift card comes back with the goods (#29)');
  assert.is(s.selectedCustomer.value, null);
  // A line the store cannot read is dropped; a percent sale discount wins over dollars.
  s.restore({
    items: [
      { productId: 1, qty: 0, name: 'x', price: 1 },
      { productId: 2, qty: 2, name: 'Runner Pro', price: 19.99 },
    ],
    invoiceDiscount: 5,
    invoiceDiscountAmount: 3,
  });
  assert.equal(
    s.items.value.map((i) => [i.productId, i.qty, i.sku, i.stock]),
    [[2, 2, '', 2]],
  );
  assert.is(s.invoiceDiscount.value, 5);
  assert.is(s.invoiceDiscountAmount.value, 0);
  s.dispose();
});

test.run();
