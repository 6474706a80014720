// The period's invoices (newest first; the API lists the latest 500, the CSV has them all).
import { dateTimeText, money } from '../../../ui/format.js';
import { methodLabel } from './format.js';
import type { SalesReport } from './types.js';

/** The invoice table with a note when the list was cut short. */
export function InvoiceTable({ report }: { report: SalesReport }) {
  return (
    <section className="report-section report-invoices">
      <h3>Invoices</h3>
      {report.invoice_list_truncated ? (
        <p className="muted small-note">
          Showing the latest {report.invoices.length} of {report.invoice_count} invoices. Export CSV for the full list.
        </p>
      ) : null}
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th>Invoice</th>
              <th>Date</th>
              <th>Customer</th>
              <th>Payment Method</th>
              <th>Status</th>
              <th className="num">Total</th>
            </tr>
          </thead>
          <tbody>
            {report.invoices.map((i) => (
              <tr key={i.id}>
                <td>{i.number}</td>
                <td>{dateTimeText(i.date)}</td>
                <td>{i.customer_name}</td>
                <td>{methodLabel(i.payment_method)}</td>
                <td>
                  <span className={`report-status report-status-${i.status}`}>{i.status}</span>
                </td>
                <td className="num">{money(i.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
