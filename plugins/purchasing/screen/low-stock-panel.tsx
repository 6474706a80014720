// The Low Stock tab: products at or below their reorder point, grouped by supplier, each group with
// 'Draft Purchase Order' (POST /api/purchase-orders/low-stock); products never ordered pick a supplier first.
import { useState } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { useQuery } from '../../../ui/use-query.js';
import { DataTable } from '../../../ui/components/data-table.js';
import { ListStatus } from '../../../ui/components/list-screen.js';
import { NO_SUPPLIER, groupBySupplier, type LowStockGroup } from './low-stock-rules.js';
import type { LowStockList, PurchaseOrder, Supplier } from './types.js';

export interface LowStockPanelProps {
  suppliers: Supplier[];
  /** Called with the drafted order (the screen opens its details). */
  onDrafted: (order: PurchaseOrder) => void;
}

export const DRAFT_FAILED = 'Failed to draft purchase order';
const COLUMNS = ['Product', 'Size', 'SKU', { label: 'Stock', num: true }, { label: 'Reorder Point', num: true }, { label: 'Suggested Qty', num: true }];

/** The panel. */
export function LowStockPanel({ suppliers, onDrafted }: LowStockPanelProps) {
  const list = useQuery(['low-stock'], () => api.get<LowStockList>('/api/reports/low-stock'));
  const items = list.data?.items ?? [];

  const draft = async (supplierId: number, group: LowStockGroup) => {
    try {
      const res = await api.post<{ purchase_order: PurchaseOrder }>('/api/purchase-orders/low-stock', {
        supplier_id: supplierId,
        product_ids: group.items.map((i) => i.product_id),
      });
      toast.success(`Purchase order ${res.purchase_order.number} created`);
      void list.reload();
      onDrafted(res.purchase_order);
    } catch (err) {
      toast.error(err instanceof ApiError && err.code !== undefined && err.message ? `${DRAFT_FAILED}: ${err.message}` : DRAFT_FAILED);
    }
  };

  return (
    <div className="low-stock-panel">
      <p className="muted">Products at or below their reorder point. A draft orders twice the reorder point less the stock, at each product's cost.</p>
      <ListStatus query={list} noun="low stock" rows={items} empty="Nothing is low on stock" />
      {groupBySupplier(items).map((g) => (
        <LowStockGroupCard key={g.supplier?.id ?? 'none'} group={g} suppliers={suppliers} onDraft={(id) => draft(id, g)} />
      ))}
    </div>
  );
}

interface GroupProps {
  group: LowStockGroup;
  suppliers: Supplier[];
  onDraft: (supplierId: number) => Promise<void>;
}

function LowStockGroupCard({ group, suppliers, onDraft }: GroupProps) {
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const title = group.supplier?.name ?? NO_SUPPLIER;
  const headingId = `low-stock-${group.supplier?.id ?? 'none'}`;

  const draft = async () => {
    const id = group.supplier?.id ?? Number(chosen);
    if (!id) {
      toast.error('Please select a supplier');
      return;
    }
    setBusy(true);
    try {
      await onDraft(id);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="low-stock-group" aria-labelledby={headingId}>
      <header className="low-stock-head">
        <h4 id={headingId}>
          {title}{' '}
          <small className="muted">
            ({group.items.length} {group.items.length === 1 ? 'product' : 'products'})
          </small>
        </h4>
        <div className="low-stock-actions">
          {group.supplier ? null : (
            <select aria-label="Supplier for products with no supplier yet" value={chosen} onChange={(e) => setChosen(e.target.value)}>
              <option value="">Select a supplier</option>
              {suppliers.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.name}
                </option>
              ))}
            </select>
          )}
          <button type="button" disabled={busy} aria-busy={busy || undefined} onClick={() => void draft()}>
            Draft Purchase Order
          </button>
        </div>
      </header>
      <DataTable className="low-stock-table" columns={COLUMNS}>
        {group.items.map((i) => (
          <tr key={i.product_id}>
            <td>
              {i.item_name}
              {i.brand ? (
                <>
                  <br />
                  <small className="muted">{i.brand}</small>
                </>
              ) : null}
            </td>
            <td className="nowrap">{i.size || 'N/A'}</td>
            <td className="nowrap">{i.sku || 'N/A'}</td>
            <td className="num text-danger">{i.stock_qty}</td>
            <td className="num">{i.reorder_point}</td>
            <td className="num">
              <strong>{i.suggested_qty}</strong>
            </td>
          </tr>
        ))}
      </DataTable>
    </article>
  );
}
