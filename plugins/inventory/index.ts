// Inventory: products, styles (a model's size run), the stock ledger, product search, and the demo catalogue.
import { definePlugin } from '../../core/plugin.js';
import { migration } from '../../core/migrate.js';
import createInventory from './migrations/001-create-inventory.sql';
import styles from './migrations/002-styles.sql';
import ledgerReasons from './migrations/003-ledger-reasons.sql';
import tillIndexes from './migrations/004-till-indexes.sql';
import routes from './routes.js';
import { seedDemo } from './seed-demo.js';

export default definePlugin({
  name: 'inventory',
  // The catalogue: every invoice line, return, credit note line, order line and count names a product.
  publicTables: ['inventory_product'],
  // Product photos as inventory reads them: the images plugin's migration fills this view.
  seams: ['inventory_product_image'],
  migrations: [
    migration('001-create-inventory', createInventory),
    migration('002-styles', styles),
    migration('003-ledger-reasons', ledgerReasons),
    migration('004-till-indexes', tillIndexes),
  ],
  routes,
  seedDemo,
});
