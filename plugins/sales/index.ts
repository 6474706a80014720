// Sales: checkout (the only writer of invoices), invoices and their payments, customer payments,
// voids, tax invoice / receipt / statement PDFs, and the customer balance views over invoices.
import { definePlugin } from '../../core/plugin.js';
import { migrationsOf } from '../../core/migrate.js';
// Every .sql file of migrations/, by file name (core/dev/sql-folder.mjs): a new migration needs no code here.
import migrationFiles from './migrations/index.sql-folder';
import routes from './routes.js';
import { seedDemoSales } from './seed-demo.js';
import { creditNotePaymentVoidCheck } from './void-checks.js';

export default definePlugin({
  name: 'sales',
  dependsOn: ['inventory', 'customers', 'paynow', 'ledger'],
  // Invoices and what was paid and refunded on them: credit notes, returns and reports read them; reports'
  // triggers keep its totals from them (triggers only read the row that changed and write reports' own tables).
  publicTables: ['sales_invoice', 'sales_invoice_line', 'sales_invoice_adjustment', 'sales_payment', 'sales_refund'],
  migrations: migrationsOf(migrationFiles),
  routes,
  seedDemo: seedDemoSales,
  voidChecks: [creditNotePaymentVoidCheck],
});
