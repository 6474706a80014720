// The New Purchase Order modal: a supplier, lines typed on a style's size grid or found by product search (qty
// and unit cost, prefilled with the product's cost), the order total; 'Create Purchase Order' sends POST /api/purchase-orders.
import { useState } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { FormModal, hasProblem } from '../../../ui/components/form-modal.js';
import { ProductPicker } from './product-picker.js';
import { addLine, OrderLinesTable } from './order-lines-editor.js';
import { setGridQty, StyleOrderGrids } from './style-order-grid.js';
import type { Style } from '../../inventory/schemas.js';
import { orderBody, orderProblem, type DraftLine } from './order-rules.js';
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

  const add = (p: Product) => setLines((ls) => addLine(ls, p));
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
      <OrderLinesTable lines={lines} onChange={setLines} totalTestId="order-total" emptyText="No products on this order yet." />
      <label htmlFor="po-notes">
        Notes
        <textarea id="po-notes" rows={2} maxLength={1000} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </label>
    </FormModal>
  );
}
