// Stage 5, stock: each sold product's stock goes down in the sale's transaction (moveStock refuses to go below 0:
// 409, and the whole sale rolls back). Each product is on one line (mergeLines), so its stock after the move is its
// stock when the sale commits: the checkout reply's, with no second read.
import type { Db } from '../../../core/db.js';
import { moveStock } from '../../inventory/api.js';
import type { PricedLine } from './price.js';

export function takeStock(db: Db, lines: readonly PricedLine[], sale: { invoiceId: number; number: string; userId: number | null }) {
  return lines.map((l) => {
    const { stockAfter } = moveStock(db, {
      productId: l.product.id,
      delta: -l.qty,
      reason: 'SALE',
      refType: 'invoice',
      refId: sale.invoiceId,
      userId: sale.userId,
      note: sale.number,
    });
    return { product_id: l.product.id, stock_qty: stockAfter };
  });
}
