// The LOYALTY_POINTS tender (#29): `payments: [{method: 'LOYALTY_POINTS', amount}]` spends amount / point value points
// of the sale's customer inside the sale's transaction; returns of goods they paid give the points back (RESTORED).
// Sales writes the payment and its TENDER_REDEEM / TENDER_REFUND ledger rows; this plugin only its own rows.
import { AppError, badRequest, conflict } from '../../core/errors.js';
import { formatMoney } from '../../core/money.js';
import type { TenderRedeemer, TenderRefunder } from '../../core/plugin.js';
import { invoiceRow } from '../sales/api.js';
import { credit, expiryOf, rulesOf, shopDay, sweepExpired, takeFromLots } from './ledger.js';
import { loyaltyRepo } from './repo.js';

export const LOYALTY_POINTS = 'LOYALTY_POINTS';

/** "1,240 points" */
export function pointsText(points: number): string {
  return `${points.toLocaleString('en-SG')} point${Math.abs(points) === 1 ? '' : 's'}`;
}

export const redeemPoints: TenderRedeemer = (db, r) => {
  const invoice = invoiceRow(db, r.invoiceId)!;
  const customerId = invoice.customer_id;
  if (customerId === null) throw badRequest('Paying with points needs a customer', r.field);
  const rules = rulesOf(db);
  if (r.amountCents <= 0 || r.amountCents % rules.pointCents !== 0) {
    throw badRequest(`Points pay in whole points of ${formatMoney(rules.pointCents)}: ${formatMoney(r.amountCents)} is not a whole number of points`, r.field);
  }
  const points = r.amountCents / rules.pointCents;
  const repo = loyaltyRepo(db);
  sweepExpired(db, customerId, invoice.business_date, r.at);
  const balance = repo.balance(customerId);
  const field = `${r.field}.amount`;
  if (rules.minRedeem > 0 && balance < rules.minRedeem) {
    throw new AppError(409, 'LOYALTY_MIN_POINTS', `Points can pay once the customer has ${pointsText(rules.minRedeem)}: they have ${pointsText(balance)}`, {
      field,
      points: balance,
      min_points: rules.minRedeem,
    });
  }
  const paymentId = r.recordPayment(null);
  // One conditional INSERT: of two sales spending the same points at once, only one finds them there.
  const id = repo.insertIfCovered({
    customerId,
    kind: 'REDEEMED',
    points: -points,
    invoiceId: r.invoiceId,
    paymentId,
    basisCents: r.amountCents,
    businessDate: invoice.business_date,
    at: r.at.toISOString(),
  });
  if (id === null) {
    const left = repo.balance(customerId);
    throw conflict('LOYALTY_POINTS_BALANCE', `Not enough points: the customer has ${pointsText(left)}, this needs ${pointsText(points)}`, {
      field,
      points: left,
      needed: points,
    });
  }
  takeFromLots(db, customerId, points);
};

/**
 * Goods points paid came back: the points go back to the customer (RESTORED, a new lot), from the sale's points
 * payments oldest first, each up to what it paid less what earlier returns gave back. Counted cumulatively per
 * payment, so giving back all its value gives back exactly the points it spent.
 */
export const refundPoints: TenderRefunder = (db, r) => {
  const repo = loyaltyRepo(db);
  const invoice = invoiceRow(db, r.invoiceId)!;
  const customerId = invoice.customer_id!;
  const today = shopDay(db, r.at);
  sweepExpired(db, customerId, today, r.at);
  let left = r.amountCents;
  let restored = 0;
  for (const p of r.payments) {
    if (left === 0) break;
    const rows = repo.ofPayment(p.id);
    if (!rows.REDEEMED) continue;
    const spentPoints = -rows.REDEEMED.points;
    const paidCents = rows.REDEEMED.basis;
    const backCents = rows.RESTORED?.basis ?? 0;
    const share = Math.min(left, paidCents - backCents);
    if (share <= 0) continue;
    const points = Math.floor((spentPoints * (backCents + share)) / paidCents) - (rows.RESTORED?.points ?? 0);
    credit(db, {
      customerId,
      kind: 'RESTORED',
      points,
      invoiceId: r.invoiceId,
      paymentId: p.id,
      basisCents: share,
      expiresOn: expiryOf(db, today),
      businessDate: today,
      at: r.at.toISOString(),
      note: 'Goods paid with points returned',
    });
    restored += points;
    left -= share;
  }
  if (left !== 0) throw conflict('LOYALTY_REFUND', 'The points payments of this sale cannot take this much back', { field: r.field });
  return { reference: pointsText(restored) };
};
