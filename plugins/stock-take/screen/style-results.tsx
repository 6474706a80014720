// The Labels screen's search results: styles with their sizes; add one size, or the whole style (every size).
import { DataTable, RowActions } from '../../../ui/components/data-table.js';
import { styleLabel } from './use-style-name.js';
import type { Product, Style } from './types.js';

export interface StyleResultsProps {
  styles: Style[];
  /** Product ids already on the print list (their size buttons show as added). */
  listed: ReadonlySet<number>;
  onAdd: (products: Product[]) => void;
}

/** One row per style: its sizes as buttons, and Add All Sizes. */
export function StyleResults({ styles, listed, onAdd }: StyleResultsProps) {
  return (
    <DataTable className="label-styles-table" columns={['Style', 'Sizes', 'Actions']}>
      {styles.map((s) => (
        <tr key={s.id}>
          <td>
            {styleLabel(s)}
            {s.sku_prefix ? (
              <small className="muted" style={{ display: 'block' }}>
                {s.sku_prefix}
              </small>
            ) : null}
          </td>
          <td>
            <div className="size-buttons">
              {s.products.map((p) => (
                <button
                  key={p.id}
                  type="button"
                  className={listed.has(p.id) ? 'size-button added' : 'secondary outline size-button'}
                  title={`Add ${p.item_name} size ${p.size ?? ''} to the print list`}
                  aria-pressed={listed.has(p.id)}
                  onClick={() => onAdd([p])}
                >
                  {p.size ?? p.sku ?? `#${p.id}`}
                </button>
              ))}
            </div>
          </td>
          <RowActions>
            <button type="button" disabled={s.products.length === 0} onClick={() => onAdd(s.products)}>
              Add All Sizes
            </button>
          </RowActions>
        </tr>
      ))}
    </DataTable>
  );
}
