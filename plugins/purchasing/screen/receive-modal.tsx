// The Receive Stock modal: a quantity per line (prefilled with what is still expected) on a size grid per style
// (typed, or a box scanned), 'Clear Counts' to count from zero, 'Allow receiving more than ordered', and 'Receive Stock', which books the non-zero lines in one POST /api/purchase-orders/:id/receive.
import { useState } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { FormModal, hasProblem } from '../../../ui/components/form-modal.js';
import { productName } from './order-rules.js';
import { ReceiveGrids } from './receive-grids.js';
import { initialQtys, outstanding, receiveBody, receiveProblem, unitsIn } from './receive-rules.js';
import type { PurchaseOrder } from './types.js';

export interface ReceiveModalProps {
  order: PurchaseOrder;
  onClose: () => void;
  /** Called after the server booked the delivery, with the order as it is now. */
  onReceived: (order: PurchaseOrder) => void;
}

export const RECEIVE_FAILED = 'Failed to receive stock';

/** The modal. */
export function ReceiveModal({ order, onClose, onReceived }: ReceiveModalProps) {
  const [qtys, setQtys] = useState(() => initialQtys(order.lines));
  const [allowOver, setAllowOver] = useState(false);

  const submit = () => {
    if (hasProblem(receiveProblem(order.lines, qtys, allowOver))) return;
    const body = receiveBody(order.lines, qtys, allowOver);
    return (async () => {
      try {
        const res = await api.post<{ purchase_order: PurchaseOrder }>(`/api/purchase-orders/${order.id}/receive`, body);
        toast.success(`Received ${unitsIn(body)} units on ${order.number}`);
        onReceived(res.purchase_order);
      } catch (err) {
        // A conflict (closed order, more than expected) says exactly what is wrong: show it as it is.
        if (err instanceof ApiError && err.status === 409) toast.error(err.message);
        else toast.error(err instanceof ApiError && err.code !== undefined && err.message ? `${RECEIVE_FAILED}: ${err.message}` : RECEIVE_FAILED);
      }
    })();
  };

  return (
    <FormModal
      title={`Receive Stock: ${order.number}`}
      formId="receive-stock-form"
      wide
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Receive Stock"
      busyLabel="Receiving..."
    >
      <p className="muted">{order.supplier.name}. Enter the units that arrived; leave 0 for lines not in this delivery.</p>
      <button type="button" className="secondary outline" style={{ width: 'auto' }} onClick={() => setQtys({})}>
        Clear Counts
      </button>
      <ReceiveGrids
        lines={order.lines}
        qtys={qtys}
        onQty={(id, qty) => setQtys((q) => ({ ...q, [id]: qty }))}
        fallback={
          <div className="overflow-auto">
            <table className="receive-lines">
              <thead>
                <tr>
                  <th>Product</th>
                  <th>SKU</th>
                  <th className="num">Ordered</th>
                  <th className="num">Received</th>
                  <th className="num">Outstanding</th>
                  <th className="num">Receiving Now</th>
                </tr>
              </thead>
              <tbody>
                {order.lines.map((l) => {
                  const name = productName(l);
                  return (
                    <tr key={l.product_id}>
                      <td>{name}</td>
                      <td className="nowrap">{l.sku || 'N/A'}</td>
                      <td className="num">{l.qty_ordered}</td>
                      <td className="num">{l.qty_received}</td>
                      <td className="num">{outstanding(l)}</td>
                      <td className="num">
                        <input
                          className="qty-input"
                          type="number"
                          min={0}
                          step={1}
                          aria-label={name}
                          value={qtys[l.product_id] ?? ''}
                          onChange={(e) => setQtys((q) => ({ ...q, [l.product_id]: e.target.value }))}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        }
      />
      <label htmlFor="receive-allow-over">
        <input id="receive-allow-over" type="checkbox" checked={allowOver} onChange={(e) => setAllowOver(e.target.checked)} />
        Allow receiving more than ordered
      </label>
    </FormModal>
  );
}
