// "Low stock: N" for the Inventory and POS heads: a small button that lists the sizes at or below their reorder
// point (GET /api/reports/low-stock, any signed-in user). Hidden while loading, when nothing is low, and when
// the call fails (an older server without the report, a network error): the till must never break over it.
import { useState } from 'react';
import { api } from '../api.js';
import { useQuery } from '../use-query.js';
import { Modal } from './modal.js';

/**
 * The fields this badge reads from the report. The reply's schema is declared by the purchasing plugin, and ui/
 * imports no plugin (tests/boundaries.test.ts), so only what is shown here is named.
 */
export interface LowStockRow {
  product_id: number;
  sku: string | null;
  item_name: string;
  size: string | null;
  colour: string | null;
  stock_qty: number;
  reorder_point: number;
  suggested_qty: number;
  supplier: { id: number; name: string } | null;
}

export interface LowStockBadgeProps {
  /** Change it to load the count again (after a stock adjustment, a new style). */
  refreshKey?: unknown;
}

/** The badge and, once pressed, the list of low sizes. */
export function LowStockBadge({ refreshKey }: LowStockBadgeProps) {
  const [open, setOpen] = useState(false);
  const report = useQuery(['low-stock', refreshKey ?? null], () => api.get<{ items: LowStockRow[]; count: number }>('/api/reports/low-stock'));
  const count = report.error ? 0 : report.data?.count ?? 0;
  if (count === 0 && !open) return null;
  const items = report.data?.items ?? [];
  return (
    <>
      <button type="button" className="low-stock-badge" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <span aria-hidden="true">▼ </span>Low stock: {count}
      </button>
      <Modal open={open} wide title="Low Stock" onClose={() => setOpen(false)}
        footer={<button type="button" className="secondary" onClick={() => setOpen(false)}>Close</button>}>
        <p className="muted">Sizes at or below their reorder point, with the quantity that brings them back to twice it.</p>
        {items.length === 0 ? <p>Nothing is low on stock.</p> : (
          <div className="overflow-auto">
            <table className="striped low-stock-table">
              <thead>
                <tr>
                  <th scope="col">Product</th><th scope="col">Size</th><th scope="col">SKU</th><th scope="col" className="num">Stock</th>
                  <th scope="col" className="num">Reorder Point</th><th scope="col" className="num">Suggested Order</th><th scope="col">Last Supplier</th>
                </tr>
              </thead>
              <tbody>
                {items.map((i) => (
                  <tr key={i.product_id}>
                    <td>{i.item_name}{i.colour ? <small className="muted"> · {i.colour}</small> : null}</td>
                    <td className="nowrap">{i.size ?? 'N/A'}</td>
                    <td className="nowrap">{i.sku ?? 'N/A'}</td>
                    <td className={i.stock_qty === 0 ? 'num text-danger' : 'num'}>{i.stock_qty}</td>
                    <td className="num">{i.reorder_point}</td>
                    <td className="num">{i.suggested_qty}</td>
                    <td>{i.supplier?.name ?? 'N/A'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Modal>
    </>
  );
}
