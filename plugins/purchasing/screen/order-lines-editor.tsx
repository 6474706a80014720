// The lines of an order, new or being edited: qty and unit cost per line, Remove, the order total, and a product
// search to add one (lines in, changes out). The New Purchase Order modal puts its size grids and search above the table.
import { formatMoney } from '../../../core/money.js';
import { ProductPicker } from './product-picker.js';
import { draftLine, lineTotalCents, orderTotalCents, productName, type DraftLine } from './order-rules.js';
import type { Product } from './types.js';

export interface OrderLinesEditorProps {
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
}

export interface OrderLinesTableProps extends OrderLinesEditorProps {
  /** The total cell's test id (the edit form's and the new order's differ). */
  totalTestId: string;
  /** Shown instead of the table while there is no line; the table shows empty when omitted. */
  emptyText?: string;
}

/** The lines with `p` added: a product already on the order gets one more unit instead of a second line (one line per product). */
export function addLine(lines: DraftLine[], p: Product): DraftLine[] {
  return lines.some((l) => l.product.id === p.id)
    ? lines.map((l) => (l.product.id === p.id ? { ...l, qty: String((Number(l.qty) || 0) + 1) } : l))
    : [...lines, draftLine(p)];
}

/** The lines' table with its total. */
export function OrderLinesTable({ lines, onChange, totalTestId, emptyText }: OrderLinesTableProps) {
  const change = (id: number, patch: Partial<DraftLine>) => onChange(lines.map((l) => (l.product.id === id ? { ...l, ...patch } : l)));
  const remove = (id: number) => onChange(lines.filter((l) => l.product.id !== id));

  if (lines.length === 0 && emptyText) return <p className="muted">{emptyText}</p>;
  return (
    <div className="overflow-auto">
      <table className="po-lines po-edit-lines">
        <thead>
          <tr>
            <th>Product</th>
            <th>SKU</th>
            <th className="num">Qty</th>
            <th className="num">Unit Cost ($)</th>
            <th className="num">Line Total</th>
            <th>
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => {
            const name = productName(l.product);
            return (
              <tr key={l.product.id}>
                <td>{name}</td>
                <td className="nowrap">{l.product.sku || 'N/A'}</td>
                <td className="num">
                  <input
                    className="qty-input"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    aria-label={`Qty of ${name}`}
                    value={l.qty}
                    onChange={(e) => change(l.product.id, { qty: e.target.value })}
                  />
                </td>
                <td className="num">
                  <input
                    className="cost-input"
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.01}
                    aria-label={`Unit cost of ${name}`}
                    value={l.unitCost}
                    onChange={(e) => change(l.product.id, { unitCost: e.target.value })}
                  />
                </td>
                <td className="num money">{formatMoney(lineTotalCents(l))}</td>
                <td>
                  <button type="button" className="secondary outline touch-button" aria-label={`Remove ${name}`} onClick={() => remove(l.product.id)}>
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={4} className="num">
              Order Total
            </th>
            <th className="num money" data-testid={totalTestId}>
              {formatMoney(orderTotalCents(lines))}
            </th>
            <th />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The edit form's lines: the table, then the search box. */
export function OrderLinesEditor({ lines, onChange }: OrderLinesEditorProps) {
  return (
    <>
      <OrderLinesTable lines={lines} onChange={onChange} totalTestId="edit-order-total" />
      <ProductPicker onPick={(p) => onChange(addLine(lines, p))} />
    </>
  );
}
