// The Invoices screen (/invoices, ADMIN): searchable, filterable, paged list with View, PDF and Pay.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { api } from '../../../ui/api.js';
import { dateText, money } from '../../../ui/format.js';
import { Pager } from '../../../ui/components/pager.js';
import { SelectFilter } from '../../../ui/components/select-filter.js';
import { toast } from '../../../ui/toast.js';
import { useDebounced } from '../../../ui/use-debounced.js';
import { useQuery } from '../../../ui/use-query.js';
import { openInvoicePdf, POPUP_BLOCKED } from './checkout-rules.js';
import { InvoiceDetailModal } from './invoice-detail-modal.js';
import { InvoicePaymentModal } from './invoice-payment-modal.js';
import { canPay, METHOD_OPTIONS, STATUS_OPTIONS } from './invoice-rules.js';
import { SalesStyles } from './sales-styles.js';
import type { Invoice, InvoiceList } from './types.js';

/** Rows per page of the invoice list. */
export const INVOICE_PAGE_SIZE = 20;

/** The invoices screen. */
export default function InvoicesScreen() {
  const [, navigate] = useLocation();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [method, setMethod] = useState('');
  const [page, setPage] = useState(1);
  const [viewId, setViewId] = useState<number | null>(null);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const term = useDebounced(search.trim(), 300);

  const list = useQuery(['invoices', term, status, method, page], () =>
    api.get<InvoiceList>('/api/invoices', { search: term, status, method, page, pageSize: INVOICE_PAGE_SIZE }));
  const invoices = list.data?.invoices ?? [];
  const total = list.data?.pagination.total ?? 0;

  // A new filter starts again at page 1.
  const filter = (fn: (v: string) => void) => (v: string) => { fn(v); setPage(1); };

  const openPdf = (inv: Invoice) => {
    if (!openInvoicePdf(inv.id)) toast.error(POPUP_BLOCKED);
  };

  return (
    <section className="invoices-screen">
      <SalesStyles />
      <div className="invoices-head">
        <h2>Invoices</h2>
        <button type="button" onClick={() => navigate('/')}>+ New Invoice</button>
      </div>
      <div className="invoices-filters">
        <input
          type="search" placeholder="Search by invoice number, customer or product..." aria-label="Search invoices"
          value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }}
        />
        <SelectFilter label="Statuses" value={status} options={STATUS_OPTIONS} onChange={filter(setStatus)} />
        <SelectFilter label="Payment Methods" value={method} options={METHOD_OPTIONS} onChange={filter(setMethod)} />
      </div>
      {list.error ? <p className="error-text">Error loading invoices: {list.error.message}</p> : null}
      <div className="overflow-auto">
        <table className="striped invoices-table">
          <thead>
            <tr><th>Invoice</th><th>Customer</th><th>Date</th><th className="num">Amount</th><th>Status</th><th>Actions</th></tr>
          </thead>
          <tbody>
            {list.loading && !list.data ? <tr><td colSpan={6}>Loading invoices...</td></tr> : null}
            {list.data && invoices.length === 0 ? <tr><td colSpan={6}>No invoices found</td></tr> : null}
            {invoices.map((inv) => (
              <tr key={inv.id} data-invoice-id={inv.id}>
                <td><strong>{inv.number}</strong><br /><small>ID: {inv.id}</small></td>
                <td>{inv.customer.name}{inv.customer.company ? <><br /><small>{inv.customer.company}</small></> : null}</td>
                <td>{dateText(inv.date)}</td>
                <td className="num">
                  {money(inv.grand_total)}
                  {canPay(inv) ? <><br /><small>Due {money(inv.outstanding)}</small></> : null}
                </td>
                <td><span className={`status-badge status-${inv.payment_status}`}>{inv.payment_status}</span></td>
                <td>
                  <div className="invoice-actions">
                    <button type="button" className="secondary outline" onClick={() => setViewId(inv.id)}>View</button>
                    <button type="button" className="secondary outline" onClick={() => openPdf(inv)}>PDF</button>
                    {canPay(inv) ? <button type="button" onClick={() => setPaying(inv)}>Pay</button> : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <footer className="invoices-foot">
        <small>Showing {invoices.length} of {total} invoices</small>
        <Pager page={page} pageSize={INVOICE_PAGE_SIZE} total={total} onPage={setPage} />
      </footer>
      <InvoiceDetailModal invoiceId={viewId} onClose={() => setViewId(null)} />
      <InvoicePaymentModal invoice={paying} onClose={() => setPaying(null)} onPaid={() => void list.reload()} />
    </section>
  );
}
