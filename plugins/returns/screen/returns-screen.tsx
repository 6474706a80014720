// The Returns screen (/returns, everyone): tiles, search, status filter, the returns table and the
// Process Return modal.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { dateText, money } from '../../../ui/format.js';
import { toast } from '../../../ui/toast.js';
import { useListSearch } from '../../../ui/use-list-search.js';
import { useQuery } from '../../../ui/use-query.js';
import { DataTable } from '../../../ui/components/data-table.js';
import { ListStatus, PageHead, SearchToolbar } from '../../../ui/components/list-screen.js';
import { Pager } from '../../../ui/components/pager.js';
import { SelectFilter } from '../../../ui/components/select-filter.js';
import { SummaryTiles } from '../../../ui/components/summary-tiles.js';
import { ProcessReturnModal } from './process-return-modal.js';
import { NO_INVOICES, STATUS_OPTIONS, creditNoteBadgeClass, refundMethodLabel, shortReturnId, statusBadgeClass } from './return-rules.js';
import { ReturnsStyles } from './returns-styles.js';
import type { CreatedReturn, ReturnableInvoice, ReturnableInvoiceList, ReturnList, ReturnRow, ReturnSummary } from './types.js';
import { IssuedNoteNotice } from './issued-note.js';

const PAGE_SIZE = 50;
/** Newest returnable invoices offered in the picker (older ones are found with its search). */
const INVOICE_PAGE_SIZE = 100;
const COLUMNS = ['Return ID', 'Invoice', 'Customer', 'Product', 'Qty Returned', { label: 'Refund Amount', num: true }, 'Status', 'Credit Note', 'Date'];

function ReturnsTable({ returns }: { returns: ReturnRow[] }) {
  return (
    <DataTable className="returns-table" columns={COLUMNS}>
      {returns.map((r) => (
        <tr key={r.id} data-return-id={r.id}>
          <td>
            <code>{shortReturnId(r.id)}</code>
          </td>
          <td className="nowrap">{r.invoice?.number || 'N/A'}</td>
          <td>{r.invoice?.customer?.name || 'N/A'}</td>
          <td>
            {r.product?.item_name || 'N/A'}
            <br />
            <small>SKU: {r.product?.sku || 'N/A'}</small>
          </td>
          <td>
            {r.returned_qty ?? 'N/A'} / {r.original_qty ?? 'N/A'}
          </td>
          <td className="num">{money(r.refund_amount)}</td>
          <td>
            <span className={statusBadgeClass(r.status)}>{r.status || 'N/A'}</span>
          </td>
          <td className="nowrap">
            {r.creditNote?.number ? (
              <>
                {r.creditNote.number}
                <br />
                <span className={creditNoteBadgeClass(r.creditNote.status)}>{r.creditNote.status || 'N/A'}</span>
              </>
            ) : r.refund_method && r.refund_method !== 'CREDIT_NOTE' ? (
              <span className="refund-method">
                Refunded: {refundMethodLabel(r.refund_method)}
                {r.refund_reference ? (
                  <>
                    <br />
                    <small>Ref {r.refund_reference}</small>
                  </>
                ) : null}
              </span>
            ) : (
              'N/A'
            )}
          </td>
          <td className="nowrap">{dateText(r.created_at)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The Total Refund Amount tile: the total, and under it how it went back (only when not all as credit notes). */
function RefundTotal({ summary }: { summary: ReturnSummary | undefined }) {
  const split = Object.entries(summary?.refunds_by_method ?? {});
  return (
    <>
      {money(summary?.total_refund ?? 0)}
      {split.some(([m]) => m !== 'CREDIT_NOTE') ? (
        <small className="tile-split" data-testid="refunds-by-method">
          {split.map(([m, amount]) => (
            <span key={m}>
              {refundMethodLabel(m)} {money(amount)}
            </span>
          ))}
        </small>
      ) : null}
    </>
  );
}

/** The screen. */
export default function ReturnsScreen() {
  const { text, setText, search, page, setPage, filter } = useListSearch();
  const [status, setStatus] = useState('');
  // The invoices offered by an open Process Return modal (null while it is closed).
  const [pickable, setPickable] = useState<ReturnableInvoice[] | null>(null);
  const [issued, setIssued] = useState<CreatedReturn['creditNote']>(null);

  const list = useQuery(['returns', status, search, page], () => api.get<ReturnList>('/api/returns', { status, search, page, pageSize: PAGE_SIZE }));
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

  const afterReturn = (reply: CreatedReturn) => {
    setPickable(null);
    if (reply.creditNote && reply.creditNote.available > 0) setIssued(reply.creditNote);
    void list.reload();
    void invoices.reload();
  };

  return (
    <section className="returns-screen">
      <ReturnsStyles />
      <PageHead
        title="Returns Management"
        subtitle="Process returns and manage credit notes"
        action={{ label: '+ Process Return', onClick: () => void openProcess() }}
      />
      {issued ? <IssuedNoteNotice note={issued} onClose={() => setIssued(null)} /> : null}
      <SummaryTiles
        tiles={[
          ['Total Returns', summary?.total ?? 0],
          ['Total Refund Amount', <RefundTotal key="refund" summary={summary} />],
          ['Pending Returns', summary?.pending ?? 0],
          ['Completed Returns', summary?.completed ?? 0],
        ]}
      />
      <SearchToolbar label="Search returns" placeholder="Search returns by invoice, product, or customer..." value={text} onChange={setText}>
        <SelectFilter label="Status" allLabel="All Statuses" value={status} options={STATUS_OPTIONS} onChange={filter(setStatus)} />
      </SearchToolbar>
      <ListStatus
        query={list}
        noun="returns"
        rows={returns}
        empty={
          filtered ? (
            'No returns found matching your criteria'
          ) : (
            <div className="center-state">
              <p className="muted">No returns processed yet</p>
              <button type="button" style={{ width: 'auto' }} onClick={() => void openProcess()}>
                Process Your First Return
              </button>
            </div>
          )
        }
      />
      {returns.length > 0 ? <ReturnsTable returns={returns} /> : null}
      {total > PAGE_SIZE ? <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} /> : null}

      {pickable ? <ProcessReturnModal invoices={invoices.data?.invoices ?? pickable} onClose={() => setPickable(null)} onDone={afterReturn} /> : null}
    </section>
  );
}
