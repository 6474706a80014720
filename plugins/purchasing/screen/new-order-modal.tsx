// The New Purchase Order modal: a supplier, lines typed on a style's size grid or found by product search (qty
// and unit cost, prefilled with the product's cost), the order total; 'Create Purchase Order' sends POST /api/purchase-orders.
import { useState } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { formatMoney } from '../../../core/money.js';
import { toast } from '../../../ui/toast.js';
import { FormModal, hasProblem } from '../../../ui/components/form-modal.js';
import { ProductPicker } from './product-picker.js';
import { setGridQty, StyleOrderGrids } from './style-order-grid.js';
import type { Style } from '../../inventory/schemas.js';
import { draftLine, lineTotalCents, orderBody, orderProblem, orderTotalCents, productName, type DraftLine } from './order-rules.js';
import type { Product, PurchaseOrder, Supplier } from './types.js';

export interface NewOrderModalProps {
  suppliers: Supplier[];
  onClose: () => void;
  /** Called with the created order (the screen opens its details). */
  onCreated: (order: PurchaseOrder) => void;
}

export const CREATE_FAILED = 'Failed to create purchase order';

/** The modal. */
export function NewOrderModal({ suppliers, onClose, onCreated }: NewOrderModalProps) {
  const [supplierId, setSupplierId] = useState('');
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [notes, setNotes] = useState('');
  const [styles, setStyles] = useState<Style[]>([]);
  const [costs, setCosts] = useState<Record<number, string>>({});

  // A product already on the order gets one more unit instead of a second line (the server wants one line per product).
  const add = (p: Product) =>
    setLines((ls) =>
      ls.some((l) => l.product.id === p.id)
        ? ls.map((l) => (l.product.id === p.id ? { ...l, qty: String((Number(l.qty) || 0) + 1) } : l))
        : [...ls, draftLine(p)],
    );
  const change = (id: number, patch: Partial<DraftLine>) => setLines((ls) => ls.map((l) => (l.product.id === id ? { ...l, ...patch } : l)));
  const remove = (id: number) => setLines((ls) => ls.filter((l) => l.product.id !== id));
  const ofStyle = (st: Style) => new Set(st.products.map((p) => p.id));
  const grids = (
    <StyleOrderGrids
      styles={styles}
      lines={lines}
      costs={costs}
      onAddStyle={(st) => setStyles((ss) => [...ss, st])}
      onRemoveStyle={(st) => {
        const ids = ofStyle(st);
        setStyles((ss) => ss.filter((x) => x.id !== st.id));
        setLines((ls) => ls.filter((l) => !ids.has(l.product.id)));
      }}
      onQty={(st, id, qty) => setLines((ls) => setGridQty(ls, st, id, qty, costs[st.id]))}
      onCost={(st, cost) => {
        const ids = ofStyle(st);
        setCosts((c) => ({ ...c, [st.id]: cost }));
        setLines((ls) => ls.map((l) => (ids.has(l.product.id) ? { ...l, unitCost: cost } : l)));
      }}
    />
  );

  const submit = () => {
    if (hasProblem(orderProblem(supplierId, lines))) return;
    return (async () => {
      try {
        const res = await api.post<{ purchase_order: PurchaseOrder }>('/api/purchase-orders', orderBody(supplierId, lines, notes));
        toast.success(`Purchase order ${res.purchase_order.number} created`);
        onCreated(res.purchase_order);
      } catch (err) {
        toast.error(err instanceof ApiError && err.code !== undefined && err.message ? `${CREATE_FAILED}: ${err.message}` : CREATE_FAILED);
      }
    })();
  };

  return (
    <FormModal
      title="New Purchase Order"
      formId="new-purchase-order-form"
      wide
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Create Purchase Order"
      busyLabel="Creating..."
    >
      <label htmlFor="po-supplier">
        Supplier *
        <select id="po-supplier" value={supplierId} onChange={(e) => setSupplierId(e.target.value)}>
          <option value="">Select a supplier</option>
          {suppliers.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      {suppliers.length === 0 ? <p className="muted">No suppliers yet: add one on the Suppliers screen first.</p> : null}
      {grids}
      <ProductPicker onPick={add} />
      {lines.length === 0 ? (
        <p className="muted">No products on this order yet.</p>
      ) : (
        <div className="overflow-auto">
          <table className="po-lines">
            <thead>
              <tr>
                <th>Product</th>
                <th>SKU</th>
                <th className="num">Qty</th>
                <th className="num">Unit Cost ($)</th>
                <th className="num">Line Total</th>
                <th>
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => {
                const name = productName(l.product);
                return (
                  <tr key={l.product.id}>
                    <td>{name}</td>
                    <td className="nowrap">{l.product.sku || 'N/A'}</td>
                    <td className="num">
                      <input
                        className="qty-input"
                        type="number"
                        min={1}
                        step={1}
                        aria-label={`Qty of ${name}`}
                        value={l.qty}
                        onChange={(e) => change(l.product.id, { qty: e.target.value })}
                      />
                    </td>
                    <td className="num">
                      <input
                        className="cost-input"
                        type="number"
                        min={0}
                        step={0.01}
                        aria-label={`Unit cost of ${name}`}
                        value={l.unitCost}
                        onChange={(e) => change(l.product.id, { unitCost: e.target.value })}
                      />
                    </td>
                    <td className="num money">{formatMoney(lineTotalCents(l))}</td>
                    <td>
                      <button type="button" className="secondary outline small-button" aria-label={`Remove ${name}`} onClick={() => remove(l.product.id)}>
                        Remove
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <th colSpan={4} className="num">
                  Order Total
                </th>
                <th className="num money" data-testid="order-total">
                  {formatMoney(orderTotalCents(lines))}
                </th>
                <th />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <label htmlFor="po-notes">
        Notes
        <textarea id="po-notes" rows={2} maxLength={1000} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </label>
    </FormModal>
  );
}
