// The "Stock History" modal of one size: its stock ledger, newest first, a page at a time
// (GET /api/products/:id/movements, dates in the shop's time zone).
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { dateTimeText } from '../../../ui/format.js';
import { useQuery } from '../../../ui/use-query.js';
import { Modal } from '../../../ui/components/modal.js';
import { Pager } from '../../../ui/components/pager.js';
import { sizeName } from './adjust-stock-modal.js';
import type { MovementList, Product } from './types.js';

export const HISTORY_PAGE_SIZE = 20;

/** The ledger's reason codes in words. */
const REASON_TEXT: Record<string, string> = {
  INITIAL: 'Opening stock',
  ADJUSTMENT: 'Adjustment',
  SALE: 'Sale',
  RETURN: 'Return',
  VOID: 'Invoice voided',
  RECEIVED: 'Received',
  STOCK_TAKE: 'Stock take',
};

/** The movements table with its pager. */
export function MovementHistoryModal({ product, onClose }: { product: Product; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const list = useQuery(['movements', product.id, page], () =>
    api.get<MovementList>(`/api/products/${product.id}/movements`, { page, pageSize: HISTORY_PAGE_SIZE }),
  );
  const rows = list.data?.movements ?? [];
  return (
    <Modal
      open
      wide
      title={`Stock History: ${sizeName(product)}`}
      onClose={onClose}
      footer={
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      <p>
        In stock now: <strong>{product.stock_qty}</strong>
      </p>
      {list.error ? (
        <p role="alert" className="text-danger">
          Error loading stock history: {list.error.message}
        </p>
      ) : null}
      {list.loading && !list.data ? <p aria-busy="true">Loading stock history...</p> : null}
      {list.data && rows.length === 0 ? <p className="muted">No stock movements yet.</p> : null}
      {rows.length > 0 ? (
        <div className="overflow-auto">
          <table className="striped movements-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col" className="num">
                  Change
                </th>
                <th scope="col">Reason</th>
                <th scope="col">Note</th>
                <th scope="col" className="num">
                  Stock After
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.id}>
                  <td className="nowrap">{dateTimeText(m.created_at)}</td>
                  <td className={m.qty_delta < 0 ? 'num text-danger' : 'num'}>{m.qty_delta > 0 ? `+${m.qty_delta}` : m.qty_delta}</td>
                  <td>{REASON_TEXT[m.reason] ?? m.reason}</td>
                  <td>{m.note ?? ''}</td>
                  <td className="num">{m.stock_after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list.data && list.data.pagination.total > HISTORY_PAGE_SIZE ? (
        <Pager page={page} pageSize={HISTORY_PAGE_SIZE} total={list.data.pagination.total} onPage={setPage} />
      ) : null}
    </Modal>
  );
}
