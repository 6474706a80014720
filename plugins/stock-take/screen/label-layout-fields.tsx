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
  const number = (id: string, label: string, max: number, value: string, set: (v: string) => void) => (
    <div className="label-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="number" min={1} max={max} step={1} value={value} onChange={(e) => set(e.target.value)} />
    </div>
  );
  return (
    <div className="label-settings">
      {number('label-copies', 'Copies per item', MAX_COPIES, copies, onCopies)}
      <div className="label-field">
        {/* A sibling label: a wrapping one would read its options into the select's name. */}
        <label htmlFor="label-format">Format</label>
        <select id="label-format" value={layout.format} onChange={(e) => onLayout({ ...layout, format: e.target.value as LabelFormat })}>
          <option value="sheet">A4 sheet</option>
          <option value="roll">Label printer 50x30 mm</option>
          <option value="shoebox">Shoebox end 100x50 mm</option>
        </select>
      </div>
      {layout.format === 'sheet' ? (
        <>
          {number('label-rows', 'Rows', MAX_ROWS, layout.rows, (rows) => onLayout({ ...layout, rows }))}
          {number('label-cols', 'Columns', MAX_COLS, layout.cols, (cols) => onLayout({ ...layout, cols }))}
        </>
      ) : null}
    </div>
  );
}
