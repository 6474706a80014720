// The points ledger's rules (#29), used by every loyalty write: lots, oldest-expiring-first spending, and the expiry
// sweep. Invariant: while a balance is not negative it equals the `remaining` of the customer's lots; a negative
// balance (points reversed after they were spent) is made good by the next points credited before they form a lot.
import type { Db } from '../../core/db.js';
import { writeTx } from '../../core/db.js';
import { addDays, addMonths, localDate } from '../../core/clock.js';
import { appContextOf } from '../../core/plugin.js';
import { getSettings } from '../../core/settings.js';
import { loyaltyRepo, type NewEntry } from './repo.js';
import type { LoyaltyRules } from './settings.js';

export function rulesOf(db: Db): LoyaltyRules {
  const s = getSettings(db);
  return {
    perDollarHundredths: Math.round(s.loyalty_points_per_dollar * 100),
    pointCents: Math.round(s.loyalty_point_value * 100),
    minRedeem: s.loyalty_min_redeem_points,
    expiryMonths: s.loyalty_expiry_months,
  };
}

/** The shop day of an instant (a return's, a void's, a read's). */
export function shopDay(db: Db, at: Date): string {
  return localDate(at, appContextOf(db).timeZone);
}

/**
 * Writes EXPIRED rows for the unspent rest of every lot whose last day is before `today` (each dated the day after
 * its last day, so the row does not depend on when the sweep ran). Runs first in every loyalty write for the
 * customer, and on reads, so no balance ever counts an expired point.
 */
export function sweepExpired(db: Db, customerId: number, today: string, at: Date): void {
  const repo = loyaltyRepo(db);
  for (const lot of repo.expiredLots(customerId, today)) {
    repo.take(lot.id, lot.remaining);
    repo.insert({
      customerId,
      kind: 'EXPIRED',
      points: -lot.remaining,
      invoiceId: null,
      lotId: lot.id,
      businessDate: addDays(lot.expires_on!, 1),
      at: at.toISOString(),
      note: `Points ${lot.kind === 'EARNED' ? 'earned' : 'given back'} to ${lot.expires_on}`,
    });
  }
}

/**
 * The balance today, after the sweep. A read takes the write lock only when a lot has expired since the last sweep
 * (a small write transaction of its own, or a savepoint inside the caller's): the display asks on every cart change.
 */
export function balanceNow(db: Db, customerId: number, at = new Date()): number {
  const repo = loyaltyRepo(db);
  const today = shopDay(db, at);
  if (repo.expiredLots(customerId, today).length > 0) writeTx(db, () => sweepExpired(db, customerId, today, at));
  return repo.balance(customerId);
}

/** The last shop day of points credited on `day`, by the setting (null = never). */
export function expiryOf(db: Db, day: string): string | null {
  const months = rulesOf(db).expiryMonths;
  return months > 0 ? addMonths(day, months) : null;
}

/** Writes a lot (EARNED, RESTORED); a negative balance takes its part first. Returns its id. */
export function credit(db: Db, e: Omit<NewEntry, 'remaining'>): number {
  const repo = loyaltyRepo(db);
  const owed = Math.max(0, -repo.balance(e.customerId));
  return repo.insert({ ...e, remaining: Math.max(0, e.points - owed) });
}

/**
 * Takes `points` from the customer's lots after a negative row was written: the lot of `ownInvoice` first (a
 * reversal takes back the sale's own points), then oldest expiring first. What the lots do not hold is left as a
 * negative balance.
 */
export function takeFromLots(db: Db, customerId: number, points: number, ownInvoice: number | null = null): void {
  const repo = loyaltyRepo(db);
  const lots = repo.openLots(customerId);
  const ordered =
    ownInvoice === null
      ? lots
      : [
          ...lots.filter((l) => l.kind === 'EARNED' && l.invoice_id === ownInvoice),
          ...lots.filter((l) => !(l.kind === 'EARNED' && l.invoice_id === ownInvoice)),
        ];
  let left = points;
  for (const lot of ordered) {
    if (left === 0) break;
    const n = Math.min(left, lot.remaining);
    repo.take(lot.id, n);
    left -= n;
  }
}
