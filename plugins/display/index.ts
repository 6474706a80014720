// Customer display (#26.7): a second screen (monitor, tablet) paired to one till with a short code, following that
// till's cart, totals, PayNow QR and change over server-sent events. Rules: README.md.
import { definePlugin } from '../../core/plugin.js';
import { migrationsOf } from '../../core/migrate.js';
// Every .sql file of migrations/, by file name (core/dev/sql-folder.mjs): a new migration needs no code here.
import migrationFiles from './migrations/index.sql-folder';
import { showCommittedSale } from './after-sale.js';
import routes from './routes.js';

export default definePlugin({
  name: 'display',
  // sales: the cart is priced by its quote and the sale read from its invoice; paynow: the QR; customers: the
  // chosen customer's name.
  dependsOn: ['sales', 'paynow', 'customers'],
  migrations: migrationsOf(migrationFiles),
  routes,
  // The pipeline's last stage: a sale made at a till with a display shows there as done at once.
  afterCommit: [showCommittedSale],
});
