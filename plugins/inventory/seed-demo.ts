// Loads the demo catalogue into a new demo database as styles (one per model, one product per size), opening
// stock as INITIAL movements, in one transaction.
import { writeTx } from '../../core/db.js';
import type { SeedContext } from '../../core/plugin.js';
import { demoStyles } from '../../data/demo/catalogue.js';
import { createStyle } from './actions/create-style.js';
import { inventoryRepo } from './repo.js';
import { stylesRepo } from './styles-repo.js';

/** Fills the style and product tables from data/demo/catalogue.ts. */
export function seedDemo({ db }: SeedContext): void {
  const repo = inventoryRepo(db);
  const styles = stylesRepo(db);
  writeTx(db, () => {
    for (const s of demoStyles()) createStyle(db, repo, styles, s, null, 'Demo opening stock');
  });
}
