// The style x size grid: colours down, sizes across (in size order), a quantity per cell, totals per row and
// column (one row: its total is the grand total). Used to order, receive, count and show the stock of a style. Typing moves like a spreadsheet: Enter
// goes right along the row then to the next row's first cell, the arrow keys move a cell, Tab follows the DOM.
// Cells of sizes that do not exist (or may not be typed in here) are disabled. Styled by `.size-matrix` in ui/styles.css.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { gridTotals, nextCell, NO_COLOUR, type GridLayout, type MoveKey } from './size-grid-rules.js';

export interface SizeMatrixProps {
  /** Names the grid and its cells ("Desert Boot" gives cells "Desert Boot size 40" or "Desert Boot Tan size 40"). */
  name: string;
  layout: GridLayout;
  /** The typed text per product id (read-only grids: the figures). */
  values: Record<number, string>;
  /** Typing; without it the grid is read-only. */
  onChange?: (id: number, text: string) => void;
  /** False for a cell that exists but may not be typed in here (e.g. a size not on the order). */
  enabled?: (id: number) => boolean;
  /** A small note under a cell's figure (e.g. "of 4"). */
  note?: (id: number) => ReactNode;
  /** A cell to mark (the last one scanned). */
  marked?: number | null;
  /** What the figures are, for the total heading ("Total" unless told). */
  totalLabel?: string;
  /** A typed cell's accessible name, when not "<name> [colour] size <size>" (e.g. the order line's name). */
  cellLabel?: (id: number) => string | undefined;
  /** The heading of the one row of a style without colours ("Qty" unless told). */
  rowLabel?: string;
}

const MOVE_KEYS = new Set<string>(['Enter', 'ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown']);

/** The grid (a table inside a horizontally scrolling box; the colour column stays in view). */
export function SizeMatrix({
  name,
  layout,
  values,
  onChange,
  enabled = () => true,
  note,
  marked,
  totalLabel = 'Total',
  rowLabel = 'Qty',
  cellLabel,
}: SizeMatrixProps) {
  const cells = useRef(new Map<string, HTMLInputElement>());
  const totals = gridTotals(layout, values);
  const oneRow = layout.colours.length === 1 && layout.colours[0] === NO_COLOUR;
  const canType = (r: number, c: number) => {
    const id = layout.ids[r]?.[c];
    return !!onChange && id != null && enabled(id);
  };

  const onKey = (e: KeyboardEvent<HTMLInputElement>, r: number, c: number) => {
    if (!MOVE_KEYS.has(e.key)) return;
    e.preventDefault(); // Enter never submits the form around the grid; arrows never step a number
    const to = nextCell(layout, canType, r, c, e.key as MoveKey);
    if (!to) return;
    const input = cells.current.get(`${to[0]}:${to[1]}`);
    input?.focus();
    input?.select();
  };

  return (
    <div className="size-matrix-scroll">
      <table className="size-matrix" aria-label={`${name}: quantities by size`}>
        <thead>
          <tr>
            <th scope="col" className="size-matrix-colour">
              {oneRow ? 'Size' : 'Colour / Size'}
            </th>
            {layout.sizes.map((s) => (
              <th key={s} scope="col" className="size-matrix-size">
                {s}
              </th>
            ))}
            <th scope="col" className="num">
              {totalLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {layout.colours.map((colour, r) => (
            <tr key={colour}>
              <th scope="row" className="size-matrix-colour">
                {oneRow ? rowLabel : colour}
              </th>
              {layout.sizes.map((size, c) => {
                const id = layout.ids[r]![c];
                const cellName = `${name}${oneRow ? '' : ` ${colour}`} size ${size}`;
                if (id == null) {
                  return (
                    <td key={size} className="size-matrix-cell none" title={`No size ${size}${oneRow ? '' : ` in ${colour}`}`}>
                      <input type="text" disabled aria-label={`${cellName} (no such size)`} value="" readOnly />
                    </td>
                  );
                }
                const text = values[id] ?? '';
                return (
                  <td key={size} className={id === marked ? 'size-matrix-cell marked' : 'size-matrix-cell'} data-product-id={id}>
                    {onChange ? (
                      <input
                        ref={(el) => {
                          if (el) cells.current.set(`${r}:${c}`, el);
                          else cells.current.delete(`${r}:${c}`);
                        }}
                        type="text"
                        inputMode="numeric"
                        pattern="[0-9]*"
                        autoComplete="off"
                        aria-label={cellLabel?.(id) ?? cellName}
                        disabled={!enabled(id)}
                        value={text}
                        onFocus={(e) => e.currentTarget.select()}
                        onChange={(e) => onChange(id, e.target.value.replace(/[^0-9]/g, ''))}
                        onKeyDown={(e) => onKey(e, r, c)}
                      />
                    ) : (
                      <span className="size-matrix-figure" data-cell={cellName} title={`${cellName}: ${text || '0'}`}>
                        {text || '0'}
                      </span>
                    )}
                    {note ? <small className="size-matrix-note">{note(id)}</small> : null}
                  </td>
                );
              })}
              <td className="num size-matrix-total" data-row-total={colour} data-grand-total={oneRow ? '' : undefined}>
                {totals.rows[r]}
              </td>
            </tr>
          ))}
        </tbody>
        {layout.colours.length > 1 ? (
          <tfoot>
            <tr>
              <th scope="row" className="size-matrix-colour">
                {totalLabel}
              </th>
              {layout.sizes.map((s, c) => (
                <td key={s} className="num size-matrix-total" data-col-total={s}>
                  {totals.cols[c]}
                </td>
              ))}
              <td className="num size-matrix-total" data-grand-total="">
                <strong>{totals.all}</strong>
              </td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

/** Puts the cursor in the first cell that can be typed in of the grid inside `container` (a style just added). */
export function focusFirstCell(container: ParentNode | null): boolean {
  const input = container?.querySelector<HTMLInputElement>('.size-matrix input:not(:disabled)');
  input?.focus();
  return !!input;
}
