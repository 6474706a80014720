// What loyalty adds to a customer elsewhere (#29), through generic hooks: the `loyalty` field of
// GET /api/customers/:id (customerFields) and the points badge on the customer display (customerBadges).
import type { Db } from '../../core/db.js';
import { formatMoney, toDollars } from '../../core/money.js';
import type { CustomerBadge } from '../../core/plugin.js';
import { balanceNow, rulesOf } from './ledger.js';
import type { CustomerLoyalty } from './schemas.js';

/** The customer's points today (expired ones swept out) and their value in dollars. */
export function customerLoyalty(db: Db, customerId: number): CustomerLoyalty {
  const points = balanceNow(db, customerId);
  return { points, value: toDollars(points * rulesOf(db).pointCents) };
}

/** 'Points' '1,240 ($12.40)'. */
export function pointsBadge(db: Db, customerId: number): CustomerBadge {
  const points = balanceNow(db, customerId);
  return { label: 'Points', value: `${points.toLocaleString('en-SG')} (${formatMoney(points * rulesOf(db).pointCents)})` };
}
