// The sizes table of Add Style and Add Sizes: one row per size with its opening stock and barcode, a remove
// button per row and "Add size" for one more.
import { useEffect, useRef } from 'react';
import { sizeRow, type SizeRow, type SizeRowErrors } from './style-form-rules.js';

export interface SizeRowsEditorProps {
  rows: SizeRow[];
  errors: SizeRowErrors;
  /** The table-wide problem ('Add at least one size'). */
  error?: string;
  onChange: (rows: SizeRow[]) => void;
}

/** The editable table; a row's inputs are named after its size for screen readers and tests. */
export function SizeRowsEditor({ rows, errors, error, onChange }: SizeRowsEditorProps) {
  const focusLast = useRef(false);
  const tableRef = useRef<HTMLTableElement>(null);
  // "Add size" puts the cursor in the new row's size box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when a row is added (the new row's box is focused)
  useEffect(() => {
    if (!focusLast.current) return;
    focusLast.current = false;
    const inputs = tableRef.current?.querySelectorAll<HTMLInputElement>('td.size-cell input');
    inputs?.[inputs.length - 1]?.focus();
  }, [rows.length]);

  const set = (i: number, patch: Partial<SizeRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const name = (r: SizeRow, i: number) => (r.size.trim() ? `size ${r.size.trim()}` : `row ${i + 1}`);
  const cellError = (i: number, col: 'size' | 'stock_qty' | 'barcode') => {
    const msg = errors[i]?.[col];
    return msg ? (
      <small className="field-error" data-error-for={`sizes.${i}.${col}`}>
        {msg}
      </small>
    ) : null;
  };

  return (
    <>
      <div className="sizes-head">
        <strong id="sizes-heading">Sizes ({rows.length})</strong>
        <button
          type="button"
          className="secondary outline"
          onClick={() => {
            focusLast.current = true;
            onChange([...rows, sizeRow()]);
          }}
        >
          Add size
        </button>
      </div>
      {error ? (
        <small className="field-error" data-error-for="sizes" role="alert">
          {error}
        </small>
      ) : null}
      {rows.length > 0 ? (
        <div className="size-rows-wrap">
          <table className="size-rows" ref={tableRef} aria-labelledby="sizes-heading">
            <thead>
              <tr>
                <th scope="col">Size</th>
                <th scope="col">Opening stock</th>
                <th scope="col">Barcode</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.key}>
                  <td className="size-cell">
                    <input
                      type="text"
                      aria-label={`Size of row ${i + 1}`}
                      value={r.size}
                      maxLength={100}
                      autoComplete="off"
                      aria-invalid={errors[i]?.size ? true : undefined}
                      onChange={(e) => set(i, { size: e.target.value })}
                    />
                    {cellError(i, 'size')}
                  </td>
                  <td className="stock-cell">
                    <input
                      type="number"
                      aria-label={`Opening stock for ${name(r, i)}`}
                      value={r.stock_qty}
                      min={0}
                      step={1}
                      inputMode="numeric"
                      placeholder="0"
                      aria-invalid={errors[i]?.stock_qty ? true : undefined}
                      onChange={(e) => set(i, { stock_qty: e.target.value })}
                    />
                    {cellError(i, 'stock_qty')}
                  </td>
                  <td>
                    <input
                      type="text"
                      aria-label={`Barcode for ${name(r, i)}`}
                      value={r.barcode}
                      maxLength={48}
                      autoComplete="off"
                      placeholder="scan or type"
                      aria-invalid={errors[i]?.barcode ? true : undefined}
                      onChange={(e) => set(i, { barcode: e.target.value })}
                    />
                    {cellError(i, 'barcode')}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="secondary outline"
                      aria-label={`Remove ${name(r, i)}`}
                      onClick={() => onChange(rows.filter((_, j) => j !== i))}
                    >
                      ✕
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">Choose a size run, or press "Add size".</p>
      )}
    </>
  );
}
