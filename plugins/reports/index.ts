// Reports: the sales report (daily, monthly, yearly) with CSV export, and the end-of-day cash-up.
// Reads sales' tables, the ledger, and credit notes and returns through seam views; owns no data.
import { definePlugin } from '../../core/plugin.js';
import { migration } from '../../core/migrate.js';
import createReports from './migrations/001-create-reports.sql';
import yearProduct from './migrations/002-year-product.sql';
import moneyFromLedger from './migrations/003-money-from-ledger.sql';
import returnsView from './migrations/004-returns-view.sql';
import routes from './routes.js';

export default definePlugin({
  name: 'reports',
  dependsOn: ['sales', 'ledger'],
  // Credit notes and returns as reports reads them, filled by those plugins' migrations (they need not depend on reports).
  seams: ['reports_credit_note', 'reports_return'],
  migrations: [
    migration('001-create-reports', createReports),
    migration('002-year-product', yearProduct),
    migration('003-money-from-ledger', moneyFromLedger),
    migration('004-returns-view', returnsView),
  ],
  routes,
});
