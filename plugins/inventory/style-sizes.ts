// A style's live sizes as other plugins need them (labels for a whole style, #30.4): ids in the order a shop reads
// sizes (38, 38.5, 39 ... ), or undefined for a style that does not exist.
import type { Db } from '../../core/db.js';
import { compareSizes } from './sizes.js';
import { stylesRepo } from './styles-repo.js';

export function styleSizeIds(db: Db, styleId: number): number[] | undefined {
  const styles = stylesRepo(db);
  if (!styles.get(styleId)) return undefined;
  return styles
    .sizes(styleId)
    .sort((a, b) => compareSizes(a.size ?? '', b.size ?? '') || a.id - b.id)
    .map((p) => p.id);
}
