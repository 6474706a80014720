// One stock take: the scan box (open takes), the counted lines with their variance, and Download CSV,
// Post Variance and Cancel Stock Take. A posted or cancelled take is read-only.
import { useState } from 'react';
import { Link } from 'wouter';
import { api } from '../../../ui/api.js';
import { dateTimeText, money } from '../../../ui/format.js';
import { toast } from '../../../ui/toast.js';
import { useQuery } from '../../../ui/use-query.js';
import { confirmDialog } from '../../../ui/components/confirm.js';
import { Money } from '../../../ui/components/money.js';
import { SummaryTiles, type Tile } from '../../../ui/components/summary-tiles.js';
import { CountTable } from './count-table.js';
import { ScanPanel } from './scan-panel.js';
import { StyleCountGrid } from './style-count-grid.js';
import { failureText, scopeText, signed, statusBadgeClass } from './take-rules.js';
import { useStyleName } from './use-style-name.js';
import type { StockTakeDetail } from './types.js';

/** The variance CSV of a take (the session cookie authenticates the download). */
export const varianceCsvUrl = (id: number) => `/api/stock-takes/${id}/variance.csv`;

/** The count view of take `id`; `onBack` returns to the list. */
export function CountView({ id, onBack }: { id: number; onBack: () => void }) {
  const take = useQuery(['stock-take', id], () => api.get<{ stock_take: StockTakeDetail }>(`/api/stock-takes/${id}`));
  const t = take.data?.stock_take;
  const styleName = useStyleName(t?.scope.style_id ?? null);
  const [busy, setBusy] = useState(false);
  const reload = () => void take.reload();

  const act = async (question: string, path: string, success: string, failure: string) => {
    if (!(await confirmDialog(question))) return;
    setBusy(true);
    try {
      await api.post(path, {});
      toast.success(success);
    } catch (err) {
      toast.error(failureText(err, failure));
    } finally {
      setBusy(false);
      reload();
    }
  };

  const back = (
    <button type="button" className="secondary outline back-button" onClick={onBack}>
      All Stock Takes
    </button>
  );
  if (!t) {
    return (
      <section className="stock-take-count">
        <div className="page-head">
          <h2>Stock Take #{id}</h2>
          {back}
        </div>
        {take.error ? (
          <p role="alert" className="text-danger">
            Error loading stock take: {take.error.message}
          </p>
        ) : (
          <p className="center-state" aria-busy="true">
            Loading stock take...
          </p>
        )}
      </section>
    );
  }

  const open = t.status === 'OPEN';
  const totals = t.totals;
  const tiles: Tile[] = [
    ['Products counted', totals.lines],
    ['Units counted', totals.counted_units],
    ['Variance (units)', signed(totals.variance_units)],
    ['Variance value', <Money key="v" value={totals.variance_value} />],
    ...(open ? [['Not counted yet', t.uncounted] as Tile] : []),
  ];

  return (
    <section className="stock-take-count">
      <div className="page-head">
        <div>
          <h2>
            Stock Take #{t.id} <span className={statusBadgeClass(t.status)}>{t.status}</span>
          </h2>
          <p className="muted" style={{ margin: 0 }}>
            {scopeText(t.scope, styleName)} · opened {dateTimeText(t.created_at)}
            {t.posted_at ? ` · posted ${dateTimeText(t.posted_at)}` : ''}
            {t.cancelled_at ? ` · cancelled ${dateTimeText(t.cancelled_at)}` : ''}
            {t.note ? ` · ${t.note}` : ''}
          </p>
        </div>
        {back}
      </div>

      {open ? <ScanPanel takeId={t.id} onCounted={reload} /> : null}
      {open ? <StyleCountGrid take={t} onCounted={reload} /> : null}
      <SummaryTiles tiles={tiles} />

      {t.lines.length > 0 ? (
        <CountTable takeId={t.id} lines={t.lines} totals={totals} editable={open} onCounted={reload} />
      ) : (
        <p className="center-state muted">{open ? 'Nothing counted yet. Scan the first product.' : 'Nothing was counted.'}</p>
      )}

      <div className="take-actions">
        {/* biome-ignore lint/a11y/useSemanticElements: a download link that Pico CSS draws as a button (role="button"); it must stay a link to download */}
        <a role="button" className="secondary outline" href={varianceCsvUrl(t.id)} download>
          Download CSV
        </a>
        {totals.counted_units > 0 ? (
          // #30.4: new box-end labels for what was counted (the Labels screen, shoebox layout).
          <Link href={`/labels?stock_take_id=${t.id}`} role="button" className="secondary outline">
            Print Box Labels
          </Link>
        ) : null}
        {open ? (
          <>
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() =>
                void act(
                  `Cancel stock take #${t.id}? Nothing is booked to stock.`,
                  `/api/stock-takes/${t.id}/cancel`,
                  'Stock take cancelled',
                  'Failed to cancel stock take',
                )
              }
            >
              Cancel Stock Take
            </button>
            <button
              type="button"
              disabled={busy || totals.lines === 0}
              onClick={() => void act(postMessage(t), `/api/stock-takes/${t.id}/post`, 'Stock take posted', 'Failed to post stock take')}
            >
              Post Variance
            </button>
          </>
        ) : null}
      </div>
    </section>
  );
}

/** The confirmation before posting: what changes, and that uncounted products stay as they are. */
export function postMessage(t: StockTakeDetail): string {
  const uncounted = t.uncounted > 0 ? ` ${t.uncounted} products in scope were not counted and stay as they are.` : '';
  return (
    `Post stock take #${t.id}? The stock of ${t.totals.lines} counted products is set to the counts ` +
    `(variance ${signed(t.totals.variance_units)} units, ${money(t.totals.variance_value)} at cost).${uncounted}`
  );
}
