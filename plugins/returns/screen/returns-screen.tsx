// The Returns screen (/returns, everyone): tiles, search, status filter, the returns table and the
// Process Return modal.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { dateText, money } from '../../../ui/format.js';
import { toast } from '../../../ui/toast.js';
import { useDebounced, useOnChange } from '../../../ui/use-debounced.js';
import { useQuery } from '../../../ui/use-query.js';
import { Pager } from '../../../ui/components/pager.js';
import { SelectFilter } from '../../../ui/components/select-filter.js';
import { ProcessReturnModal } from './process-return-modal.js';
import { NO_INVOICES, STATUS_OPTIONS, creditNoteBadgeClass, shortReturnId, statusBadgeClass } from './return-rules.js';
import { ReturnsStyles } from './returns-styles.js';
import type { ReturnableInvoice, ReturnableInvoiceList, ReturnList, ReturnRow } from './types.js';

const PAGE_SIZE = 50;
/** Newest returnable invoices offered in the picker (older ones are found with its search). */
const INVOICE_PAGE_SIZE = 100;
const SEARCH_DELAY_MS = 250;

function Tile({ label, value }: { label: string; value: string | number }) {
  return (
    <article className="summary-tile">
      <span className="tile-label">{label}</span>
      <span className="tile-value">{value}</span>
    </article>
  );
}

function ReturnsTable({ returns }: { returns: ReturnRow[] }) {
  return (
    <div className="overflow-auto">
      <table className="striped returns-table">
        <thead>
          <tr>
            <th scope="col">Return ID</th>
            <th scope="col">Invoice</th>
            <th scope="col">Customer</th>
            <th scope="col">Product</th>
            <th scope="col">Qty Returned</th>
            <th scope="col" className="num">Refund Amount</th>
            <th scope="col">Status</th>
            <th scope="col">Credit Note</th>
            <th scope="col">Date</th>
          </tr>
        </thead>
        <tbody>
          {returns.map((r) => (
            <tr key={r.id} data-return-id={r.id}>
              <td><code>{shortReturnId(r.id)}</code></td>
              <td className="nowrap">{r.invoice?.number || 'N/A'}</td>
              <td>{r.invoice?.customer?.name || 'N/A'}</td>
              <td>
                {r.product?.item_name || 'N/A'}
                <br />
                <small>SKU: {r.product?.sku || 'N/A'}</small>
              </td>
              <td>{r.returned_qty ?? 'N/A'} / {r.original_qty ?? 'N/A'}</td>
              <td className="num">{money(r.refund_amount)}</td>
              <td><span className={statusBadgeClass(r.status)}>{r.status || 'N/A'}</span></td>
              <td className="nowrap">
                {r.creditNote?.number ? (
                  <>
                    {r.creditNote.number}
                    <br />
                    <span className={creditNoteBadgeClass(r.creditNote.status)}>{r.creditNote.status || 'N/A'}</span>
                  </>
                ) : 'N/A'}
              </td>
              <td className="nowrap">{dateText(r.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The screen. */
export default function ReturnsScreen() {
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  // The invoices offered by an open Process Return modal (null while it is closed).
  const [pickable, setPickable] = useState<ReturnableInvoice[] | null>(null);

  // Wait for a pause in typing before asking the server; a new search starts at page 1.
  const search = useDebounced(searchText, SEARCH_DELAY_MS).trim();
  useOnChange(search, () => setPage(1));

  const list = useQuery(['returns', status, search, page], () =>
    api.get<ReturnList>('/api/returns', { status, search, page, pageSize: PAGE_SIZE }));
  const invoices = useQuery(['returns-invoices'], () => api.get<ReturnableInvoiceList>('/api/returns/invoices', { pageSize: INVOICE_PAGE_SIZE }));
  const returns = list.data?.returns ?? [];
  const total = list.data?.pagination.total ?? 0;
  const summary = list.data?.summary;
  const filtered = Boolean(search || status);

  // Clicked before the invoice list arrived: ask for it now rather than claim there are none.
  const openProcess = async () => {
    let available = invoices.data?.invoices;
    if (!available) {
      try {
        available = (await api.get<ReturnableInvoiceList>('/api/returns/invoices', { pageSize: INVOICE_PAGE_SIZE })).invoices;
      } catch {
        available = [];
      }
    }
    if (available.length === 0) {
      toast.error(NO_INVOICES);
      return;
    }
    setPickable(available);
  };

  const afterReturn = () => {
    setPickable(null);
    void list.reload();
    void invoices.reload();
  };

  return (
    <section className="returns-screen">
      <ReturnsStyles />
      <div className="page-head">
        <div>
          <h2>Returns Management</h2>
          <p className="muted" style={{ margin: 0 }}>Process returns and manage credit notes</p>
        </div>
        <button type="button" style={{ width: 'auto' }} onClick={() => void openProcess()}>+ Process Return</button>
      </div>

      <div className="summary-tiles">
        <Tile label="Total Returns" value={summary?.total ?? 0} />
        <Tile label="Total Refund Amount" value={money(summary?.total_refund ?? 0)} />
        <Tile label="Pending Returns" value={summary?.pending ?? 0} />
        <Tile label="Completed Returns" value={summary?.completed ?? 0} />
      </div>

      <div className="toolbar">
        <input
          type="search"
          aria-label="Search returns"
          placeholder="Search returns by invoice, product, or customer..."
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
        />
        <SelectFilter label="Status" allLabel="All Statuses" value={status} options={STATUS_OPTIONS} onChange={(v) => { setStatus(v); setPage(1); }} />
      </div>

      {list.error ? <p role="alert" className="text-danger">Error loading returns: {list.error.message}</p> : null}
      {list.loading && !list.data ? <p className="center-state" aria-busy="true">Loading returns...</p> : null}
      {list.data && returns.length === 0 ? (
        filtered ? (
          <p className="center-state muted">No returns found matching your criteria</p>
        ) : (
          <div className="center-state">
            <p className="muted">No returns processed yet</p>
            <button type="button" style={{ width: 'auto' }} onClick={() => void openProcess()}>Process Your First Return</button>
          </div>
        )
      ) : null}
      {returns.length > 0 ? <ReturnsTable returns={returns} /> : null}
      {total > PAGE_SIZE ? <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} /> : null}

      {pickable ? (
        <ProcessReturnModal invoices={invoices.data?.invoices ?? pickable} onClose={() => setPickable(null)} onDone={afterReturn} />
      ) : null}
    </section>
  );
}
