// The Inventory screen's product view (the SPEC's table, the default): search and filters, the product table
// with a pager, Add / Edit / Delete.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { useListSearch } from '../../../ui/use-list-search.js';
import { useQuery } from '../../../ui/use-query.js';
import { confirmDialog } from '../../../ui/components/confirm.js';
import { ListFooter, ListStatus, SearchToolbar } from '../../../ui/components/list-screen.js';
import { SelectFilter } from '../../../ui/components/select-filter.js';
import { ProductEditor } from './product-editor.js';
import { ProductTable } from './product-table.js';
import type { Facets, Product, ProductList } from './types.js';

export const PAGE_SIZE = 50;

export interface ProductsViewProps {
  facets?: Facets;
  /** '+ Add Product' was pressed (the head's button). */
  adding: boolean;
  onAddingDone: () => void;
  /** After any write: the screen reloads facets and the low-stock badge. */
  onWrite: () => void;
}

/** Products matching the search and filters, a page at a time. */
export function ProductsView({ facets, adding, onAddingDone, onWrite }: ProductsViewProps) {
  const { text, setText, search, page, setPage, filter, clear } = useListSearch();
  const [category, setCategory] = useState('');
  const [brand, setBrand] = useState('');
  const [size, setSize] = useState('');
  const [editing, setEditing] = useState<Product | null>(null);

  const list = useQuery(['products', search, category, brand, size, page], () =>
    api.get<ProductList>('/api/products', { search, category, brand, size, page, pageSize: PAGE_SIZE }),
  );
  const products = list.data?.products ?? [];
  const count = list.data?.count ?? 0;
  const filtered = Boolean(search || category || brand || size);

  const clearFilters = () => {
    clear();
    setCategory('');
    setBrand('');
    setSize('');
    setPage(1);
  };
  const afterWrite = () => {
    void list.reload();
    onWrite();
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
    <>
      <SearchToolbar label="Search products" placeholder="Search products by name, SKU, brand, category, size or material..." value={text} onChange={setText}>
        <SelectFilter label="Categories" value={category} options={facets?.categories ?? []} onChange={filter(setCategory)} />
        <SelectFilter label="Brands" value={brand} options={facets?.brands ?? []} onChange={filter(setBrand)} />
        <SelectFilter label="Sizes" value={size} options={facets?.sizes ?? []} onChange={filter(setSize)} />
        <button type="button" className="secondary outline" onClick={clearFilters}>
          Clear Filters
        </button>
      </SearchToolbar>
      <ListStatus
        query={list}
        noun="products"
        rows={products}
        empty={filtered ? 'No products found matching your criteria' : 'No products yet. Add your first product.'}
      />
      {products.length > 0 ? <ProductTable products={products} onEdit={setEditing} onDelete={(p) => void remove(p)} /> : null}

      {list.data ? <ListFooter shown={products.length} noun="products" page={page} pageSize={PAGE_SIZE} total={count} onPage={setPage} /> : null}

      {adding ? (
        <ProductEditor
          facets={facets}
          onClose={onAddingDone}
          onSaved={() => {
            onAddingDone();
            afterWrite();
          }}
        />
      ) : null}
      {editing ? (
        <ProductEditor
          product={editing}
          facets={facets}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            afterWrite();
          }}
        />
      ) : null}
    </>
  );
}
