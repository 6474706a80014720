// The customers plugin: customers with credit limits and terms; balances derived from sales' invoices.
import { definePlugin } from '../../core/plugin.js';
import { migrationsOf } from '../../core/migrate.js';
// Every .sql file of migrations/, by file name (core/dev/sql-folder.mjs): a new migration needs no code here.
import migrationFiles from './migrations/index.sql-folder';
import routes from './routes.js';
import { seedDemoCustomers } from './seed-demo.js';

export default definePlugin({
  name: 'customers',
  // Sales bills customers and reads their balance at checkout; credit notes belong to a customer.
  publicTables: ['customers_customer', 'customers_balance'],
  // Balances and open invoices come from sales' invoices: sales' migration 002 fills these views.
  seams: ['customers_balance', 'customers_open_invoice'],
  migrations: migrationsOf(migrationFiles),
  routes,
  seedDemo: seedDemoCustomers,
});
