// Stock take: count part of the shop by scanning, see the variance (units and cost value), post it to the
// stock ledger in one transaction. Also prints barcode labels (A4 sheets and a 50x30 mm roll).
import { definePlugin } from '../../core/plugin.js';
import { migrationsOf } from '../../core/migrate.js';
// Every .sql file of migrations/, by file name (core/dev/sql-folder.mjs): a new migration needs no code here.
import migrationFiles from './migrations/index.sql-folder';
import routes from './routes.js';

export default definePlugin({
  name: 'stock-take',
  dependsOn: ['inventory', 'purchasing', 'images'],
  migrations: migrationsOf(migrationFiles),
  routes,
});
