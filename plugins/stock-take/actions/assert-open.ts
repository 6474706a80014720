// Only an OPEN take takes counts, posts or cancels: a POSTED or CANCELLED one answers 409 saying which.
import { conflict } from '../../../core/errors.js';
import type { StockTakeRow } from '../repo.js';

export function assertOpen(take: StockTakeRow): void {
  if (take.status === 'POSTED') throw conflict('STOCK_TAKE_POSTED', 'This stock take is already posted', { field: 'id' });
  if (take.status === 'CANCELLED') throw conflict('STOCK_TAKE_CANCELLED', 'This stock take was cancelled', { field: 'id' });
}
