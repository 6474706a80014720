// Customers' public face: what other plugins may call (tests/boundaries.test.ts lets them import nothing
// else of customers). Sales reads credit terms and balances with its own SQL (the manifest's publicTables:
// customers_customer, customers_balance), and screens take the customer shapes type-only from customers' schemas.ts.
import type { Db } from '../../core/db.js';
import { customersRepo } from './repo.js';

/** A customer's name (the customer display greets them, #29), or undefined for an unknown id. */
export function customerName(db: Db, id: number): string | undefined {
  return customersRepo(db).get(id)?.name;
}
