// The customers plugin: customers with credit limits and terms; balances derived from sales' invoices.
import { definePlugin } from '../../core/plugin.js';
import { migration } from '../../core/migrate.js';
import createCustomers from './migrations/001-create-customers.sql';
import uen from './migrations/002-uen.sql';
import routes from './routes.js';
import { seedDemoCustomers } from './seed-demo.js';

export default definePlugin({
  name: 'customers',
  migrations: [migration('001-create-customers', createCustomers), migration('002-uen', uen)],
  routes,
  seedDemo: seedDemoCustomers,
});
