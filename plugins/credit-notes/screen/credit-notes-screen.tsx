// The Credit Notes screen (/credit-notes, ADMIN): tiles, search, status filter, the notes table with View,
// Apply and PDF, and the Apply Credit Note and Credit Note Details modals.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { dateText, money } from '../../../ui/format.js';
import { useDebounced, useOnChange } from '../../../ui/use-debounced.js';
import { useQuery } from '../../../ui/use-query.js';
import { Pager } from '../../../ui/components/pager.js';
import { SelectFilter } from '../../../ui/components/select-filter.js';
import { ApplyModal } from './apply-modal.js';
import { DetailsModal } from './details-modal.js';
import { STATUS_OPTIONS, WALK_IN, canApply, statusBadgeClass, truncate } from './credit-note-rules.js';
import { CreditNotesStyles } from './credit-notes-styles.js';
import type { CreditNote, CreditNoteList } from './types.js';

const PAGE_SIZE = 50;
const SEARCH_DELAY_MS = 250;

function Tile({ label, value }: { label: string; value: string | number }) {
  return (
    <article className="summary-tile">
      <span className="tile-label">{label}</span>
      <span className="tile-value">{value}</span>
    </article>
  );
}

interface TableProps {
  notes: CreditNote[];
  onView: (note: CreditNote) => void;
  onApply: (note: CreditNote) => void;
}

function CreditNotesTable({ notes, onView, onApply }: TableProps) {
  return (
    <div className="overflow-auto">
      <table className="striped credit-notes-table">
        <thead>
          <tr>
            <th scope="col">Credit Note</th>
            <th scope="col">Invoice</th>
            <th scope="col">Customer</th>
            <th scope="col">Reason</th>
            <th scope="col" className="num">Amount</th>
            <th scope="col" className="num">Applied</th>
            <th scope="col" className="num">Available</th>
            <th scope="col">Status</th>
            <th scope="col">Date</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {notes.map((n) => (
            <tr key={n.id} data-credit-note-id={n.id}>
              <td className="nowrap"><strong>{n.number}</strong></td>
              <td className="nowrap">{n.invoice?.number || 'N/A'}</td>
              <td>{n.invoice?.customer?.name || n.customer?.name || WALK_IN}</td>
              <td title={n.reason}>{truncate(n.reason)}</td>
              <td className="num">{money(n.amount)}</td>
              <td className="num">{money(n.applied_amount)}</td>
              <td className="num">{money(n.available)}</td>
              <td><span className={statusBadgeClass(n.status)}>{n.status}</span></td>
              <td className="nowrap">{dateText(n.date)}</td>
              <td>
                <div className="row-actions">
                  <button type="button" className="secondary outline" onClick={() => onView(n)}>View</button>
                  {canApply(n) ? <button type="button" onClick={() => onApply(n)}>Apply</button> : null}
                  <a href={`/api/returns/credit-notes/${n.id}/pdf`} target="_blank" rel="noopener" role="button" className="secondary outline">PDF</a>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The screen. */
export default function CreditNotesScreen() {
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<number | null>(null);
  const [applying, setApplying] = useState<CreditNote | null>(null);

  // Wait for a pause in typing before asking the server; a new search starts at page 1.
  const search = useDebounced(searchText, SEARCH_DELAY_MS).trim();
  useOnChange(search, () => setPage(1));

  const list = useQuery(['credit-notes', status, search, page], () =>
    api.get<CreditNoteList>('/api/returns/credit-notes', { status, search, page, pageSize: PAGE_SIZE }));
  const notes = list.data?.credit_notes ?? [];
  const total = list.data?.pagination.total ?? 0;
  const summary = list.data?.summary;
  const filtered = Boolean(search || status);

  return (
    <section className="credit-notes-screen">
      <CreditNotesStyles />
      <div className="page-head">
        <div>
          <h2>Credit Notes Management</h2>
          <p className="muted" style={{ margin: 0 }}>View and apply credit notes to invoices</p>
        </div>
      </div>

      <div className="summary-tiles">
        <Tile label="Total Credit Notes" value={summary?.total ?? 0} />
        <Tile label="Active Credit Notes" value={summary?.active ?? 0} />
        <Tile label="Available Credit" value={money(summary?.available ?? 0)} />
        <Tile label="Total Applied" value={money(summary?.applied ?? 0)} />
      </div>

      <div className="toolbar">
        <input
          type="search"
          aria-label="Search credit notes"
          placeholder="Search by number, invoice, customer or reason..."
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
        />
        <SelectFilter label="Status" allLabel="All" value={status} options={STATUS_OPTIONS} onChange={(v) => { setStatus(v); setPage(1); }} />
      </div>

      {list.error ? <p role="alert" className="text-danger">Error loading credit notes: {list.error.message}</p> : null}
      {list.loading && !list.data ? <p className="center-state" aria-busy="true">Loading credit notes...</p> : null}
      {list.data && notes.length === 0 ? (
        <p className="center-state muted">{filtered ? 'No credit notes found matching your criteria' : 'No credit notes available'}</p>
      ) : null}
      {notes.length > 0 ? <CreditNotesTable notes={notes} onView={(n) => setViewing(n.id)} onApply={setApplying} /> : null}
      {total > PAGE_SIZE ? <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} /> : null}

      {viewing !== null ? <DetailsModal noteId={viewing} onClose={() => setViewing(null)} /> : null}
      {applying ? (
        <ApplyModal note={applying} onClose={() => setApplying(null)} onApplied={() => { setApplying(null); void list.reload(); }} />
      ) : null}
    </section>
  );
}
