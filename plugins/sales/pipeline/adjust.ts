// Stage 2, adjust: every plugin's adjusters (manifest `adjusters`, read from the app context: hooksOf) see the
// priced cart and return their adjustments (a promotion's discount), each as a share on the lines it touches. A
// share lowers its line's discount-carrying amount and never takes a line below zero (what is left of a line is
// the most any share can take, in the order the adjusters run). Pure over the database: the quote, the customer
// display and the checkout run the same stage, so what the till shows is what the sale charges.
import type { Db } from '../../../core/db.js';
import { hooksOf, type AdjustableLine } from '../../../core/plugin.js';
import type { AdjustmentRow } from '../repo.js';
import type { PricedLine } from './price.js';

/** One adjustment's share on one cart line (a row of sales_invoice_adjustment once the sale is written). */
export interface AdjustmentShare {
  source: string;
  code: string;
  label: string;
  refId: number | null;
  /** The cart line (index into the priced lines). */
  index: number;
  units: number;
  /** Signed cents: negative lowers the line. */
  amountCents: number;
}

/** A priced line after the adjust stage: discountCents now holds the adjustments' part too. */
export interface AdjustedLine extends PricedLine {
  /** Signed (0 or negative): the adjustments' part of discountCents. */
  adjustmentCents: number;
}

export interface AdjustedCart {
  lines: AdjustedLine[];
  shares: AdjustmentShare[];
}

export function adjustLines(db: Db, priced: readonly PricedLine[], at: { businessDate: string; customerId: number | null }): AdjustedCart {
  const adjusters = hooksOf(db).adjusters;
  const lines: AdjustedLine[] = priced.map((p) => ({ ...p, adjustmentCents: 0 }));
  if (adjusters.length === 0 || lines.length === 0) return { lines, shares: [] };
  const shares: AdjustmentShare[] = [];
  for (const adjuster of adjusters) {
    // Each adjuster sees the lines as the ones before it left them.
    const view: AdjustableLine[] = lines.map((l, index) => ({
      index,
      productId: l.product.id,
      qty: l.qty,
      unitPriceCents: l.unitPriceCents,
      discountCents: l.discountCents,
    }));
    for (const draft of adjuster.adjust(db, { lines: view, businessDate: at.businessDate, customerId: at.customerId })) {
      for (const share of draft.shares) {
        const line = lines[share.index];
        if (!line || !Number.isInteger(share.amountCents) || share.amountCents >= 0) continue;
        // What is left of the line after its discounts so far: an adjustment never makes a line negative.
        const left = line.qty * line.unitPriceCents - line.discountCents;
        const amountCents = -Math.min(-share.amountCents, left);
        if (amountCents === 0) continue;
        line.discountCents -= amountCents;
        line.adjustmentCents += amountCents;
        shares.push({
          source: adjuster.source,
          code: draft.code,
          label: draft.label,
          refId: draft.refId,
          index: share.index,
          units: Math.max(0, Math.min(line.qty, Math.trunc(share.units))),
          amountCents,
        });
      }
    }
  }
  return { lines, shares };
}

/** The shares of one adjustment added up, in the order first made: the adjustments[] a quote and an invoice list. */
export function adjustmentsOf(shares: readonly AdjustmentShare[]): AdjustmentRow[] {
  const byKey = new Map<string, AdjustmentRow>();
  for (const s of shares) {
    const key = JSON.stringify([s.source, s.code, s.label, s.refId]);
    const row = byKey.get(key);
    if (row) {
      row.units += s.units;
      row.amount_cents += s.amountCents;
    } else {
      byKey.set(key, { source: s.source, code: s.code, label: s.label, ref_id: s.refId, units: s.units, amount_cents: s.amountCents });
    }
  }
  return [...byKey.values()];
}
