// Demo points (#29): the demo's sales to customers already earned points through checkout; a first demo customer with
// none yet gets 500 welcome points, so the till has points to spend from the first try.
import { writeTx } from '../../core/db.js';
import { localDate } from '../../core/clock.js';
import type { SeedContext } from '../../core/plugin.js';
import { credit, expiryOf } from './ledger.js';
import { loyaltyRepo } from './repo.js';

export const WELCOME_POINTS = 500;

export function seedDemoPoints({ db, config }: SeedContext): void {
  const first = db.prepare('SELECT id FROM customers_customer ORDER BY id LIMIT 1').pluck().get() as number | undefined;
  if (first === undefined || loyaltyRepo(db).balance(first) > 0) return;
  const now = new Date();
  const today = localDate(now, config.timeZone);
  writeTx(db, () => {
    credit(db, {
      customerId: first,
      kind: 'EARNED',
      points: WELCOME_POINTS,
      invoiceId: null,
      expiresOn: expiryOf(db, today),
      businessDate: today,
      at: now.toISOString(),
      note: 'Welcome points',
    });
  });
}
