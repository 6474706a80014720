// The suppliers table: Name, Contact, Phone, Email, UEN, Actions (Edit).
import { DataTable, RowActions } from '../../../ui/components/data-table.js';
import type { Supplier } from './types.js';

export interface SupplierTableProps {
  suppliers: Supplier[];
  onEdit: (supplier: Supplier) => void;
}

const COLUMNS = ['Name', 'Contact', 'Phone', 'Email', 'UEN', 'Actions'];
const show = (text: string | null) => text || 'N/A';

/** One row per supplier. */
export function SupplierTable({ suppliers, onEdit }: SupplierTableProps) {
  return (
    <DataTable className="suppliers-table" columns={COLUMNS}>
      {suppliers.map((s) => (
        <tr key={s.id} data-supplier-id={s.id}>
          <td>
            <strong>{s.name}</strong>
          </td>
          <td>{show(s.contact)}</td>
          <td className="nowrap">{show(s.phone)}</td>
          <td>{show(s.email)}</td>
          <td className="nowrap">{show(s.uen)}</td>
          <RowActions>
            <button type="button" className="outline" onClick={() => onEdit(s)}>
              Edit
            </button>
          </RowActions>
        </tr>
      ))}
    </DataTable>
  );
}
