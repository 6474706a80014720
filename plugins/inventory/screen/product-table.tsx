// The inventory table: Product, SKU, Category, Cost, Price, Stock, Actions (Edit, Delete).
import { money } from '../../../ui/format.js';
import { DataTable, RowActions } from '../../../ui/components/data-table.js';
import type { Product } from './types.js';

export interface ProductTableProps {
  products: Product[];
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}

const COLUMNS = ['Product', 'SKU', 'Category', { label: 'Cost', num: true }, { label: 'Price', num: true }, { label: 'Stock', num: true }, 'Actions'];

/** One row per product; sold-out stock is shown in red. */
export function ProductTable({ products, onEdit, onDelete }: ProductTableProps) {
  return (
    <DataTable className="inventory-table" columns={COLUMNS}>
      {products.map((p) => {
        const details = [p.size ? `Size ${p.size}` : null, p.brand, p.material].filter(Boolean).join(' · ');
        return (
          <tr key={p.id} data-product-id={p.id}>
            <td>
              <strong>{p.item_name}</strong>
              {details ? (
                <>
                  <br />
                  <small className="muted">{details}</small>
                </>
              ) : null}
            </td>
            <td>{p.sku || 'N/A'}</td>
            <td>{p.category || 'N/A'}</td>
            <td className="num money">{money(p.cost)}</td>
            <td className="num money">{money(p.selling_price)}</td>
            <td className={p.stock_qty === 0 ? 'num text-danger' : 'num'}>{p.stock_qty}</td>
            <RowActions>
              <button type="button" className="outline" onClick={() => onEdit(p)}>
                Edit
              </button>
              <button type="button" className="secondary outline" onClick={() => onDelete(p)}>
                Delete
              </button>
            </RowActions>
          </tr>
        );
      })}
    </DataTable>
  );
}
