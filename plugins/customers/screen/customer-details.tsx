// The customer details modal: contact, credit, balance, unpaid invoices; Print Invoices, Edit, Make Payment.
import { api } from '../../../ui/api.js';
import { dateText, money } from '../../../ui/format.js';
import { useQuery } from '../../../ui/use-query.js';
import { Modal } from '../../../ui/components/modal.js';
import { Slot } from '../../../ui/slot.js';
import type { CustomerDetailsSlotProps } from '../schemas.js';
import { openOutstandingPdf } from './print-outstanding.js';
import { OutstandingCell } from './outstanding-cell.js';
import type { Customer, CustomerDetail } from './types.js';

export interface CustomerDetailsProps {
  customerId: number;
  /** Bumped by the screen after a payment or edit so the details load again. */
  version: number;
  onClose: () => void;
  onEdit: (customer: Customer) => void;
  onPay: (customer: Customer) => void;
}

const show = (text: string | null) => text || 'N/A';

/** Loads GET /api/customers/<id> and shows it. */
export function CustomerDetails({ customerId, version, onClose, onEdit, onPay }: CustomerDetailsProps) {
  const { data, error, loading } = useQuery(['customer', customerId, version], () => api.get<{ customer: CustomerDetail }>(`/api/customers/${customerId}`));
  const c = data?.customer;

  return (
    <Modal
      open
      wide
      title="Customer Details"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>
            Close
          </button>
          {c ? (
            <button type="button" className="secondary outline" onClick={() => onEdit(c)}>
              Edit
            </button>
          ) : null}
          {c ? (
            <button type="button" className="outline" onClick={() => openOutstandingPdf(c.id)}>
              Print Invoices
            </button>
          ) : null}
          {c ? (
            <button type="button" disabled={c.outstanding_balance <= 0} onClick={() => onPay(c)}>
              {c.outstanding_balance > 0 ? 'Make Payment' : 'No Balance'}
            </button>
          ) : null}
        </>
      }
    >
      {error && !c ? <p role="alert">Error loading customer: {error.message}</p> : null}
      {loading && !c ? <p aria-busy="true">Loading customer details...</p> : null}
      {c ? (
        <>
          <div className="grid">
            <section>
              <h4>{c.name}</h4>
              <p>
                ID: {c.id}
                <br />
                Phone: {show(c.phone)}
                <br />
                Email: {show(c.email)}
                <br />
                Company: {show(c.company)}
                <br />
                UEN: {show(c.uen)}
                <br />
                Billing Address: {show(c.billing_address)}
              </p>
            </section>
            <section>
              <h4>Credit</h4>
              <p>
                Credit Limit: {money(c.credit_limit)}
                <br />
                Credit Terms: {c.credit_terms_days} days
                <br />
                Outstanding: <OutstandingCell customer={c} />
                <br />
                Available Credit: {money(Math.max(0, c.credit_limit - c.outstanding_balance))}
                <br />
                Customer Since: {dateText(c.created_at)}
              </p>
            </section>
          </div>
          <h4>Outstanding Invoices</h4>
          {c.outstanding_invoices.length === 0 ? (
            <p>No outstanding invoices</p>
          ) : (
            <div className="overflow-auto">
              <table>
                <thead>
                  <tr>
                    <th>Invoice</th>
                    <th>Date</th>
                    <th>Due Date</th>
                    <th>Total</th>
                    <th>Outstanding</th>
                  </tr>
                </thead>
                <tbody>
                  {c.outstanding_invoices.map((inv) => (
                    <tr key={inv.id}>
                      <td>{inv.number}</td>
                      <td>{dateText(inv.date)}</td>
                      <td>{dateText(inv.due_date)}</td>
                      <td>{money(inv.grand_total)}</td>
                      <td>{money(inv.outstanding)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {/* Other plugins' part of the customer (#29 loyalty: points and their history). */}
          <Slot<CustomerDetailsSlotProps> name="customer-details" props={{ customerId: c.id, version }} />
        </>
      ) : null}
    </Modal>
  );
}
