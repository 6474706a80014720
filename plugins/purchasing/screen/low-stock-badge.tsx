// "Low stock: N" for the Inventory and POS heads (the slots 'inventory-head' and 'pos-stock-alert'): a small button
// that lists the sizes at or below their reorder point (GET /api/reports/low-stock, this plugin's route, any
// signed-in user). Hidden while loading, when nothing is low, and when the call fails (an older server without the
// report, a network error): the till must never break over it.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { Modal } from '../../../ui/components/modal.js';
import { useQuery } from '../../../ui/use-query.js';
import type { InventoryHeadProps } from '../../inventory/schemas.js';
import type { PosStockAlertProps } from '../../sales/schemas.js';
import type { LowStockReply } from '../schemas.js';

const css = `
.low-stock-badge {
  width: auto; margin: 0; padding: 0.2rem 0.7rem; border-radius: 999px; font-size: 0.85rem; font-weight: 600; white-space: nowrap;
  background: #fef9c3; color: #854d0e; border: 1px solid #eab308;
}
.low-stock-badge:hover, .low-stock-badge:focus-visible { background: #fde68a; color: #713f12; border-color: #ca8a04; }
`;

/** The badge and, once pressed, the list of low sizes. */
export default function LowStockBadge({ refreshKey }: Partial<PosStockAlertProps | InventoryHeadProps>) {
  const [open, setOpen] = useState(false);
  const report = useQuery(['low-stock', refreshKey ?? null], () => api.get<LowStockReply>('/api/reports/low-stock'));
  const count = report.error ? 0 : (report.data?.count ?? 0);
  if (count === 0 && !open) return null;
  const items = report.data?.items ?? [];
  return (
    <>
      <button type="button" className="low-stock-badge" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <span aria-hidden="true">▼ </span>Low stock: {count}
      </button>
      <Modal
        open={open}
        wide
        title="Low Stock"
        onClose={() => setOpen(false)}
        footer={
          <button type="button" className="secondary" onClick={() => setOpen(false)}>
            Close
          </button>
        }
      >
        <p className="muted">Sizes at or below their reorder point, with the quantity that brings them back to twice it.</p>
        {items.length === 0 ? (
          <p>Nothing is low on stock.</p>
        ) : (
          <div className="overflow-auto">
            <table className="striped low-stock-table">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Size</th>
                  <th scope="col">SKU</th>
                  <th scope="col" className="num">
                    Stock
                  </th>
                  <th scope="col" className="num">
                    Reorder Point
                  </th>
                  <th scope="col" className="num">
                    Suggested Order
                  </th>
                  <th scope="col">Last Supplier</th>
                </tr>
              </thead>
              <tbody>
                {items.map((i) => (
                  <tr key={i.product_id}>
                    <td>
                      {i.item_name}
                      {i.colour ? <small className="muted"> · {i.colour}</small> : null}
                    </td>
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
      <style>{css}</style>
    </>
  );
}
