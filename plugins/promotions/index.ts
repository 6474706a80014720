// Promotions (#28.6): percent off, buy X get Y and bundle prices, by brand, category, style or product, for
// inclusive shop days; applied by the checkout's adjust stage (quotes and sales alike) as invoice adjustments.
import { definePlugin } from '../../core/plugin.js';
import { migrationsOf } from '../../core/migrate.js';
import { promotionsAdjuster } from './adjuster.js';
// Every .sql file of migrations/, by file name (core/dev/sql-folder.mjs): a new migration needs no code here.
import migrationFiles from './migrations/index.sql-folder';
import routes from './routes.js';

export default definePlugin({
  name: 'promotions',
  // inventory: the products' brand, category and style (scope); sales: its adjustment rows (usage).
  dependsOn: ['inventory', 'sales'],
  migrations: migrationsOf(migrationFiles),
  routes,
  adjusters: [promotionsAdjuster],
});
