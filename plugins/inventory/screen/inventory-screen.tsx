// The Inventory screen (/inventory, ADMIN): search and filters, the product table with a pager, Add / Edit / Delete.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { useDebouncedState, useOnChange } from '../../../ui/use-debounced.js';
import { useQuery } from '../../../ui/use-query.js';
import { confirmDialog } from '../../../ui/components/confirm.js';
import { Pager } from '../../../ui/components/pager.js';
import { SelectFilter } from '../../../ui/components/select-filter.js';
import { ProductEditor } from './product-editor.js';
import { ProductTable } from './product-table.js';
import type { Facets, Product, ProductList } from './types.js';

export const PAGE_SIZE = 50;
const SEARCH_DELAY_MS = 250;

/** The screen: products matching the search and filters, a page at a time. */
export default function InventoryScreen() {
  const [searchText, setSearchText] = useState('');
  const [category, setCategory] = useState('');
  const [brand, setBrand] = useState('');
  const [size, setSize] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Product | null>(null);

  // Wait for a pause in typing before asking the server; a new search starts at page 1.
  const [settledText, settleText] = useDebouncedState(searchText, SEARCH_DELAY_MS);
  const search = settledText.trim();
  useOnChange(search, () => setPage(1));

  const list = useQuery(['products', search, category, brand, size, page], () =>
    api.get<ProductList>('/api/products', { search, category, brand, size, page, pageSize: PAGE_SIZE }));
  const facets = useQuery(['product-facets'], () => api.get<Facets>('/api/products/facets'));
  const products = list.data?.products ?? [];
  const count = list.data?.count ?? 0;
  const filtered = Boolean(search || category || brand || size);

  const filter = (set: (v: string) => void) => (value: string) => { set(value); setPage(1); };
  const clearFilters = () => {
    setSearchText('');
    settleText('');
    setCategory('');
    setBrand('');
    setSize('');
    setPage(1);
  };
  const afterWrite = () => {
    void list.reload();
    void facets.reload();
  };

  const remove = async (p: Product) => {
    if (!(await confirmDialog(`Are you sure you want to delete ${p.item_name}?`))) return;
    try {
      await api.delete(`/api/products/${p.id}`);
      toast.success(`Product ${p.item_name} deleted successfully`);
      // The last row of a page gone: step back a page.
      if (products.length === 1 && page > 1) setPage(page - 1);
      afterWrite();
    } catch {
      toast.error('Failed to delete product');
    }
  };

  return (
    <section className="inventory-screen">
      <div className="page-head">
        <div>
          <h2>Inventory</h2>
          <p className="muted" style={{ margin: 0 }}>Manage products, prices and stock</p>
        </div>
        <button type="button" style={{ width: 'auto' }} onClick={() => setAdding(true)}>+ Add Product</button>
      </div>

      <div className="toolbar">
        <input
          type="search"
          aria-label="Search products"
          placeholder="Search products by name, SKU, brand, category, size or material..."
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
        />
        <SelectFilter label="Categories" value={category} options={facets.data?.categories ?? []} onChange={filter(setCategory)} />
        <SelectFilter label="Brands" value={brand} options={facets.data?.brands ?? []} onChange={filter(setBrand)} />
        <SelectFilter label="Sizes" value={size} options={facets.data?.sizes ?? []} onChange={filter(setSize)} />
        <button type="button" className="secondary outline" onClick={clearFilters}>Clear Filters</button>
      </div>

      {list.error ? <p role="alert" className="text-danger">Error loading products: {list.error.message}</p> : null}
      {list.loading && !list.data ? <p aria-busy="true">Loading products...</p> : null}
      {list.data && products.length === 0 ? (
        <p className="center-state muted">{filtered ? 'No products found matching your criteria' : 'No products yet. Add your first product.'}</p>
      ) : null}
      {products.length > 0 ? <ProductTable products={products} onEdit={setEditing} onDelete={(p) => void remove(p)} /> : null}

      {list.data ? (
        <div className="page-head inventory-footer" style={{ marginTop: '0.75rem' }}>
          <span className="muted">Showing {products.length} of {count} products</span>
          <Pager page={page} pageSize={PAGE_SIZE} total={count} onPage={setPage} />
        </div>
      ) : null}

      {adding ? (
        <ProductEditor facets={facets.data} onClose={() => setAdding(false)} onSaved={() => { setAdding(false); afterWrite(); }} />
      ) : null}
      {editing ? (
        <ProductEditor product={editing} facets={facets.data} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); afterWrite(); }} />
      ) : null}
    </section>
  );
}
