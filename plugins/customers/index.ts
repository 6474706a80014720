// The customers plugin: customers with credit limits and terms; balances derived from sales' invoices.
import { definePlugin } from '../../core/plugin.js';
import { migration } from '../../core/migrate.js';
import createCustomers from './migrations/001-create-customers.sql';
import uen from './migrations/002-uen.sql';
import routes from './routes.js';
import { seedDemoCustomers } from './seed-demo.js';

export default definePlugin({
  name: 'customers',
  // Sales bills customers and reads their balance at checkout; credit notes belong to a customer.
  publicTables: ['customers_customer', 'customers_balance'],
  // Balances and open invoices come from sales' invoices: sales' migration 002 fills these views.
  seams: ['customers_balance', 'customers_open_invoice'],
  migrations: [migration('001-create-customers', createCustomers), migration('002-uen', uen)],
  routes,
  seedDemo: seedDemoCustomers,
});
