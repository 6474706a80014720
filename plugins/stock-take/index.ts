// Stock take: count part of the shop by scanning, see the variance (units and cost value), post it to the
// stock ledger in one transaction. Also prints barcode labels (A4 sheets and a 50x30 mm roll).
import { definePlugin } from '../../core/plugin.js';
import { migration } from '../../core/migrate.js';
import createStockTake from './migrations/001-create-stock-take.sql';
import cancelled from './migrations/002-cancelled.sql';
import routes from './routes.js';

export default definePlugin({
  name: 'stock-take',
  dependsOn: ['inventory', 'purchasing'],
  migrations: [migration('001-create-stock-take', createStockTake), migration('002-cancelled', cancelled)],
  routes,
});
