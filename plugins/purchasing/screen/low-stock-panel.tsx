// The Low Stock tab: products at or below their reorder point, grouped by supplier (the style's default, else the
// last order's). The owner ticks the sizes to order and changes each quantity (prefilled with what is still short
// after what is already on order), then 'Draft Purchase Order' (POST /api/purchase-orders/low-stock with `lines`).
// 'Set as Default Supplier' makes the chosen supplier the default of the ticked sizes' styles.
import { useState } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { useQuery } from '../../../ui/use-query.js';
import { DataTable } from '../../../ui/components/data-table.js';
import { ListStatus } from '../../../ui/components/list-screen.js';
import { NO_SUPPLIER, defaultPick, groupBySupplier, onOrderText, pickedLines, type LowStockGroup, type LowStockPick } from './low-stock-rules.js';
import type { LowStockItem, LowStockList, PurchaseOrder, Supplier } from './types.js';

export interface LowStockPanelProps {
  suppliers: Supplier[];
  /** Bumped by the screen after an order was edited, received or cancelled: what is on order changed. */
  version?: number;
  /** Called with the drafted order (the screen opens its details). */
  onDrafted: (order: PurchaseOrder) => void;
}

export const DRAFT_FAILED = 'Failed to draft purchase order';
export const DEFAULT_FAILED = 'Failed to set the default supplier';
const COLUMNS = [
  { label: 'Order' },
  'Product',
  'Size',
  'SKU',
  { label: 'Stock', num: true },
  { label: 'Reorder Point', num: true },
  { label: 'On Order', num: true },
  { label: 'Order Qty', num: true },
];

/** The panel. */
export function LowStockPanel({ suppliers, version = 0, onDrafted }: LowStockPanelProps) {
  const list = useQuery(['low-stock', version], () => api.get<LowStockList>('/api/reports/low-stock'));
  const items = list.data?.items ?? [];
  // The owner's choices by product; a size not touched follows defaultPick (so a reload brings new suggestions).
  const [picks, setPicks] = useState<Map<number, LowStockPick>>(new Map());
  const pickOf = (i: LowStockItem) => picks.get(i.product_id) ?? defaultPick(i);
  const setPick = (i: LowStockItem, patch: Partial<LowStockPick>) => setPicks((m) => new Map(m).set(i.product_id, { ...pickOf(i), ...patch }));

  const draft = async (supplierId: number, group: LowStockGroup) => {
    const picked = pickedLines(group.items, pickOf);
    if ('problem' in picked) {
      toast.error(picked.problem);
      return;
    }
    try {
      const res = await api.post<{ purchase_order: PurchaseOrder }>('/api/purchase-orders/low-stock', { supplier_id: supplierId, lines: picked.lines });
      toast.success(`Purchase order ${res.purchase_order.number} created`);
      setPicks(new Map());
      void list.reload();
      onDrafted(res.purchase_order);
    } catch (err) {
      toast.error(err instanceof ApiError && err.code !== undefined && err.message ? `${DRAFT_FAILED}: ${err.message}` : DRAFT_FAILED);
    }
  };

  const setDefault = async (supplierId: number, group: LowStockGroup) => {
    const styles = [...new Set(group.items.filter((i) => pickOf(i).ticked).map((i) => i.style_id))];
    if (styles.length === 0) {
      toast.error('Tick at least one size to order');
      return;
    }
    try {
      for (const id of styles) await api.put(`/api/styles/${id}/supplier`, { supplier_id: supplierId });
      const name = suppliers.find((s) => s.id === supplierId)?.name ?? 'the supplier';
      toast.success(`${name} is the default supplier of ${styles.length} ${styles.length === 1 ? 'style' : 'styles'}`);
      void list.reload();
    } catch (err) {
      toast.error(err instanceof ApiError && err.code !== undefined && err.message ? `${DEFAULT_FAILED}: ${err.message}` : DEFAULT_FAILED);
    }
  };

  return (
    <div className="low-stock-panel">
      <p className="muted">
        Products at or below their reorder point. Tick the sizes to order and change the quantities: each is prefilled with twice the reorder point less the
        stock and what is already on order.
      </p>
      <ListStatus query={list} noun="low stock" rows={items} empty="Nothing is low on stock" />
      {groupBySupplier(items).map((g) => (
        <LowStockGroupCard
          key={g.supplier?.id ?? 'none'}
          group={g}
          suppliers={suppliers}
          pickOf={pickOf}
          setPick={setPick}
          onDraft={(id) => draft(id, g)}
          onSetDefault={(id) => setDefault(id, g)}
        />
      ))}
    </div>
  );
}

interface GroupProps {
  group: LowStockGroup;
  suppliers: Supplier[];
  pickOf: (i: LowStockItem) => LowStockPick;
  setPick: (i: LowStockItem, patch: Partial<LowStockPick>) => void;
  onDraft: (supplierId: number) => Promise<void>;
  onSetDefault: (supplierId: number) => Promise<void>;
}

function LowStockGroupCard({ group, suppliers, pickOf, setPick, onDraft, onSetDefault }: GroupProps) {
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const title = group.supplier?.name ?? NO_SUPPLIER;
  const key = group.supplier?.id ?? 'none';
  const headingId = `low-stock-${key}`;
  const ticked = group.items.filter((i) => pickOf(i).ticked).length;

  const run = async (action: (id: number) => Promise<void>, id: number) => {
    if (!id) {
      toast.error('Please select a supplier');
      return;
    }
    setBusy(true);
    try {
      await action(id);
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
            ({group.items.length} {group.items.length === 1 ? 'product' : 'products'}, {ticked} ticked)
          </small>
        </h4>
        <div className="low-stock-actions">
          <select
            aria-label={group.supplier ? `Another supplier for the ticked sizes of ${title}` : 'Supplier for products with no supplier yet'}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
          >
            <option value="">{group.supplier ? 'Change supplier...' : 'Select a supplier'}</option>
            {suppliers
              .filter((s) => s.id !== group.supplier?.id)
              .map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.name}
                </option>
              ))}
          </select>
          <button type="button" className="secondary outline" disabled={busy} onClick={() => void run(onSetDefault, Number(chosen))}>
            Set as Default Supplier
          </button>
          <button type="button" disabled={busy} aria-busy={busy || undefined} onClick={() => void run(onDraft, group.supplier?.id ?? Number(chosen))}>
            Draft Purchase Order
          </button>
        </div>
      </header>
      <DataTable className="low-stock-table" columns={COLUMNS}>
        {group.items.map((i) => {
          const pick = pickOf(i);
          const name = `${i.item_name}${i.size ? ` (${i.size})` : ''}`;
          return (
            <tr key={i.product_id} className={pick.ticked ? undefined : 'muted'}>
              <td>
                <input
                  type="checkbox"
                  className="touch-check"
                  aria-label={`Order ${name}`}
                  checked={pick.ticked}
                  onChange={(e) => setPick(i, { ticked: e.target.checked, qty: e.target.checked && !pick.qty ? String(i.suggested_qty || 1) : pick.qty })}
                />
              </td>
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
              <td className="num nowrap">{onOrderText(i)}</td>
              <td className="num">
                <input
                  className="qty-input touch-qty"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  aria-label={`Order qty of ${name}`}
                  value={pick.qty}
                  placeholder={i.suggested_qty > 0 ? String(i.suggested_qty) : undefined}
                  onChange={(e) => setPick(i, { qty: e.target.value, ticked: e.target.value.trim() !== '' })}
                />
              </td>
            </tr>
          );
        })}
      </DataTable>
    </article>
  );
}
