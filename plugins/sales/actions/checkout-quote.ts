// POST /api/checkout/quote (#28.1): the body of a checkout priced as the checkout will price it, writing nothing,
// so the till and the customer display show what will be charged before the cashier completes the sale. The
// lines and totals come from quoteCart (the checkout's own pricing); the staff discount limit is reported, not
// refused (`approval_required`: the checkout itself would answer 403 APPROVAL_REQUIRED without a manager).
import type { Db } from '../../../core/db.js';
import { toDollars } from '../../../core/money.js';
import type { Role } from '../../../core/auth/users.js';
import { adjustmentJson } from '../invoice-json.js';
import { needsApproval } from '../pipeline/index.js';
import { discountPercent, roundedCashDue } from '../pricing.js';
import { quoteCart } from '../quote.js';
import { refuseStaleRules } from './checkout.js';
import type { CheckoutBody, CheckoutQuote } from '../schemas.js';

export function checkoutQuote(db: Db, body: CheckoutBody, role: Role): CheckoutQuote {
  const q = quoteCart(db, {
    items: body.items,
    invoiceDiscount: body.invoiceDiscount,
    invoiceDiscountAmount: body.invoiceDiscountAmount,
    customerId: body.customerId,
  });
  refuseStaleRules(body, q);
  const t = q.totals;
  // The staff limit is on the cashier's discount: the adjustments (a promotion) are the shop's, left out.
  const adjustedCents = q.adjustments.reduce((sum, a) => sum + a.amount_cents, 0);
  const approval = needsApproval(db, role, { grossCents: t.grossCents, discountTotalCents: t.discountTotalCents + adjustedCents });
  const cash = roundedCashDue(t.grandTotalCents, q.cashRounding);
  return {
    items: q.lines.map((l) => ({
      product_id: l.productId,
      name: l.name,
      size: l.size,
      qty: l.qty,
      unit_price: toDollars(l.unitPriceCents),
      // As on the invoice: everything off the line; `adjustment` is the adjustments' part of it.
      discount: toDollars(l.discountCents - l.adjustmentCents),
      line_total: toDollars(l.totalCents),
      adjustment: toDollars(l.adjustmentCents),
    })),
    // The charges (#29: a plugin's item without GST) after the adjustments, as the invoice lists them.
    adjustments: [...q.adjustments, ...q.charges].map(adjustmentJson),
    subtotal: toDollars(t.subtotalCents),
    line_discount: toDollars(t.lineDiscountCents),
    invoice_discount: toDollars(t.invoiceDiscountCents),
    discount_total: toDollars(t.discountTotalCents),
    discount_percent: discountPercent(t),
    tax_rate: q.taxRateBps / 10_000,
    prices_include_gst: q.pricesIncludeGst,
    tax_total: toDollars(t.taxCents),
    grand_total: toDollars(t.grandTotalCents),
    cash_rounding: q.cashRounding,
    cash_amount_due: toDollars(cash.dueCents),
    cash_rounding_amount: toDollars(cash.roundingCents),
    approval_required: approval.needed,
    max_staff_discount_percent: approval.maxPercent,
  };
}
