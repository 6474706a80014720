// The Customers screen (/customers): search, table, and the Add / Details / Edit / Record Payment modals.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { useSession } from '../../../ui/session.js';
import { useDebounced, useOnChange } from '../../../ui/use-debounced.js';
import { useQuery } from '../../../ui/use-query.js';
import { Pager } from '../../../ui/components/pager.js';
import { CustomerTable } from './customer-table.js';
import { CustomerEditor } from './customer-editor.js';
import { CustomerDetails } from './customer-details.js';
import { PaymentModal } from './payment-modal.js';
import type { Customer, CustomerList } from './types.js';

const PAGE_SIZE = 50;
const SEARCH_DELAY_MS = 250;

/** The screen: lists customers matching the search, a page at a time. */
export default function CustomersScreen() {
  const { isAdmin } = useSession();
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Customer | null>(null);
  const [paying, setPaying] = useState<Customer | null>(null);
  // Bumped after a write so an open details modal loads the customer again.
  const [version, setVersion] = useState(0);

  // Wait for a pause in typing before asking the server; a new search starts at page 1.
  const search = useDebounced(searchText, SEARCH_DELAY_MS).trim();
  useOnChange(search, () => setPage(1));

  const list = useQuery(['customers', search, page], () =>
    api.get<CustomerList>('/api/customers', { search, page, pageSize: PAGE_SIZE }));
  const customers = list.data?.customers ?? [];
  const total = list.data?.pagination.total ?? 0;

  const afterWrite = () => {
    setVersion((v) => v + 1);
    void list.reload();
  };

  return (
    <section className="customers-screen">
      <div className="page-head">
        <div>
          <h2>Customers</h2>
          <p className="muted" style={{ margin: 0 }}>Manage customer accounts, credit limits and payments</p>
        </div>
        <button type="button" style={{ width: 'auto' }} onClick={() => setAdding(true)}>+ Add Customer</button>
      </div>

      <div className="toolbar">
        <input
          type="search"
          aria-label="Search customers"
          placeholder="Search customers by name, phone, email or company..."
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
        />
      </div>

      {list.error ? <p role="alert" className="text-danger">Error loading customers: {list.error.message}</p> : null}
      {list.loading && !list.data ? <p aria-busy="true">Loading customers...</p> : null}
      {list.data && customers.length === 0 ? (
        <p className="center-state muted">{search ? 'No customers found matching your search' : 'No customers yet'}</p>
      ) : null}
      {customers.length > 0 ? (
        <CustomerTable customers={customers} onPay={setPaying} onView={(c) => setViewingId(c.id)} />
      ) : null}
      {total > PAGE_SIZE ? <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} /> : null}

      {adding ? (
        <CustomerEditor isAdmin={isAdmin} onClose={() => setAdding(false)} onSaved={() => { setAdding(false); afterWrite(); }} />
      ) : null}
      {viewingId !== null && !editing && !paying ? (
        <CustomerDetails
          customerId={viewingId}
          version={version}
          onClose={() => setViewingId(null)}
          onEdit={setEditing}
          onPay={setPaying}
        />
      ) : null}
      {editing ? (
        <CustomerEditor customer={editing} isAdmin={isAdmin} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); afterWrite(); }} />
      ) : null}
      {paying ? (
        <PaymentModal customer={paying} onClose={() => setPaying(null)} onPaid={() => { setPaying(null); afterWrite(); }} />
      ) : null}
    </section>
  );
}
