// Reports: the sales report (daily, monthly, yearly) with CSV export, and the end-of-day cash-up.
// Reads sales' tables, the ledger, the stock ledger through inventory's api (size curve), and credit notes and returns through seam views; owns no data.
import { definePlugin } from '../../core/plugin.js';
import { migrationsOf } from '../../core/migrate.js';
// Every .sql file of migrations/, by file name (core/dev/sql-folder.mjs): a new migration needs no code here.
import migrationFiles from './migrations/index.sql-folder';
import routes from './routes.js';

export default definePlugin({
  name: 'reports',
  dependsOn: ['sales', 'ledger', 'inventory'],
  // Credit notes and returns as reports reads them, filled by those plugins' migrations (they need not depend on reports).
  seams: ['reports_credit_note', 'reports_return'],
  migrations: migrationsOf(migrationFiles),
  routes,
});
