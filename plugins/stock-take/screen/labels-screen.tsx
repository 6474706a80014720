// The Labels screen (/labels, ADMIN): find styles, put sizes (or whole styles) on a print list with their copies,
// choose A4 sheet, label roll or shoebox end label, and open the labels PDF. /labels?purchase_order_id=N[&receipt_id=M]
// also offers the labels of the units received on that order; /labels?style_id=N every size of a style and
// /labels?stock_take_id=N the boxes a stock take counted (#30.4; these two start on the shoebox layout).
import { useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { useListSearch } from '../../../ui/use-list-search.js';
import { useQuery } from '../../../ui/use-query.js';
import { ListFooter, ListStatus, PageHead, SearchToolbar } from '../../../ui/components/list-screen.js';
import { LabelLayoutFields } from './label-layout-fields.js';
import { countedLabelsUrl, defaultLayout, labelCount, labelsUrl, receivedLabelsUrl, styleLabelsUrl, type LabelLayout, type PrintItem } from './label-rules.js';
import { openPdf } from './open-pdf.js';
import { PrintList } from './print-list.js';
import { StyleResults } from './style-results.js';
import { useStyleName } from './use-style-name.js';
import type { Product, StyleList } from './types.js';

export const RESULTS_PAGE_SIZE = 10;

const idParam = (params: URLSearchParams, name: string) => {
  const v = params.get(name);
  return v && /^[1-9]\d{0,11}$/.test(v) ? Number(v) : null;
};

/** The screen. */
export default function LabelsScreen() {
  const params = new URLSearchParams(useSearch());
  const purchaseOrderId = idParam(params, 'purchase_order_id');
  const receiptId = idParam(params, 'receipt_id');
  const styleId = idParam(params, 'style_id');
  const stockTakeId = idParam(params, 'stock_take_id');
  const styleName = useStyleName(styleId);
  const { text, setText, search, page, setPage } = useListSearch();
  const [items, setItems] = useState<PrintItem[]>([]);
  const [copies, setCopies] = useState('1');
  // Boxes (a style's sizes, a count's boxes) start on the shoebox end label.
  const [layout, setLayout] = useState<LabelLayout>(() => defaultLayout(styleId !== null || stockTakeId !== null ? 'shoebox' : 'sheet'));
  const [error, setError] = useState<string | null>(null);

  const results = useQuery(['label-styles', search, page], () => api.get<StyleList>('/api/styles', { search, page, pageSize: RESULTS_PAGE_SIZE }));
  const styles = results.data?.styles ?? [];
  const listed = useMemo(() => new Set(items.map((i) => i.product.id)), [items]);

  const add = (products: Product[]) => {
    const fresh = products.filter((p) => !listed.has(p.id));
    if (fresh.length === 0) {
      toast.info('Already on the print list');
      return;
    }
    setItems((list) => [...list, ...fresh.map((product) => ({ product, copies }))]);
    setError(null);
  };
  // Copies per item sets every row at once (a row can still be changed afterwards).
  const setAllCopies = (c: string) => {
    setCopies(c);
    setItems((list) => list.map((i) => ({ ...i, copies: c })));
  };
  const edit = (fn: () => void) => {
    fn();
    setError(null);
  };

  const print = (made: { url: string } | { error: string }) => {
    if ('error' in made) {
      setError(made.error);
      toast.error(made.error);
      return;
    }
    setError(null);
    openPdf(made.url, 'Failed to open labels PDF');
  };

  const total = labelCount(items);
  return (
    <section className="labels-screen">
      <PageHead title="Labels" subtitle="Print barcode labels with the price including GST" />

      {purchaseOrderId !== null ? (
        <article className="received-labels">
          <div>
            <strong>
              Purchase order #{purchaseOrderId}
              {receiptId !== null ? `, receipt #${receiptId}` : ''}
            </strong>
            <p className="muted" style={{ margin: 0 }}>
              One label for every unit received{receiptId !== null ? ' on this receipt' : ' on this order'}.
            </p>
          </div>
          <button type="button" onClick={() => print(receivedLabelsUrl(purchaseOrderId, receiptId, layout))}>
            Print Received Labels
          </button>
        </article>
      ) : null}

      {styleId !== null ? (
        <article className="received-labels">
          <div>
            <strong>Style: {styleName ?? `#${styleId}`}</strong>
            <p className="muted" style={{ margin: 0 }}>
              Every size of this style, Copies per item of each.
            </p>
          </div>
          <button type="button" onClick={() => print(styleLabelsUrl(styleId, copies, layout))}>
            Print Style Labels
          </button>
        </article>
      ) : null}

      {stockTakeId !== null ? (
        <article className="received-labels">
          <div>
            <strong>Stock take #{stockTakeId}</strong>
            <p className="muted" style={{ margin: 0 }}>
              One label for every box counted.
            </p>
          </div>
          <button type="button" onClick={() => print(countedLabelsUrl(stockTakeId, layout))}>
            Print Counted Labels
          </button>
        </article>
      ) : null}

      <SearchToolbar label="Search styles" placeholder="Search styles by name, SKU, barcode, brand or colour..." value={text} onChange={setText} />
      <ListStatus query={results} noun="styles" rows={styles} empty={search ? 'No styles found matching your search' : 'No styles yet.'} />
      {styles.length > 0 ? <StyleResults styles={styles} listed={listed} onAdd={add} /> : null}
      {results.data ? (
        <ListFooter shown={styles.length} noun="styles" page={page} pageSize={RESULTS_PAGE_SIZE} total={results.data.count} onPage={setPage} />
      ) : null}

      <h3 className="print-list-title">Print List</h3>
      <LabelLayoutFields copies={copies} onCopies={(c) => edit(() => setAllCopies(c))} layout={layout} onLayout={(l) => edit(() => setLayout(l))} />
      {items.length > 0 ? (
        <PrintList
          items={items}
          onCopies={(id, c) => edit(() => setItems((list) => list.map((i) => (i.product.id === id ? { ...i, copies: c } : i))))}
          onRemove={(id) => edit(() => setItems((list) => list.filter((i) => i.product.id !== id)))}
        />
      ) : (
        <p className="muted">No products on the print list yet. Add sizes or whole styles from the search above.</p>
      )}
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
      <div className="take-actions">
        <span className="muted label-total">
          {total} {total === 1 ? 'label' : 'labels'}
        </span>
        <button type="button" className="secondary outline" disabled={items.length === 0} onClick={() => edit(() => setItems([]))}>
          Clear List
        </button>
        <button type="button" onClick={() => print(labelsUrl(items, layout))}>
          Print Labels
        </button>
      </div>
    </section>
  );
}
