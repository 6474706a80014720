// The Inventory screen's style view: styles matching the search and filters, a page at a time, each with its
// size x stock grid; the style and size modals open from here.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { useListSearch } from '../../../ui/use-list-search.js';
import { useQuery } from '../../../ui/use-query.js';
import { DataTable } from '../../../ui/components/data-table.js';
import { ListFooter, ListStatus, SearchToolbar } from '../../../ui/components/list-screen.js';
import { SelectFilter } from '../../../ui/components/select-filter.js';
import { AddSizesModal } from './add-sizes-modal.js';
import { AddStyleModal } from './add-style-modal.js';
import { AdjustStockModal } from './adjust-stock-modal.js';
import { EditStyleModal } from './edit-style-modal.js';
import { MovementHistoryModal } from './movement-history-modal.js';
import { ProductEditor } from './product-editor.js';
import { SizeGridLegend } from './size-grid.js';
import { STYLE_COLUMNS, StyleRow } from './style-row.js';
import type { Facets, Product, Style, StyleList } from './types.js';

export const STYLES_PAGE_SIZE = 20;

export interface StylesViewProps {
  facets?: Facets;
  /** '+ Add Style' was pressed (the head's button). */
  adding: boolean;
  onAddingDone: () => void;
  /** After any write: the screen reloads facets and the low-stock badge. */
  onWrite: () => void;
}

/** The styles list and its modals. */
export function StylesView({ facets, adding, onAddingDone, onWrite }: StylesViewProps) {
  const { text, setText, search, page, setPage, filter, clear } = useListSearch();
  const [category, setCategory] = useState('');
  const [brand, setBrand] = useState('');
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set());
  const [editing, setEditing] = useState<Style | null>(null);
  const [addingSizes, setAddingSizes] = useState<Style | null>(null);
  const [adjusting, setAdjusting] = useState<Product | null>(null);
  const [history, setHistory] = useState<Product | null>(null);
  const [editingProduct, setEditingProduct] = useState<Product | null>(null);

  const list = useQuery(['styles', search, category, brand, page], () =>
    api.get<StyleList>('/api/styles', { search, category, brand, page, pageSize: STYLES_PAGE_SIZE }),
  );
  const styles = list.data?.styles ?? [];
  const filtered = Boolean(search || category || brand);

  const toggle = (id: number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const clearFilters = () => {
    clear();
    setCategory('');
    setBrand('');
    setPage(1);
  };
  const afterWrite = () => {
    void list.reload();
    onWrite();
  };
  // Each modal closes itself on save and the list is loaded again.
  const saved = (close: () => void) => () => {
    close();
    afterWrite();
  };

  return (
    <>
      <SearchToolbar label="Search styles" placeholder="Search styles by name, SKU, barcode, brand or colour..." value={text} onChange={setText}>
        <SelectFilter label="Categories" value={category} options={facets?.categories ?? []} onChange={filter(setCategory)} />
        <SelectFilter label="Brands" value={brand} options={facets?.brands ?? []} onChange={filter(setBrand)} />
        <button type="button" className="secondary outline" onClick={clearFilters}>
          Clear Filters
        </button>
      </SearchToolbar>
      <ListStatus
        query={list}
        noun="styles"
        rows={styles}
        empty={filtered ? 'No styles found matching your criteria' : 'No styles yet. Add your first style.'}
      />
      {styles.length > 0 ? (
        <>
          <DataTable className="styles-table" columns={STYLE_COLUMNS}>
            {styles.map((s) => (
              <StyleRow
                key={s.id}
                style={s}
                expanded={expanded.has(s.id)}
                onToggle={() => toggle(s.id)}
                onEditStyle={setEditing}
                onAddSizes={setAddingSizes}
                onAdjust={setAdjusting}
                onHistory={setHistory}
                onEditProduct={setEditingProduct}
                onBarcodesGenerated={afterWrite}
              />
            ))}
          </DataTable>
          <SizeGridLegend />
        </>
      ) : null}
      {list.data ? <ListFooter shown={styles.length} noun="styles" page={page} pageSize={STYLES_PAGE_SIZE} total={list.data.count} onPage={setPage} /> : null}

      {adding ? (
        <AddStyleModal
          facets={facets}
          onClose={onAddingDone}
          onSaved={(s) => {
            onAddingDone();
            // The new style opens on its sizes, so its grid and SKUs are seen at once.
            setExpanded((prev) => new Set(prev).add(s.id));
            afterWrite();
          }}
        />
      ) : null}
      {editing ? <EditStyleModal style={editing} facets={facets} onClose={() => setEditing(null)} onSaved={saved(() => setEditing(null))} /> : null}
      {addingSizes ? <AddSizesModal style={addingSizes} onClose={() => setAddingSizes(null)} onSaved={saved(() => setAddingSizes(null))} /> : null}
      {adjusting ? <AdjustStockModal product={adjusting} onClose={() => setAdjusting(null)} onSaved={saved(() => setAdjusting(null))} /> : null}
      {history ? <MovementHistoryModal product={history} onClose={() => setHistory(null)} /> : null}
      {editingProduct ? (
        <ProductEditor product={editingProduct} facets={facets} onClose={() => setEditingProduct(null)} onSaved={saved(() => setEditingProduct(null))} />
      ) : null}
    </>
  );
}
