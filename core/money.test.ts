import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import {
  toCents,
  toDollars,
  formatMoney,
  applyBps,
  rateToBps,
  percentToBps,
  mulDivHalfUp,
  parseAmount,
  typedCents,
  MAX_MONEY_CENTS,
  roundCash,
  gstOfInclusive,
  priceWithGst,
} from './money.js';

test('toCents reads dollars exactly from their decimal text', () => {
  assert.is(toCents(19.99), 1999);
  assert.is(toCents(0.1 + 0.2), 30);
  assert.is(toCents(1.005), 101);
  assert.is(toCents(0), 0);
  assert.is(toCents(100000), 10000000);
  assert.is(toCents(-2.5), -250);
});

test('toDollars and formatMoney show 2 decimals', () => {
  assert.is(toDollars(1999), 19.99);
  assert.is(formatMoney(1999), '$19.99');
  assert.is(formatMoney(5), '$0.05');
  assert.is(formatMoney(123456), '$1,234.56');
  assert.is(formatMoney(99_999_999_999), '$999,999,999.99');
  assert.is(formatMoney(100_000), '$1,000.00');
  assert.is(formatMoney(-123_456_78), '-$123,456.78');
  assert.is(formatMoney(-250), '-$2.50');
});

test('applyBps rounds half-up to the cent', () => {
  assert.is(applyBps(50, 900), 5); // 4.5 cents -> 5
  assert.is(applyBps(5397, 900), 486); // 485.73 -> 486
  assert.is(applyBps(5000, 900), 450);
  assert.is(applyBps(-50, 900), -5);
  assert.is(rateToBps(0.09), 900);
  assert.is(percentToBps(12.5), 1250);
});

test('19.99 x 3 with a 10% invoice discount and 9% GST', () => {
  const subtotal = 1999 * 3; // 5997
  const discount = applyBps(subtotal, percentToBps(10)); // 599.7 -> 600
  const taxable = subtotal - discount; // 5397
  const gst = applyBps(taxable, rateToBps(0.09)); // 485.73 -> 486
  assert.is(discount, 600);
  assert.is(gst, 486);
  assert.is(taxable + gst, 5883);
});

test('mulDivHalfUp splits proportionally', () => {
  assert.is(mulDivHalfUp(1000, 1, 3), 333);
  assert.is(mulDivHalfUp(1000, 2, 3), 667);
  assert.throws(() => mulDivHalfUp(1, 1, 0));
});

test('parseAmount: plain decimals with at most 2 places up to $9,999,999.99; nothing else (#13.11)', () => {
  assert.is(parseAmount('12'), 1200);
  assert.is(parseAmount('12.5'), 1250);
  assert.is(parseAmount('0.01'), 1);
  assert.is(parseAmount(19.99), 1999);
  assert.is(parseAmount('9999999.99'), MAX_MONEY_CENTS);
  assert.is(parseAmount(0), 0);
  for (const bad of [
    '0x10',
    '0X1f',
    '0o7',
    '0b1',
    '1e3',
    '1E2',
    ' 5',
    '5 ',
    '+5',
    '-5',
    '5.',
    '.5',
    '5.001',
    '1_000',
    'Infinity',
    'NaN',
    '',
    '１２',
    '10000000',
    10_000_000,
    1.005,
    -1,
    Infinity,
    NaN,
    null,
    undefined,
    true,
    {},
    [],
  ]) {
    assert.is(parseAmount(bad), null, JSON.stringify(bad));
  }
});

test('typedCents: a typed number to cents like toCents, never throwing; huge amounts stay too large', () => {
  assert.is(typedCents(19.99), 1999);
  assert.is(typedCents(1.005), 101);
  assert.is(typedCents(12.345), 1235);
  assert.is(typedCents(-5), -500);
  assert.is(typedCents(1e30), MAX_MONEY_CENTS + 100);
  assert.ok(typedCents(1e30) > MAX_MONEY_CENTS);
  assert.is(typedCents(-1e30), -(MAX_MONEY_CENTS + 100));
  assert.ok(Number.isNaN(typedCents(Number.NaN)));
  assert.ok(Number.isNaN(typedCents(Infinity)));
});

test('the money, pricing and date code the screens share with the server is pure (no Node, no database)', () => {
  // These enter the browser bundle: the till's cart totals and the invoice come from the same functions.
  const shared = ['core/money.ts', 'core/clock.ts', 'plugins/sales/pricing.ts', 'plugins/returns/refund.ts'];
  for (const file of shared) {
    const imports = [...fs.readFileSync(file, 'utf8').matchAll(/^\s*import\s[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]);
    for (const spec of imports) {
      assert.ok(spec.startsWith('.'), `${file} imports the package ${spec}`);
      assert.ok(/\/(money|clock)\.js$/.test(spec), `${file} imports ${spec}, which is not shared pure code`);
    }
  }
});

test('roundCash: every remainder 0-9 cents to the nearest 5 (x.x1-2 down, x.x3-4 up, x.x6-7 down, x.x8-9 up)', () => {
  const expected = [0, 0, 0, 5, 5, 5, 5, 5, 10, 10];
  for (let r = 0; r <= 9; r++) {
    assert.is(roundCash(1200 + r), 1200 + expected[r], `12.0${r}`);
    assert.is(roundCash(-(1200 + r)), -(1200 + expected[r]), `-12.0${r}`);
  }
});

test('gstOfInclusive: 9/109 of a GST-inclusive amount, half-up; priceWithGst per mode', () => {
  assert.is(gstOfInclusive(10_900, 900), 900);
  assert.is(gstOfInclusive(3_815, 900), 315);
  assert.is(gstOfInclusive(100, 900), 8); // 8.257 -> 8
  assert.is(priceWithGst(3_500, 900, false), 3_815);
  assert.is(priceWithGst(3_815, 900, true), 3_815);
});

test.run();
