// Points earned at checkout (manifest saleRecorded, reply key `loyalty`): runs last in the sale's transaction, after
// the LOYALTY_POINTS tender spent what it spent. earnable = grand total (after discounts and adjustments, GST in,
// before cash rounding) - untaxed charges (gift cards sold) - the part paid with points; credit-sale parts earn too.
import type { Db } from '../../core/db.js';
import type { RecordedSale, ReplayedSale, SaleRecordedHook } from '../../core/plugin.js';
import { balanceNow, credit, expiryOf, rulesOf, sweepExpired } from './ledger.js';
import { loyaltyRepo } from './repo.js';
import { LOYALTY_POINTS } from './tender.js';

export interface SaleLoyalty {
  earned: number;
  redeemed: number;
  balance: number;
}

/** Points for `earnableCents` at `perDollarHundredths` points per dollar (x100), whole points, rounded down. */
export function pointsFor(earnableCents: number, perDollarHundredths: number): number {
  return earnableCents > 0 ? Math.floor((earnableCents * perDollarHundredths) / 10000) : 0;
}

function earnOnSale(db: Db, sale: RecordedSale): SaleLoyalty | undefined {
  if (sale.customerId === null) return undefined;
  const repo = loyaltyRepo(db);
  sweepExpired(db, sale.customerId, sale.businessDate, sale.at);
  const earnable = sale.grandTotalCents - sale.chargesCents - (sale.paidByMethod[LOYALTY_POINTS] ?? 0);
  const earned = pointsFor(earnable, rulesOf(db).perDollarHundredths);
  if (earned > 0) {
    credit(db, {
      customerId: sale.customerId,
      kind: 'EARNED',
      points: earned,
      invoiceId: sale.invoiceId,
      basisCents: earnable,
      expiresOn: expiryOf(db, sale.businessDate),
      businessDate: sale.businessDate,
      at: sale.at.toISOString(),
    });
  }
  return saleLoyalty(db, sale.invoiceId, repo.balance(sale.customerId));
}

/** What checkout's rows of the sale earned and spent, with a balance. */
function saleLoyalty(db: Db, invoiceId: number, balance: number): SaleLoyalty {
  const rows = loyaltyRepo(db).ofInvoice(invoiceId);
  return { earned: rows.EARNED?.points ?? 0, redeemed: -(rows.REDEEMED?.points ?? 0), balance };
}

function recall(db: Db, sale: ReplayedSale): SaleLoyalty | undefined {
  if (sale.customerId === null) return undefined;
  return saleLoyalty(db, sale.invoiceId, balanceNow(db, sale.customerId));
}

export const earnPoints: SaleRecordedHook = { record: earnOnSale, recall, replyKey: 'loyalty' };
