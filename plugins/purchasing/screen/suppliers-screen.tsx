// The Suppliers screen (/suppliers, ADMIN): search, the suppliers table with a pager, Add / Edit.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { useListSearch } from '../../../ui/use-list-search.js';
import { useQuery } from '../../../ui/use-query.js';
import { ListFooter, ListStatus, PageHead, SearchToolbar } from '../../../ui/components/list-screen.js';
import { SupplierEditor } from './supplier-editor.js';
import { SupplierTable } from './supplier-table.js';
import type { Supplier, SupplierList } from './types.js';

const PAGE_SIZE = 50;

/** The screen: suppliers matching the search, a page at a time. */
export default function SuppliersScreen() {
  const { text, setText, search, page, setPage } = useListSearch();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Supplier | null>(null);

  const list = useQuery(['suppliers', search, page], () => api.get<SupplierList>('/api/suppliers', { search, page, pageSize: PAGE_SIZE }));
  const suppliers = list.data?.suppliers ?? [];
  const total = list.data?.pagination.total ?? 0;

  return (
    <section className="suppliers-screen">
      <PageHead title="Suppliers" subtitle="The companies you buy stock from" action={{ label: '+ Add Supplier', onClick: () => setAdding(true) }} />
      <SearchToolbar label="Search suppliers" placeholder="Search suppliers by name, contact, phone, email or UEN..." value={text} onChange={setText} />
      <ListStatus
        query={list}
        noun="suppliers"
        rows={suppliers}
        empty={search ? 'No suppliers found matching your search' : 'No suppliers yet. Add your first supplier.'}
      />
      {suppliers.length > 0 ? <SupplierTable suppliers={suppliers} onEdit={setEditing} /> : null}
      {list.data && total > 0 ? <ListFooter shown={suppliers.length} noun="suppliers" page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} /> : null}

      {adding ? (
        <SupplierEditor
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            void list.reload();
          }}
        />
      ) : null}
      {editing ? (
        <SupplierEditor
          supplier={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void list.reload();
          }}
        />
      ) : null}
    </section>
  );
}
