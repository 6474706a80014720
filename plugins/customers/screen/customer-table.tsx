// The customers table: Name (ID), Contact, Company, Credit Limit (terms), Outstanding, Actions.
import { money } from '../../../ui/format.js';
import { DataTable, RowActions } from '../../../ui/components/data-table.js';
import { OutstandingCell } from './outstanding-cell.js';
import type { Customer } from './types.js';

export interface CustomerTableProps {
  customers: Customer[];
  onPay: (customer: Customer) => void;
  onView: (customer: Customer) => void;
}

const COLUMNS = ['Name', 'Contact', 'Company', 'Credit Limit', 'Outstanding', 'Actions'];

/** One row per customer; Make Payment reads 'No Balance' and is disabled when nothing is owed. */
export function CustomerTable({ customers, onPay, onView }: CustomerTableProps) {
  return (
    <DataTable className="customers-table" columns={COLUMNS}>
      {customers.map((c) => {
        const owing = c.outstanding_balance > 0;
        return (
          <tr key={c.id} data-customer-id={c.id}>
            <td>
              <strong>{c.name}</strong>
              <br />
              <small>ID: {c.id}</small>
            </td>
            <td>
              {c.phone || 'N/A'}
              {c.email ? (
                <>
                  <br />
                  <small>{c.email}</small>
                </>
              ) : null}
            </td>
            <td>
              {c.company || 'N/A'}
              {c.uen ? (
                <>
                  <br />
                  <small>UEN: {c.uen}</small>
                </>
              ) : null}
            </td>
            <td>
              {money(c.credit_limit)}
              <br />
              <small>{c.credit_terms_days} days</small>
            </td>
            <td>
              <OutstandingCell customer={c} />
            </td>
            <RowActions>
              <button type="button" className="outline" disabled={!owing} onClick={() => onPay(c)}>
                {owing ? 'Make Payment' : 'No Balance'}
              </button>
              <button type="button" className="secondary outline" onClick={() => onView(c)}>
                View
              </button>
            </RowActions>
          </tr>
        );
      })}
    </DataTable>
  );
}
