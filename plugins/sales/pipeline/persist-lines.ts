// Part of stage 6, persist: the sale's lines as priced and adjusted, and one sales_invoice_adjustment row per
// adjustment share (its amount is already inside its line's discount_cents, so the line's CHECK holds).
import { lineAmounts } from '../pricing.js';
import type { InvoiceLineRow, SalesRepo } from '../repo.js';
import type { AdjustedLine, AdjustmentShare } from './adjust.js';

export function writeLines(repo: SalesRepo, invoiceId: number, lines: readonly AdjustedLine[], shares: readonly AdjustmentShare[]): InvoiceLineRow[] {
  const written = lines.map((l, i) => {
    const row = {
      invoice_id: invoiceId,
      line_no: i + 1,
      product_id: l.product.id,
      sku: l.product.sku,
      description: l.product.item_name,
      size: l.product.size,
      category: l.product.category,
      qty: l.qty,
      unit_price_cents: l.unitPriceCents,
      unit_cost_cents: l.product.cost_cents,
      discount_cents: l.discountCents,
      line_total_cents: lineAmounts(l).totalCents,
    };
    return { id: repo.insertLine(row), ...row, adjustment_cents: l.adjustmentCents };
  });
  for (const s of shares) {
    repo.insertAdjustment({
      invoice_id: invoiceId,
      line_id: written[s.index].id,
      source: s.source,
      code: s.code,
      label: s.label,
      ref_id: s.refId,
      units: s.units,
      amount_cents: s.amountCents,
    });
  }
  return written;
}
