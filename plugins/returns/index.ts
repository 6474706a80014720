// Returns: goods brought back against an invoice, back into stock, refunded as a credit note (GST included).
import { definePlugin } from '../../core/plugin.js';
import { migrationsOf } from '../../core/migrate.js';
// Every .sql file of migrations/, by file name (core/dev/sql-folder.mjs): a new migration needs no code here.
import migrationFiles from './migrations/index.sql-folder';
import routes from './routes.js';
import { seedDemoReturns } from './seed-demo.js';
import { returnsVoidCheck } from './void-check.js';
import { exchangedSection } from './receipt-section.js';

export default definePlugin({
  name: 'returns',
  dependsOn: ['credit-notes', 'sales', 'inventory', 'ledger'],
  migrations: migrationsOf(migrationFiles),
  routes,
  seedDemo: seedDemoReturns,
  voidChecks: [returnsVoidCheck],
  receiptSections: [exchangedSection],
});
