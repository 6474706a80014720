// The New Purchase Order's size grids: 'Add Style' finds a style (GET /api/styles) and shows its sizes as a
// grid; a quantity typed in a cell is that size's line on the order (blank or 0 = no line), at the style's
// unit cost (prefilled with each size's own cost until it is changed). Several styles per order.
import { useEffect, useState } from 'react';
import { api } from '../../../ui/api.js';
import { money } from '../../../ui/format.js';
import { PickSearch } from '../../../ui/components/pick-search.js';
import { focusFirstCell, SizeMatrix } from '../../../ui/components/size-grid.js';
import { gridLayout } from '../../../ui/components/size-grid-rules.js';
import { draftLine, type DraftLine } from './order-rules.js';
import type { Style, StyleList } from '../../inventory/schemas.js';

const MATCHES = 6;

/** "Desert Boot · Sand · 8 sizes": a style as the search lists it. */
export const styleText = (s: Style) => [s.item_name, s.colour, `${s.products.length} sizes`, `cost ${money(s.cost)}`].filter(Boolean).join(' · ');

/** The qty text per product id of the lines (what the grid shows). */
export const gridValues = (lines: DraftLine[]) => Object.fromEntries(lines.map((l) => [l.product.id, l.qty]));

/**
 * The lines after a cell of `style` was typed: a blank or 0 drops the size's line, a quantity sets it (a new
 * line gets `cost` when the style's cost was changed, else the size's own cost).
 */
export function setGridQty(lines: DraftLine[], style: Style, productId: number, qty: string, cost: string | undefined): DraftLine[] {
  const drop = qty.trim() === '' || Number(qty) === 0;
  if (lines.some((l) => l.product.id === productId)) {
    return drop ? lines.filter((l) => l.product.id !== productId) : lines.map((l) => (l.product.id === productId ? { ...l, qty } : l));
  }
  const p = style.products.find((x) => x.id === productId);
  if (drop || !p) return lines;
  const line = draftLine(p);
  return [...lines, { ...line, qty, unitCost: cost ?? line.unitCost }];
}

export interface StyleOrderGridsProps {
  styles: Style[];
  onAddStyle: (style: Style) => void;
  onRemoveStyle: (style: Style) => void;
  lines: DraftLine[];
  /** The typed cost per style id (absent = each size's own cost). */
  costs: Record<number, string>;
  onQty: (style: Style, productId: number, qty: string) => void;
  onCost: (style: Style, cost: string) => void;
}

/** The style search and one grid per style added. */
export function StyleOrderGrids({ styles, onAddStyle, onRemoveStyle, lines, costs, onQty, onCost }: StyleOrderGridsProps) {
  const values = gridValues(lines);
  // A style just added: the cursor goes to its first cell, so the quantities are typed straight away.
  const [added, setAdded] = useState<number | null>(null);
  useEffect(() => {
    if (added !== null && focusFirstCell(document.querySelector(`.style-order-grids fieldset[data-style-id="${added}"]`))) setAdded(null);
  }, [added]);
  return (
    <div className="style-order-grids">
      <PickSearch<Style>
        id="po-style-search"
        label="Add Style (size grid)"
        placeholder="Search styles by name, brand or SKU..."
        find={async (search) => (await api.get<StyleList>('/api/styles', { search, pageSize: MATCHES })).styles}
        text={styleText}
        keyOf={(s) => s.id}
        onPick={(s) => {
          if (!styles.some((x) => x.id === s.id)) onAddStyle(s);
          setAdded(s.id);
        }}
        none="No styles found"
      />
      {styles.map((s) => (
        <fieldset key={s.id} className="style-grid-block" data-style-id={s.id}>
          <div className="style-grid-head">
            <strong>{s.colour ? `${s.item_name} · ${s.colour}` : s.item_name}</strong>
            <label className="style-grid-cost">
              Unit Cost ($)
              <input
                type="number"
                min={0}
                step={0.01}
                aria-label={`Unit cost of ${s.item_name}, all sizes`}
                value={costs[s.id] ?? s.cost.toFixed(2)}
                onChange={(e) => onCost(s, e.target.value)}
              />
            </label>
            <button type="button" className="secondary outline small-button" aria-label={`Remove ${s.item_name}`} onClick={() => onRemoveStyle(s)}>
              Remove Style
            </button>
          </div>
          <SizeMatrix name={s.item_name} layout={gridLayout(s.products)} values={values} onChange={(id, qty) => onQty(s, id, qty)} />
        </fieldset>
      ))}
    </div>
  );
}
