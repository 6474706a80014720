// The purchase order details modal: header, lines (ordered / received / outstanding), receipts, the history of
// edits; Edit Order (OPEN, nothing received), Receive, PDF, Print Labels and Cancel Order.
import { useState } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { dateText, dateTimeText, money } from '../../../ui/format.js';
import { toast } from '../../../ui/toast.js';
import { useQuery } from '../../../ui/use-query.js';
import { confirmDialog } from '../../../ui/components/confirm.js';
import { Modal } from '../../../ui/components/modal.js';
import { EditOrderModal } from './edit-order-modal.js';
import { canEdit, changeText } from './history-rules.js';
import { labelsPdfUrl, openTab, orderPdfUrl } from './open-tab.js';
import { isOpen, productName } from './order-rules.js';
import { outstanding } from './receive-rules.js';
import { StatusBadge } from './status-badge.js';
import type { PurchaseOrder } from './types.js';

export interface OrderDetailModalProps {
  orderId: number;
  /** Bumped by the screen after a write so the order loads again. */
  version: number;
  onClose: () => void;
  onReceive: (order: PurchaseOrder) => void;
  /** Called after the order was cancelled (the screen reloads its lists). */
  onChanged: () => void;
}

export const CANCEL_FAILED = 'Failed to cancel purchase order';

/** The question asked before cancelling. */
export const cancelQuestion = (o: Pick<PurchaseOrder, 'number' | 'qty_received'>) =>
  `Cancel purchase order ${o.number}?${o.qty_received > 0 ? ' Units already received stay in stock.' : ''}`;

