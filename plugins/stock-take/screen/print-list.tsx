// The Labels screen's print list: each product with its copies (typed per row), and Remove.
import { DataTable, RowActions } from '../../../ui/components/data-table.js';
import { parseCopies, type PrintItem } from './label-rules.js';

export interface PrintListProps {
  items: PrintItem[];
  onCopies: (productId: number, copies: string) => void;
  onRemove: (productId: number) => void;
}

/** The table of products to print; a bad copies figure is marked on its box. */
export function PrintList({ items, onCopies, onRemove }: PrintListProps) {
  return (
    <DataTable className="print-list-table" columns={['Product', 'Size', 'Code', 'Copies', 'Actions']}>
      {items.map(({ product: p, copies }) => {
        const name = [p.item_name, p.size].filter(Boolean).join(' ');
        const code = p.barcode || p.sku;
        return (
          <tr key={p.id}>
            <td>
              {p.item_name}
              {p.colour ? (
                <small className="muted" style={{ display: 'block' }}>
                  {p.colour}
                </small>
              ) : null}
            </td>
            <td>{p.size ?? ''}</td>
            <td className="nowrap">{code ?? <span className="text-danger">No barcode or SKU</span>}</td>
            <td>
              <input
                className="copies-input"
                type="number"
                min={1}
                max={100}
                step={1}
                aria-label={`Copies of ${name}`}
                value={copies}
                aria-invalid={parseCopies(copies) === null ? true : undefined}
                onChange={(e) => onCopies(p.id, e.target.value)}
              />
            </td>
            <RowActions>
              <button type="button" className="secondary outline" aria-label={`Remove ${name}`} onClick={() => onRemove(p.id)}>
                Remove
              </button>
            </RowActions>
          </tr>
        );
      })}
    </DataTable>
  );
}
