// Taking earned points back (#29). A return (returnRecorded) reverses the points the returned goods earned, in
// proportion to the refunded value not paid by points, counted cumulatively per sale: after n returns the sale has
// lost floor(earned x refunded-not-by-points so far / earnable), so returning everything reverses exactly what it
// earned, never more. A void (saleVoided) reverses the rest and gives back any points the sale spent.
import type { Db } from '../../core/db.js';
import type { RecordedReturn, ReturnRecordedHook, SaleVoidedHook, VoidedSale } from '../../core/plugin.js';
import { credit, expiryOf, shopDay, sweepExpired, takeFromLots } from './ledger.js';
import { loyaltyRepo } from './repo.js';
import { LOYALTY_POINTS } from './tender.js';

export const reverseOnReturn: ReturnRecordedHook = (db: Db, ret: RecordedReturn) => {
  if (ret.customerId === null) return;
  const repo = loyaltyRepo(db);
  const rows = repo.ofInvoice(ret.invoiceId);
  if (!rows.EARNED) return;
  const today = shopDay(db, ret.at);
  sweepExpired(db, ret.customerId, today, ret.at);
  const earned = rows.EARNED.points;
  const earnable = rows.EARNED.basis;
  const byPoints = ret.tenderRefunds.filter((t) => t.method === LOYALTY_POINTS).reduce((s, t) => s + t.amountCents, 0);
  const before = rows.REVERSED?.basis ?? 0;
  const after = Math.min(earnable, before + Math.max(0, ret.refundCents - byPoints));
  if (after === before) return;
  const points = Math.floor((earned * after) / earnable) + (rows.REVERSED?.points ?? 0);
  repo.insert({
    customerId: ret.customerId,
    kind: 'REVERSED',
    points: -points,
    invoiceId: ret.invoiceId,
    returnId: ret.returnIds[0] ?? null,
    basisCents: after - before,
    businessDate: today,
    at: ret.at.toISOString(),
    note: 'Goods returned',
  });
  takeFromLots(db, ret.customerId, points, ret.invoiceId);
};

export const undoOnVoid: SaleVoidedHook = (db: Db, sale: VoidedSale) => {
  if (sale.customerId === null) return;
  const repo = loyaltyRepo(db);
  const rows = repo.ofInvoice(sale.invoiceId);
  if (!rows.EARNED && !rows.REDEEMED) return;
  const today = shopDay(db, sale.at);
  const at = sale.at.toISOString();
  sweepExpired(db, sale.customerId, today, sale.at);
  const toReverse = (rows.EARNED?.points ?? 0) + (rows.REVERSED?.points ?? 0);
  if (toReverse > 0) {
    const basis = (rows.EARNED?.basis ?? 0) - (rows.REVERSED?.basis ?? 0);
    repo.insert({
      customerId: sale.customerId,
      kind: 'REVERSED',
      points: -toReverse,
      invoiceId: sale.invoiceId,
      byVoid: true,
      basisCents: basis,
      businessDate: today,
      at,
      note: 'Sale voided',
    });
    takeFromLots(db, sale.customerId, toReverse, sale.invoiceId);
  }
  // Sales refuses a void of a sale a plugin tender paid today; should one reach here, the points spent come back.
  const toRestore = -(rows.REDEEMED?.points ?? 0) - (rows.RESTORED?.points ?? 0);
  if (toRestore > 0) {
    const basis = (rows.REDEEMED?.basis ?? 0) - (rows.RESTORED?.basis ?? 0);
    credit(db, {
      customerId: sale.customerId,
      kind: 'RESTORED',
      points: toRestore,
      invoiceId: sale.invoiceId,
      byVoid: true,
      basisCents: basis,
      expiresOn: expiryOf(db, today),
      businessDate: today,
      at,
      note: 'Sale voided',
    });
  }
};
