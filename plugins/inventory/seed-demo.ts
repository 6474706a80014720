// Loads the demo catalogue into a new demo database, opening stock as INITIAL movements, in one transaction.
import { nowIso, writeTx } from '../../core/db.js';
import { rateToBps, toCents } from '../../core/money.js';
import type { SeedContext } from '../../core/plugin.js';
import { demoCatalogue } from '../../data/demo/catalogue.js';
import { inventoryRepo } from './repo.js';
import { moveStock } from './stock.js';

/** Fills the product table from data/demo/catalogue.ts. */
export function seedDemo({ db }: SeedContext): void {
  const repo = inventoryRepo(db);
  writeTx(db, () => {
    const now = nowIso();
    for (const p of demoCatalogue()) {
      const id = repo.insert({
        item_name: p.item_name, sku: p.sku, size: p.size, brand: p.brand, material: p.material, category: p.category,
        cost_cents: toCents(p.cost), selling_price_cents: toCents(p.selling_price), tax_rate_bps: rateToBps(p.tax_rate), image_url: null,
      }, now);
      if (p.stock_qty > 0) moveStock(db, { productId: id, delta: p.stock_qty, reason: 'INITIAL', note: 'Demo opening stock' });
    }
  });
}
