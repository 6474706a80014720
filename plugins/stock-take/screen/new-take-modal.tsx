// '+ New Stock Take': pick what to count (whole shop, a category, a brand or one style) and open the take.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { useDebounced } from '../../../ui/use-debounced.js';
import { useQuery } from '../../../ui/use-query.js';
import { FormModal } from '../../../ui/components/form-modal.js';
import { failureText } from './take-rules.js';
import { styleLabel } from './use-style-name.js';
import type { Facets, StockTakeDetail, StyleList } from './types.js';

type Kind = 'all' | 'category' | 'brand' | 'style';

export interface NewTakeModalProps {
  onClose: () => void;
  /** Called with the new take's id once the server opened it. */
  onOpened: (id: number) => void;
}

/** The modal; a missing choice shows under its field and nothing is sent. */
export function NewTakeModal({ onClose, onOpened }: NewTakeModalProps) {
  const [kind, setKind] = useState<Kind>('all');
  const [category, setCategory] = useState('');
  const [brand, setBrand] = useState('');
  const [styleSearch, setStyleSearch] = useState('');
  const [styleId, setStyleId] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const facets = useQuery(['product-facets'], () => api.get<Facets>('/api/products/facets'));
  const search = useDebounced(styleSearch.trim(), 250);
  const styles = useQuery(['styles', kind === 'style', search], () =>
    kind === 'style' ? api.get<StyleList>('/api/styles', { search, pageSize: 50 }) : Promise.resolve(null),
  );
  const styleOptions = styles.data?.styles ?? [];

  const scope = () => {
    if (kind === 'category') return category ? { category } : 'Choose a category';
    if (kind === 'brand') return brand ? { brand } : 'Choose a brand';
    if (kind === 'style') return styleId ? { style_id: Number(styleId) } : 'Choose a style';
    return {};
  };

  const submit = () => {
    const s = scope();
    if (typeof s === 'string') {
      setError(s);
      return;
    }
    setError(null);
    return (async () => {
      try {
        const body = { scope: s, ...(note.trim() ? { note: note.trim() } : {}) };
        const { stock_take } = await api.post<{ stock_take: StockTakeDetail }>('/api/stock-takes', body);
        toast.success(`Stock take #${stock_take.id} opened`);
        onOpened(stock_take.id);
      } catch (err) {
        toast.error(failureText(err, 'Failed to open stock take'));
      }
    })();
  };

  const pick = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    setError(null);
  };
  // Selects get sibling labels and the error sits outside them: a wrapping label would read the options and the
  // error into the field's accessible name ('Style' must stay 'Style').
  const errorLine = error ? (
    <small id="take-scope-error" className="field-error" role="alert">
      {error}
    </small>
  ) : null;
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': 'take-scope-error' } : {};

  return (
    <FormModal title="New Stock Take" formId="new-stock-take-form" onClose={onClose} onSubmit={submit} submitLabel="Open Stock Take" busyLabel="Opening...">
      <label htmlFor="take-scope">Scope</label>
      <select id="take-scope" value={kind} onChange={pick((v) => setKind(v as Kind))}>
        <option value="all">Whole shop</option>
        <option value="category">Category</option>
        <option value="brand">Brand</option>
        <option value="style">Style</option>
      </select>
      {kind === 'category' ? (
        <>
          <label htmlFor="take-category">Category</label>
          <select id="take-category" value={category} onChange={pick(setCategory)} {...invalid}>
            <option value="">Choose a category</option>
            {(facets.data?.categories ?? []).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {errorLine}
        </>
      ) : null}
      {kind === 'brand' ? (
        <>
          <label htmlFor="take-brand">Brand</label>
          <select id="take-brand" value={brand} onChange={pick(setBrand)} {...invalid}>
            <option value="">Choose a brand</option>
            {(facets.data?.brands ?? []).map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
          {errorLine}
        </>
      ) : null}
      {kind === 'style' ? (
        <>
          <label htmlFor="take-style-search">
            Search styles
            <input
              id="take-style-search"
              type="search"
              value={styleSearch}
              placeholder="Name, SKU, brand or colour..."
              onChange={(e) => {
                setStyleSearch(e.target.value);
                setStyleId('');
              }}
            />
          </label>
          <label htmlFor="take-style">Style</label>
          <select id="take-style" value={styleId} onChange={pick(setStyleId)} {...invalid}>
            <option value="">{styles.loading ? 'Loading styles...' : `Choose a style (${styleOptions.length} found)`}</option>
            {styleOptions.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {styleLabel(s)} · {s.products.length} sizes
              </option>
            ))}
          </select>
          {errorLine}
        </>
      ) : null}
      <label htmlFor="take-note">
        Note
        <input id="take-note" type="text" maxLength={500} value={note} placeholder="e.g. Shelf B, back room" onChange={(e) => setNote(e.target.value)} />
      </label>
      {kind === 'all' ? <p className="muted">Counts every product in the shop; products you do not scan are left as they are.</p> : null}
    </FormModal>
  );
}
