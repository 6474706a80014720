// Promotions (#28.6): percent off, buy X get Y and bundle prices, by brand, category, style or product, for
// inclusive shop days; applied by the checkout's adjust stage (quotes and sales alike) as invoice adjustments.
import { definePlugin } from '../../core/plugin.js';
import { migration } from '../../core/migrate.js';
import { promotionsAdjuster } from './adjuster.js';
import createPromotions from './migrations/001-create-promotions.sql';
import routes from './routes.js';

export default definePlugin({
  name: 'promotions',
  // inventory: the products' brand, category and style (scope); sales: its adjustment rows (usage).
  dependsOn: ['inventory', 'sales'],
  migrations: [migration('001-create-promotions', createPromotions)],
  routes,
  adjusters: [promotionsAdjuster],
});
