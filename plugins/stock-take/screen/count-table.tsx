// The counted lines of a take with their variance (units and at cost) and the totals under them. On an open
// take each count is a box: typing a number and Enter (or leaving the box) sets that count.
import { useState, type KeyboardEvent } from 'react';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { confirmDialog } from '../../../ui/components/confirm.js';
import { DataTable } from '../../../ui/components/data-table.js';
import { Money } from '../../../ui/components/money.js';
import { failureText, parseCount, signed } from './take-rules.js';
import type { CountResult, StockTakeLine, VarianceTotals } from './types.js';

export interface CountTableProps {
  takeId: number;
  lines: StockTakeLine[];
  totals: VarianceTotals;
  /** False once the take is posted or cancelled: counts are shown, not edited. */
  editable: boolean;
  /** After a count is set or a line removed (the view reloads). */
  onCounted: (result?: CountResult) => void;
}

/** The table; variance cells are the server's figures (no arithmetic here). */
export function CountTable({ takeId, lines, totals, editable, onCounted }: CountTableProps) {
  return (
    <DataTable
      className="count-table"
      columns={[
        'Product',
        'Size',
        'SKU',
        { label: 'Expected', num: true },
        { label: 'Counted', num: true },
        { label: 'Variance', num: true },
        { label: 'Variance Value', num: true },
        ...(editable ? ['Actions'] : []),
      ]}
    >
      {lines.map((l) => (
        <tr key={l.product_id}>
          <td>{l.item_name}</td>
          <td>{l.size ?? ''}</td>
          <td className="nowrap">{l.sku ?? ''}</td>
          <td className="num">
            {l.expected_qty}
            {editable && l.current_stock_qty !== l.expected_qty ? (
              <small className="text-danger stale-note">stock now {l.current_stock_qty}: recount</small>
            ) : null}
          </td>
          <td className="num">{editable ? <CountCell key={l.counted_qty} takeId={takeId} line={l} onCounted={onCounted} /> : l.counted_qty}</td>
          <td className={`num ${varianceClass(l.variance_qty)}`}>{signed(l.variance_qty)}</td>
          <td className={`num ${varianceClass(l.variance_qty)}`}>
            <Money value={l.variance_value} />
          </td>
          {editable ? (
            <td>
              <RemoveLine takeId={takeId} line={l} onRemoved={onCounted} />
            </td>
          ) : null}
        </tr>
      ))}
      <tr className="totals-row">
        <th scope="row" colSpan={3}>
          Total ({totals.lines} {totals.lines === 1 ? 'line' : 'lines'})
        </th>
        <td className="num">{totals.expected_units}</td>
        <td className="num">{totals.counted_units}</td>
        <td className={`num ${varianceClass(totals.variance_units)}`}>{signed(totals.variance_units)}</td>
        <td className={`num ${varianceClass(totals.variance_units)}`}>
          <Money value={totals.variance_value} />
        </td>
        {editable ? <td /> : null}
      </tr>
    </DataTable>
  );
}

/** Takes a mistakenly scanned product out of the count (it is then not posted at all). */
function RemoveLine({ takeId, line, onRemoved }: { takeId: number; line: StockTakeLine; onRemoved: () => void }) {
  const name = [line.item_name, line.size].filter(Boolean).join(' ');
  const remove = async () => {
    if (!(await confirmDialog(`Remove ${name} from this count? Its stock is left as it is.`))) return;
    try {
      await api.delete(`/api/stock-takes/${takeId}/counts/${line.product_id}`);
      toast.success(`${name} removed from the count`);
      onRemoved();
    } catch (err) {
      toast.error(failureText(err, `Failed to remove ${name}`));
    }
  };
  return (
    <button type="button" className="secondary outline small-button" aria-label={`Remove ${name} from the count`} onClick={() => void remove()}>
      Remove
    </button>
  );
}

const varianceClass = (n: number) => (n < 0 ? 'variance-short' : n > 0 ? 'variance-over' : '');

/** One count box; a bad number shows under it and nothing is sent. */
function CountCell({ takeId, line, onCounted }: { takeId: number; line: StockTakeLine; onCounted: (r?: CountResult) => void }) {
  const [text, setText] = useState(String(line.counted_qty));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const name = [line.item_name, line.size].filter(Boolean).join(' ');

  const commit = async () => {
    if (saving || text.trim() === String(line.counted_qty)) return;
    const parsed = parseCount(text);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const result = await api.post<CountResult>(`/api/stock-takes/${takeId}/counts`, { product_id: line.product_id, counted_qty: parsed.value });
      toast.success(`Count of ${name} set to ${parsed.value}`);
      onCounted(result);
    } catch (err) {
      toast.error(failureText(err, `Failed to save the count of ${name}`));
      setText(String(line.counted_qty));
    } finally {
      setSaving(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void commit();
    } else if (e.key === 'Escape') {
      setText(String(line.counted_qty));
      setError(null);
    }
  };

  return (
    <>
      <input
        className="count-input"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        aria-label={`Counted ${name}`}
        value={text}
        aria-invalid={error ? true : undefined}
        disabled={saving}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => void commit()}
      />
      {error ? (
        <small className="field-error count-error" role="alert">
          {error}
        </small>
      ) : null}
    </>
  );
}
