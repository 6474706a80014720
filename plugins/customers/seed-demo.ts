// Loads the demo customers into a new demo database, in one transaction.
import type { SeedContext } from '../../core/plugin.js';
import { writeTx, nowIso } from '../../core/db.js';
import { toCents } from '../../core/money.js';
import { demoCustomers } from '../../data/demo/customers.js';
import { customersRepo } from './repo.js';

/** Inserts the demo customers (called once by core on a new demo database). */
export function seedDemoCustomers({ db }: SeedContext): void {
  const repo = customersRepo(db);
  const now = nowIso();
  writeTx(db, () => {
    for (const { credit_limit, ...c } of demoCustomers) repo.insert({ ...c, credit_limit_cents: toCents(credit_limit) }, now);
  });
}
