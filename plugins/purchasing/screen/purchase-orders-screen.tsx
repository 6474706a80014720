// The Purchase Orders screen (/purchase-orders, ADMIN): the orders with status and supplier filters, New Purchase
// Order, the order details with Receive / PDF / Print Labels / Cancel Order, and the Low Stock tab's drafts.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { useQuery } from '../../../ui/use-query.js';
import { ListFooter, ListStatus, PageHead } from '../../../ui/components/list-screen.js';
import { SelectFilter } from '../../../ui/components/select-filter.js';
import { LowStockPanel } from './low-stock-panel.js';
import { NewOrderModal } from './new-order-modal.js';
import { OrderDetailModal } from './order-detail-modal.js';
import { OrderTable } from './order-table.js';
import { STATUS_OPTIONS } from './order-rules.js';
import { PurchasingStyles } from './purchasing-styles.js';
import { ReceiveModal } from './receive-modal.js';
import { useSuppliers } from './use-suppliers.js';
import type { PurchaseOrder, PurchaseOrderList } from './types.js';

const PAGE_SIZE = 50;
type Tab = 'orders' | 'low-stock';
const TABS: { id: Tab; label: string }[] = [
  { id: 'orders', label: 'Orders' },
  { id: 'low-stock', label: 'Low Stock' },
];

/** The screen. */
export default function PurchaseOrdersScreen() {
  const [tab, setTab] = useState<Tab>('orders');
  const [status, setStatus] = useState('');
  const [supplierId, setSupplierId] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [receiving, setReceiving] = useState<PurchaseOrder | null>(null);
  // Bumped after a write so an open details modal loads the order again.
  const [version, setVersion] = useState(0);

  const { suppliers } = useSuppliers();
  const list = useQuery(['purchase-orders', status, supplierId, page], () =>
    api.get<PurchaseOrderList>('/api/purchase-orders', { status, supplier_id: supplierId, page, pageSize: PAGE_SIZE }),
  );
  const orders = list.data?.purchase_orders ?? [];
  const total = list.data?.pagination.total ?? 0;
  const filtered = Boolean(status || supplierId);

  const afterWrite = () => {
    setVersion((v) => v + 1);
    void list.reload();
  };
  const openOrder = (order: PurchaseOrder) => {
    afterWrite();
    setViewingId(order.id);
  };

  return (
    <section className="purchase-orders-screen">
      <PurchasingStyles />
      <PageHead
        title="Purchase Orders"
        subtitle="Order stock from suppliers and receive it into inventory"
        action={{ label: '+ New Purchase Order', onClick: () => setCreating(true) }}
      />
      <div className="po-tabs" role="tablist" aria-label="Purchase order views">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`po-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`po-panel-${t.id}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>

      {tab === 'orders' ? (
        <div role="tabpanel" id="po-panel-orders" aria-labelledby="po-tab-orders">
          <div className="toolbar">
            <SelectFilter
              label="Status"
              allLabel="All"
              value={status}
              options={STATUS_OPTIONS}
              onChange={(v) => {
                setStatus(v);
                setPage(1);
              }}
            />
            <SelectFilter
              label="Supplier"
              allLabel="All Suppliers"
              value={supplierId}
              options={suppliers.map((s) => ({ value: String(s.id), label: s.name }))}
              onChange={(v) => {
                setSupplierId(v);
                setPage(1);
              }}
            />
          </div>
          <ListStatus
            query={list}
            noun="purchase orders"
            rows={orders}
            empty={filtered ? 'No purchase orders found matching your criteria' : 'No purchase orders yet. Create your first purchase order.'}
          />
          {orders.length > 0 ? <OrderTable orders={orders} onView={(o) => setViewingId(o.id)} /> : null}
          {list.data && total > 0 ? (
            <ListFooter shown={orders.length} noun="purchase orders" page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />
          ) : null}
        </div>
      ) : (
        <div role="tabpanel" id="po-panel-low-stock" aria-labelledby="po-tab-low-stock">
          <LowStockPanel suppliers={suppliers} version={version} onDrafted={openOrder} />
        </div>
      )}

      {creating ? (
        <NewOrderModal
          suppliers={suppliers}
          onClose={() => setCreating(false)}
          onCreated={(o) => {
            setCreating(false);
            openOrder(o);
          }}
        />
      ) : null}
      {viewingId !== null && !receiving ? (
        <OrderDetailModal orderId={viewingId} version={version} onClose={() => setViewingId(null)} onReceive={setReceiving} onChanged={afterWrite} />
      ) : null}
      {receiving ? (
        <ReceiveModal
          order={receiving}
          onClose={() => setReceiving(null)}
          onReceived={() => {
            setReceiving(null);
            afterWrite();
          }}
        />
      ) : null}
    </section>
  );
}
