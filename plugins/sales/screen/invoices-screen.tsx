// The Invoices screen (/invoices, ADMIN): searchable, filterable, paged list with View, PDF, Reprint and Pay
// (Void is in the detail modal, behind a reason and a confirmation).
import { useState } from 'react';
import { useLocation } from 'wouter';
import { api } from '../../../ui/api.js';
import { dateText, money } from '../../../ui/format.js';
import { DataTable, RowActions } from '../../../ui/components/data-table.js';
import { ListFooter, PageHead, SearchToolbar } from '../../../ui/components/list-screen.js';
import { SelectFilter } from '../../../ui/components/select-filter.js';
import { toast } from '../../../ui/toast.js';
import { useListSearch } from '../../../ui/use-list-search.js';
import { useQuery } from '../../../ui/use-query.js';
import { openInvoicePdf, POPUP_BLOCKED } from './checkout-rules.js';
import { InvoiceDetailModal } from './invoice-detail-modal.js';
import { InvoicePaymentModal } from './invoice-payment-modal.js';
import { printReceipt } from './print-receipt.js';
import { canPay, METHOD_OPTIONS, STATUS_OPTIONS } from './invoice-rules.js';
import { SalesStyles } from './sales-styles.js';
import type { Invoice, InvoiceList } from './types.js';

/** Rows per page of the invoice list. */
export const INVOICE_PAGE_SIZE = 20;
const COLUMNS = ['Invoice', 'Customer', 'Date', { label: 'Amount', num: true }, 'Status', 'Actions'];

/** The invoices screen. */
export default function InvoicesScreen() {
  const [, navigate] = useLocation();
  const { text, setText, search, page, setPage, filter } = useListSearch(300);
  const [status, setStatus] = useState('');
  const [method, setMethod] = useState('');
  const [viewId, setViewId] = useState<number | null>(null);
  const [paying, setPaying] = useState<Invoice | null>(null);

  const list = useQuery(['invoices', search, status, method, page], () =>
    api.get<InvoiceList>('/api/invoices', { search, status, method, page, pageSize: INVOICE_PAGE_SIZE }),
  );
  const invoices = list.data?.invoices ?? [];
  const total = list.data?.pagination.total ?? 0;

  const openPdf = (inv: Invoice) => {
    if (!openInvoicePdf(inv.id)) toast.error(POPUP_BLOCKED);
  };

  return (
    <section className="invoices-screen">
      <SalesStyles />
      <PageHead title="Invoices" action={{ label: '+ New Invoice', onClick: () => navigate('/') }} />
      <SearchToolbar label="Search invoices" placeholder="Search by invoice number, customer or product..." value={text} onChange={setText}>
        <SelectFilter label="Statuses" value={status} options={STATUS_OPTIONS} onChange={filter(setStatus)} />
        <SelectFilter label="Payment Methods" value={method} options={METHOD_OPTIONS} onChange={filter(setMethod)} />
      </SearchToolbar>
      {list.error ? (
        <p role="alert" className="text-danger">
          Error loading invoices: {list.error.message}
        </p>
      ) : null}
      <DataTable className="invoices-table" columns={COLUMNS}>
        {list.loading && !list.data ? (
          <tr>
            <td colSpan={6}>Loading invoices...</td>
          </tr>
        ) : null}
        {list.data && invoices.length === 0 ? (
          <tr>
            <td colSpan={6}>No invoices found</td>
          </tr>
        ) : null}
        {invoices.map((inv) => (
          <tr key={inv.id} data-invoice-id={inv.id}>
            <td>
              <strong>{inv.number}</strong>
              <br />
              <small>ID: {inv.id}</small>
            </td>
            <td>
              {inv.customer.name}
              {inv.customer.company ? (
                <>
                  <br />
                  <small>{inv.customer.company}</small>
                </>
              ) : null}
            </td>
            <td>{dateText(inv.date)}</td>
            <td className="num">
              {money(inv.grand_total)}
              {canPay(inv) ? (
                <>
                  <br />
                  <small>Due {money(inv.outstanding)}</small>
                </>
              ) : null}
            </td>
            <td>
              <span className={`status-badge status-${inv.payment_status}`}>{inv.payment_status}</span>
            </td>
            <RowActions>
              <button type="button" className="secondary outline" onClick={() => setViewId(inv.id)}>
                View
              </button>
              <button type="button" className="secondary outline" onClick={() => openPdf(inv)}>
                PDF
              </button>
              <button
                type="button"
                className="secondary outline"
                aria-label={`Reprint receipt ${inv.number}`}
                onClick={() => void printReceipt(inv.id, { reprint: true })}
              >
                Reprint
              </button>
              {canPay(inv) ? (
                <button type="button" onClick={() => setPaying(inv)}>
                  Pay
                </button>
              ) : null}
            </RowActions>
          </tr>
        ))}
      </DataTable>
      <ListFooter shown={invoices.length} noun="invoices" page={page} pageSize={INVOICE_PAGE_SIZE} total={total} onPage={setPage} />
      <InvoiceDetailModal invoiceId={viewId} onClose={() => setViewId(null)} onChanged={() => void list.reload()} />
      <InvoicePaymentModal invoice={paying} onClose={() => setPaying(null)} onPaid={() => void list.reload()} />
    </section>
  );
}
