// The invoice arithmetic in both price modes (sales/pricing.ts): GST added on top, or the 9/109 inside a
// GST-inclusive total, once per invoice, half-up; discounts first; the stored subtotal keeps the table's CHECK.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { includedGstText, invoiceTotals, linesSubtotalCents, storedSubtotalCents } from './pricing.js';

const line = (qty: number, unitPriceCents: number, discountCents = 0) => ({ qty, unitPriceCents, discountCents });

test('inclusive: $109.00 holds GST $9.00 and $100.00 before GST; the total is what the lines say', () => {
  const t = invoiceTotals([line(1, 10_900)], 0, 900, 0, true);
  assert.is(t.grandTotalCents, 10_900);
  assert.is(t.taxCents, 900);
  assert.is(t.taxableCents, 10_000);
  assert.is(t.subtotalCents, 10_900);
  assert.ok(t.pricesIncludeGst);
  assert.is(includedGstText(t.taxCents, 900), 'Total includes GST 9% of $9.00');
  assert.is(includedGstText(t.taxCents, 850), 'Total includes GST 8.5% of $9.00', "the invoice's own rate, decimals when it has them");
  assert.is(includedGstText(t.taxCents, null), 'Total includes GST of $9.00', 'rate not known yet (the till before its config)');
});

test('exclusive (the default) is unchanged: $100.00 + GST $9.00 = $109.00', () => {
  const t = invoiceTotals([line(1, 10_000)], 0, 900);
  assert.equal([t.subtotalCents, t.taxableCents, t.taxCents, t.grandTotalCents, t.pricesIncludeGst], [10_000, 10_000, 900, 10_900, false]);
  assert.equal(invoiceTotals([line(1, 10_000)], 0, 900, 0, false), t);
});

test('inclusive: line and invoice discounts come off first, GST is 9/109 of what is left, once', () => {
  // 2 x 38.15 = 76.30, less 5.00 on the line = 71.30, less 10% (7.13) = 64.17; GST = 64.17 x 9/109 = 5.2985 -> 5.30.
  const t = invoiceTotals([line(2, 3_815, 500), line(1, 0)], 1_000, 900, 0, true);
  assert.is(t.subtotalCents, 7_130);
  assert.is(t.invoiceDiscountCents, 713);
  assert.is(t.grandTotalCents, 6_417);
  assert.is(t.taxCents, 530);
  assert.is(t.taxableCents, 6_417 - 530);
  assert.is(t.discountTotalCents, 1_213);
  // A dollar discount on the sale instead of a percent.
  const a = invoiceTotals([line(3, 1_990)], 0, 900, 970, true);
  assert.is(a.grandTotalCents, 5_970 - 970);
  assert.is(a.taxCents, 413); // 50.00 x 9/109 = 4.128 -> 4.13
});

test('inclusive: GST rounds half-up on the whole total, never summed from lines', () => {
  // 1.09 x 9/109 = 0.09 exactly; 0.06 x 9/109 = 0.00495 -> 0.00; 0.55 x 9/109 = 0.04541 -> 0.05; 12.23 x 9/109 = 1.00981 -> 1.01.
  assert.is(invoiceTotals([line(1, 109)], 0, 900, 0, true).taxCents, 9);
  assert.is(invoiceTotals([line(1, 6)], 0, 900, 0, true).taxCents, 0);
  assert.is(invoiceTotals([line(1, 55)], 0, 900, 0, true).taxCents, 5);
  assert.is(invoiceTotals([line(1, 1_223)], 0, 900, 0, true).taxCents, 101);
  // Half exactly: 1.09 x 50 = 54.50 -> GST 4.50 exactly; 6.05 x 9/109 = 0.49954 -> 0.50 (half-up of the exact share).
  assert.is(invoiceTotals([line(50, 109)], 0, 900, 0, true).taxCents, 450);
  assert.is(invoiceTotals([line(1, 605)], 0, 900, 0, true).taxCents, 50);
  // Three lines of 0.55: per-line GST would be 3 x 0.05 = 0.15; once on 1.65 it is 0.1362 -> 0.14.
  assert.is(invoiceTotals([line(1, 55), line(1, 55), line(1, 55)], 0, 900, 0, true).taxCents, 14);
});

test("stored subtotal: grand = subtotal - invoice discount + tax holds in both modes, and the lines' sum comes back", () => {
  for (const inclusive of [false, true]) {
    const t = invoiceTotals([line(2, 3_815, 500), line(1, 1_999)], 750, 900, 0, inclusive);
    const stored = storedSubtotalCents(t);
    assert.is(t.grandTotalCents, stored - t.invoiceDiscountCents + t.taxCents, `mode ${inclusive}`);
    assert.is(stored - t.invoiceDiscountCents, t.taxableCents);
    const row = { subtotal_cents: stored, tax_total_cents: t.taxCents, prices_include_gst: inclusive ? 1 : 0 };
    assert.is(linesSubtotalCents(row), t.subtotalCents);
  }
});

test.run();
