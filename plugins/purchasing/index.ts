// Purchasing: suppliers, purchase orders, receiving goods into stock (through inventory's ledger) and the PO PDF.
import { definePlugin } from '../../core/plugin.js';
import { migrationsOf } from '../../core/migrate.js';
// Every .sql file of migrations/, by file name (core/dev/sql-folder.mjs): a new migration needs no code here.
import migrationFiles from './migrations/index.sql-folder';
import routes from './routes.js';
import { seedDemo } from './seed-demo.js';

export default definePlugin({
  name: 'purchasing',
  // sales: only for its screens, which put the low-stock badge in the POS (type of the slot's props).
  dependsOn: ['inventory', 'sales'],
  migrations: migrationsOf(migrationFiles),
  routes,
  seedDemo,
});
