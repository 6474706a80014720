// The Labels screen's print settings: copies for every product, the format, and the A4 sheet's rows and columns.
import type { LabelFormat, LabelLayout } from './label-rules.js';
import { MAX_COLS, MAX_COPIES, MAX_ROWS } from './label-rules.js';

export interface LabelLayoutFieldsProps {
  copies: string;
  onCopies: (copies: string) => void;
  layout: LabelLayout;
  onLayout: (layout: LabelLayout) => void;
}

/** One row of labelled fields; Rows and Columns only for the A4 sheet. */
export function LabelLayoutFields({ copies, onCopies, layout, onLayout }: LabelLayoutFieldsProps) {
  return (
    <div className="label-settings">
      <label htmlFor="label-copies">
        Copies per item
        <input id="label-copies" type="number" min={1} max={MAX_COPIES} step={1} value={copies} onChange={(e) => onCopies(e.target.value)} />
      </label>
      <label htmlFor="label-format">
        Format
        <select id="label-format" value={layout.format} onChange={(e) => onLayout({ ...layout, format: e.target.value as LabelFormat })}>
          <option value="sheet">A4 sheet</option>
          <option value="roll">Label printer 50x30 mm</option>
        </select>
      </label>
      {layout.format === 'sheet' ? (
        <>
          <label htmlFor="label-rows">
            Rows
            <input id="label-rows" type="number" min={1} max={MAX_ROWS} step={1} value={layout.rows} onChange={(e) => onLayout({ ...layout, rows: e.target.value })} />
          </label>
          <label htmlFor="label-cols">
            Columns
            <input id="label-cols" type="number" min={1} max={MAX_COLS} step={1} value={layout.cols} onChange={(e) => onLayout({ ...layout, cols: e.target.value })} />
          </label>
        </>
      ) : null}
    </div>
  );
}
