// 'Edit Order' of an OPEN order nothing was received on: its lines, expected delivery date and notes; 'Save Changes'
// sends PATCH /api/purchase-orders/:id (the server keeps who changed what in the order's history).
import { useState } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { FormModal, hasProblem } from '../../../ui/components/form-modal.js';
import { OrderLinesEditor } from './order-lines-editor.js';
import { orderProblem, parseCost, parseQty, type DraftLine } from './order-rules.js';
import type { PurchaseOrder } from './types.js';

export interface EditOrderModalProps {
  order: PurchaseOrder;
  onClose: () => void;
  /** Called with the order as saved. */
  onSaved: (order: PurchaseOrder) => void;
}

export const SAVE_FAILED = 'Failed to save purchase order';

/** The order's lines as the form edits them (its unit cost stands in for the product's cost). */
export function linesOf(o: PurchaseOrder): DraftLine[] {
  return o.lines.map((l) => ({
    product: { id: l.product_id, item_name: l.item_name, size: l.size, sku: l.sku, cost: l.unit_cost },
    qty: String(l.qty_ordered),
    unitCost: l.unit_cost.toFixed(2),
  }));
}

/** The body of PATCH /api/purchase-orders/:id: everything the form holds (the server records only what differs). */
export function editBody(lines: DraftLine[], expectedOn: string, notes: string) {
  return {
    lines: lines.map((l) => ({ product_id: l.product.id, qty: parseQty(l.qty)!, unit_cost: parseCost(l.unitCost)! / 100 })),
    expected_on: expectedOn || null,
    notes: notes.trim() || null,
  };
}

/** The modal. */
export function EditOrderModal({ order, onClose, onSaved }: EditOrderModalProps) {
  const [lines, setLines] = useState(() => linesOf(order));
  const [expectedOn, setExpectedOn] = useState(order.expected_on ?? '');
  const [notes, setNotes] = useState(order.notes ?? '');

  const submit = () => {
    if (hasProblem(orderProblem(String(order.supplier.id), lines))) return;
    return (async () => {
      try {
        const res = await api.patch<{ purchase_order: PurchaseOrder }>(`/api/purchase-orders/${order.id}`, editBody(lines, expectedOn, notes));
        toast.success(`Purchase order ${order.number} saved`);
        onSaved(res.purchase_order);
      } catch (err) {
        toast.error(err instanceof ApiError && err.code !== undefined && err.message ? `${SAVE_FAILED}: ${err.message}` : SAVE_FAILED);
      }
    })();
  };

  return (
    <FormModal
      title={`Edit Purchase Order ${order.number}`}
      formId="edit-purchase-order-form"
      wide
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Save Changes"
      busyLabel="Saving..."
    >
      <p className="muted">
        Supplier: <strong>{order.supplier.name}</strong>. Changes can be made until the first goods are received; each save is kept in the order's history.
      </p>
      <OrderLinesEditor lines={lines} onChange={setLines} />
      <div className="grid">
        <label htmlFor="po-expected-on">
          Expected Delivery
          <input id="po-expected-on" type="date" value={expectedOn} onChange={(e) => setExpectedOn(e.target.value)} />
        </label>
        <label htmlFor="po-edit-notes">
          Notes
          <textarea id="po-edit-notes" rows={2} maxLength={1000} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </label>
      </div>
    </FormModal>
  );
}
