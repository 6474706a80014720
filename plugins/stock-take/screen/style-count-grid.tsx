// Counting a style on its size grid: 'Count a Style' finds a style (a take scoped to one style opens on it), the
// grid shows the counts so far, and typed counts are set with 'Save Counts' (one POST .../counts with
// counted_qty per changed size, in order). Blank cells are not counted. A blind count: the stock is not shown.
import { useEffect, useState } from 'react';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { useQuery } from '../../../ui/use-query.js';
import { PickSearch } from '../../../ui/components/pick-search.js';
import { focusFirstCell, SizeMatrix } from '../../../ui/components/size-grid.js';
import { gridLayout } from '../../../ui/components/size-grid-rules.js';
import { failureText } from './take-rules.js';
import { styleLabel } from './use-style-name.js';
import type { StockTakeDetail, Style, StyleList } from './types.js';

const MATCHES = 6;

/** The counts to send: the typed cells that differ from the take's count (blank = not counted, skipped). */
export function changedCounts(typed: Record<number, string>, counted: ReadonlyMap<number, number>): { product_id: number; counted_qty: number }[] {
  return Object.entries(typed)
    .filter(([, text]) => /^\d+$/.test(text.trim()))
    .map(([id, text]) => ({ product_id: Number(id), counted_qty: Number(text) }))
    .filter((c) => counted.get(c.product_id) !== c.counted_qty);
}

export interface StyleCountGridProps {
  take: StockTakeDetail;
  /** After the counts were saved (the view reloads its lines and totals). */
  onCounted: () => void;
}

/** The style search, the grid and Save Counts. */
export function StyleCountGrid({ take, onCounted }: StyleCountGridProps) {
  const [styleId, setStyleId] = useState<number | null>(take.scope.style_id);
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const style = useQuery(['take-grid-style', styleId], () => (styleId === null ? Promise.resolve(null) : api.get<{ style: Style }>(`/api/styles/${styleId}`)));
  const counted = new Map(take.lines.map((l) => [l.product_id, l.counted_qty]));
  const s = style.data?.style ?? null;
  const values: Record<number, string> = {};
  for (const p of s?.products ?? []) values[p.id] = typed[p.id] ?? (counted.has(p.id) ? String(counted.get(p.id)) : '');
  const changes = changedCounts(typed, counted);
  // A style just picked: the cursor goes to its first cell once its grid is shown.
  const [picked, setPicked] = useState<number | null>(null);
  useEffect(() => {
    if (picked !== null && s?.id === picked && focusFirstCell(document.querySelector('.style-count-grid .style-grid-block'))) setPicked(null);
  }, [picked, s]);

  const save = async () => {
    setBusy(true);
    let saved = 0;
    try {
      for (const c of changes) {
        await api.post(`/api/stock-takes/${take.id}/counts`, c);
        saved++;
      }
      toast.success(`Saved ${saved} counts`);
      setTyped({});
    } catch (err) {
      toast.error(failureText(err, 'Failed to save counts'));
    } finally {
      setBusy(false);
      onCounted();
    }
  };

  return (
    <section className="style-count-grid" aria-label="Count a style by size">
      <PickSearch<Style>
        id="take-style-search"
        label="Count a Style (size grid)"
        placeholder="Search styles by name, brand or SKU..."
        find={async (search) => (await api.get<StyleList>('/api/styles', { search, pageSize: MATCHES })).styles}
        text={(st) => `${styleLabel(st)} · ${st.products.length} sizes`}
        keyOf={(st) => st.id}
        onPick={(st) => {
          setStyleId(st.id);
          setTyped({});
          setPicked(st.id);
        }}
        none="No styles found"
      />
      {s ? (
        <fieldset className="style-grid-block" data-style-id={s.id}>
          <div className="style-grid-head">
            <strong>{styleLabel(s)}</strong>
            <button type="button" disabled={busy || changes.length === 0} onClick={() => void save()}>
              Save Counts
            </button>
          </div>
          <SizeMatrix
            name={s.item_name}
            layout={gridLayout(s.products)}
            values={values}
            onChange={(id, text) => setTyped((t) => ({ ...t, [id]: text }))}
            totalLabel="Counted"
            rowLabel="Count"
          />
        </fieldset>
      ) : null}
    </section>
  );
}
