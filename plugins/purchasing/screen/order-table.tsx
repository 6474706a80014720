// The purchase orders table: Number, Supplier, Date, Received / Ordered units, Total Cost, Status, Actions (View).
import { dateText, money } from '../../../ui/format.js';
import { DataTable, RowActions } from '../../../ui/components/data-table.js';
import { StatusBadge } from './status-badge.js';
import type { PurchaseOrderSummary } from './types.js';

export interface OrderTableProps {
  orders: PurchaseOrderSummary[];
  onView: (order: PurchaseOrderSummary) => void;
}

const COLUMNS = ['Number', 'Supplier', 'Date', { label: 'Units Received / Ordered', num: true }, { label: 'Total Cost', num: true }, 'Status', 'Actions'];

/** One row per order. */
export function OrderTable({ orders, onView }: OrderTableProps) {
  return (
    <DataTable className="purchase-orders-table" columns={COLUMNS}>
      {orders.map((o) => (
        <tr key={o.id} data-purchase-order-id={o.id}>
          <td className="nowrap">
            <strong>{o.number}</strong>
          </td>
          <td>{o.supplier.name}</td>
          <td className="nowrap">{dateText(o.business_date)}</td>
          <td className="num">
            {o.qty_received} / {o.qty_ordered}
          </td>
          <td className="num money">{money(o.total)}</td>
          <td>
            <StatusBadge status={o.status} />
          </td>
          <RowActions>
            <button type="button" className="secondary outline" onClick={() => onView(o)}>
              View
            </button>
          </RowActions>
        </tr>
      ))}
    </DataTable>
  );
}
