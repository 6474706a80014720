// Inventory: products, styles (a model's size run), the stock ledger, product search, and the demo catalogue.
import { definePlugin } from '../../core/plugin.js';
import { migrationsOf } from '../../core/migrate.js';
// Every .sql file of migrations/, by file name (core/dev/sql-folder.mjs): a new migration needs no code here.
import migrationFiles from './migrations/index.sql-folder';
import routes from './routes.js';
import { seedDemo } from './seed-demo.js';
import { gs1CompanyPrefix } from './settings.js';

export default definePlugin({
  name: 'inventory',
  // The catalogue: every invoice line, return, credit note line, order line and count names a product; a style's
  // default supplier (purchasing, #30) names the style.
  publicTables: ['inventory_product', 'inventory_style'],
  // Product photos as inventory reads them: the images plugin's migration fills this view.
  seams: ['inventory_product_image'],
  migrations: migrationsOf(migrationFiles),
  routes,
  // The GS1 company prefix generated barcodes start with (#30.3).
  settings: [gs1CompanyPrefix],
  seedDemo,
});
