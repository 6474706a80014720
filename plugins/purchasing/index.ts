// Purchasing: suppliers, purchase orders, receiving goods into stock (through inventory's ledger) and the PO PDF.
import { definePlugin } from '../../core/plugin.js';
import { migration } from '../../core/migrate.js';
import createPurchasing from './migrations/001-create-purchasing.sql';
import routes from './routes.js';
import { seedDemo } from './seed-demo.js';

export default definePlugin({
  name: 'purchasing',
  // sales: only for its screens, which put the low-stock badge in the POS (type of the slot's props).
  dependsOn: ['inventory', 'sales'],
  migrations: [migration('001-create-purchasing', createPurchasing)],
  routes,
  seedDemo,
});
