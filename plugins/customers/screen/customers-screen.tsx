// The Customers screen (/customers): search, table, and the Add / Details / Edit / Record Payment modals.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { useSession } from '../../../ui/session.js';
import { useListSearch } from '../../../ui/use-list-search.js';
import { useQuery } from '../../../ui/use-query.js';
import { ListStatus, PageHead, SearchToolbar } from '../../../ui/components/list-screen.js';
import { Pager } from '../../../ui/components/pager.js';
import { CustomerTable } from './customer-table.js';
import { CustomerEditor } from './customer-editor.js';
import { CustomerDetails } from './customer-details.js';
import { PaymentModal } from './payment-modal.js';
import type { Customer, CustomerList } from './types.js';

const PAGE_SIZE = 50;

/** The screen: lists customers matching the search, a page at a time. */
export default function CustomersScreen() {
  const { isAdmin } = useSession();
  const { text, setText, search, page, setPage } = useListSearch();
  const [adding, setAdding] = useState(false);
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Customer | null>(null);
  const [paying, setPaying] = useState<Customer | null>(null);
  // Bumped after a write so an open details modal loads the customer again.
  const [version, setVersion] = useState(0);

  const list = useQuery(['customers', search, page], () => api.get<CustomerList>('/api/customers', { search, page, pageSize: PAGE_SIZE }));
  const customers = list.data?.customers ?? [];
  const total = list.data?.pagination.total ?? 0;

  const afterWrite = () => {
    setVersion((v) => v + 1);
    void list.reload();
  };

  return (
    <section className="customers-screen">
      <PageHead
        title="Customers"
        subtitle="Manage customer accounts, credit limits and payments"
        action={{ label: '+ Add Customer', onClick: () => setAdding(true) }}
      />
      <SearchToolbar label="Search customers" placeholder="Search customers by name, phone, email or company..." value={text} onChange={setText} />
      <ListStatus query={list} noun="customers" rows={customers} empty={search ? 'No customers found matching your search' : 'No customers yet'} />
      {customers.length > 0 ? <CustomerTable customers={customers} onPay={setPaying} onView={(c) => setViewingId(c.id)} /> : null}
      {total > PAGE_SIZE ? <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} /> : null}

      {adding ? (
        <CustomerEditor
          isAdmin={isAdmin}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            afterWrite();
          }}
        />
      ) : null}
      {viewingId !== null && !editing && !paying ? (
        <CustomerDetails customerId={viewingId} version={version} onClose={() => setViewingId(null)} onEdit={setEditing} onPay={setPaying} />
      ) : null}
      {editing ? (
        <CustomerEditor
          customer={editing}
          isAdmin={isAdmin}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            afterWrite();
          }}
        />
      ) : null}
      {paying ? (
        <PaymentModal
          customer={paying}
          onClose={() => setPaying(null)}
          onPaid={() => {
            setPaying(null);
            afterWrite();
          }}
        />
      ) : null}
    </section>
  );
}