/** Loads GET /api/purchase-orders/<id> and shows it. */
export function OrderDetailModal({ orderId, version, onClose, onReceive, onChanged }: OrderDetailModalProps) {
  const { data, error, loading, reload } = useQuery(['purchase-order', orderId, version], () =>
    api.get<{ purchase_order: PurchaseOrder }>(`/api/purchase-orders/${orderId}`),
  );
  const o = data?.purchase_order;
  const names = new Map(o?.lines.map((l) => [l.product_id, productName(l)]));
  const [editing, setEditing] = useState(false);

  if (editing && o) {
    return (
      <EditOrderModal
        order={o}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          void reload();
          onChanged();
        }}
      />
    );
  }

  const cancel = async (order: PurchaseOrder) => {
    if (!(await confirmDialog(cancelQuestion(order)))) return;
    try {
      await api.post(`/api/purchase-orders/${order.id}/cancel`, {});
      toast.success(`Purchase order ${order.number} cancelled`);
    } catch (err) {
      toast.error(err instanceof ApiError && err.code !== undefined && err.message ? `${CANCEL_FAILED}: ${err.message}` : CANCEL_FAILED);
    }
    await reload();
    onChanged();
  };

  return (
    <Modal
      open
      wide
      title={o ? `Purchase Order ${o.number}` : 'Purchase Order'}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>
            Close
          </button>
          {o ? (
            <button type="button" className="secondary outline" onClick={() => openTab(orderPdfUrl(o.id))}>
              PDF
            </button>
          ) : null}
          {o ? (
            <button
              type="button"
              className="secondary outline"
              disabled={o.qty_received === 0}
              title={o.qty_received === 0 ? 'Nothing received yet' : undefined}
              onClick={() => openTab(labelsPdfUrl(o.id))}
            >
              Print Labels
            </button>
          ) : null}
          {o ? (
            // #30.4: one 100 x 50 mm box-end label (the size largest) per unit received.
            <button
              type="button"
              className="secondary outline"
              disabled={o.qty_received === 0}
              title={o.qty_received === 0 ? 'Nothing received yet' : undefined}
              onClick={() => openTab(labelsPdfUrl(o.id, undefined, 'shoebox'))}
            >
              Shoebox Labels
            </button>
          ) : null}
          {o && canEdit(o) ? (
            <button type="button" className="secondary" onClick={() => setEditing(true)}>
              Edit Order
            </button>
          ) : null}
          {o && isOpen(o.status) ? (
            <button type="button" className="outline contrast" onClick={() => void cancel(o)}>
              Cancel Order
            </button>
          ) : null}
          {o && isOpen(o.status) ? (
            <button type="button" onClick={() => onReceive(o)}>
              Receive
            </button>
          ) : null}
        </>
      }
    >
      {error && !o ? (
        <p role="alert" className="text-danger">
          Error loading purchase order: {error.message}
        </p>
      ) : null}
      {loading && !o ? <p aria-busy="true">Loading purchase order...</p> : null}
      {o ? (
        <div className="po-details">
          <dl className="facts">
            <dt>Supplier</dt>
            <dd>{o.supplier.name}</dd>
            <dt>Status</dt>
            <dd>
              <StatusBadge status={o.status} />
            </dd>
            <dt>Order Date</dt>
            <dd>{dateText(o.business_date)}</dd>
            <dt>Created</dt>
            <dd>
              {dateTimeText(o.created_at)}
              {o.created_by ? ` by ${o.created_by}` : ''}
            </dd>
            <dt>Expected Delivery</dt>
            <dd>{o.expected_on ? dateText(o.expected_on) : 'Not set'}</dd>
            <dt>Units</dt>
            <dd>
              {o.qty_received} of {o.qty_ordered} received
            </dd>
            {o.notes ? (
              <>
                <dt>Notes</dt>
                <dd>{o.notes}</dd>
              </>
            ) : null}
          </dl>
          <h4>Lines</h4>
          <div className="overflow-auto">
            <table className="striped po-detail-lines">
              <thead>
                <tr>
                  <th>Product</th>
                  <th>Size</th>
                  <th>SKU</th>
                  <th className="num">Ordered</th>
                  <th className="num">Received</th>
                  <th className="num">Outstanding</th>
                  <th className="num">Unit Cost</th>
                  <th className="num">Line Total</th>
                </tr>
              </thead>
              <tbody>
                {o.lines.map((l) => (
                  <tr key={l.id}>
                    <td>{l.item_name}</td>
                    <td className="nowrap">{l.size || 'N/A'}</td>
                    <td className="nowrap">{l.sku || 'N/A'}</td>
                    <td className="num">{l.qty_ordered}</td>
                    <td className="num">{l.qty_received}</td>
                    <td className="num">{outstanding(l)}</td>
                    <td className="num money">{money(l.unit_cost)}</td>
                    <td className="num money">{money(l.line_total)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th colSpan={7} className="num">
                    Total Cost
                  </th>
                  <th className="num money">{money(o.total)}</th>
                </tr>
              </tfoot>
            </table>
          </div>
          <h4>Receipts</h4>
          {o.receipts.length === 0 ? (
            <p className="muted">Nothing received yet</p>
          ) : (
            <ul className="po-receipts">
              {o.receipts.map((r) => (
                <li key={r.id}>
                  <div className="receipt-head">
                    <strong>{dateTimeText(r.received_at)}</strong>
                    <span className="muted">
                      {r.received_by ? `by ${r.received_by}` : ''} · {r.lines.reduce((n, l) => n + l.qty, 0)} units
                    </span>
                    <button
                      type="button"
                      className="secondary outline small-button"
                      aria-label={`Print labels for the receipt of ${dateTimeText(r.received_at)}`}
                      onClick={() => openTab(labelsPdfUrl(o.id, r.id))}
                    >
                      Labels
                    </button>
                  </div>
                  <small>{r.lines.map((l) => `${l.qty} × ${names.get(l.product_id) ?? `product ${l.product_id}`}`).join(', ')}</small>
                </li>
              ))}
            </ul>
          )}
          <h4>History</h4>
          {o.history.length === 0 ? (
            <p className="muted">No changes since it was created</p>
          ) : (
            <ul className="po-history" aria-label="Order history">
              {o.history.map((h) => (
                <li key={h.id}>
                  <div className="receipt-head">
                    <strong>{dateTimeText(h.at)}</strong>
                    <span className="muted">{h.user ? `by ${h.user}` : ''}</span>
                  </div>
                  <ul>
                    {h.changes.map((c) => (
                      <li key={`${c.field}-${c.product_id}`}>{changeText(c)}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </Modal>
  );
}
