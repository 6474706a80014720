// The Credit Notes screen (/credit-notes, ADMIN): tiles, search, status filter, the notes table with View,
// Apply and PDF, and the Apply Credit Note and Credit Note Details modals.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { dateText, money } from '../../../ui/format.js';
import { useListSearch } from '../../../ui/use-list-search.js';
import { useQuery } from '../../../ui/use-query.js';
import { DataTable, RowActions } from '../../../ui/components/data-table.js';
import { ListStatus, PageHead, SearchToolbar } from '../../../ui/components/list-screen.js';
import { Pager } from '../../../ui/components/pager.js';
import { SelectFilter } from '../../../ui/components/select-filter.js';
import { SummaryTiles } from '../../../ui/components/summary-tiles.js';
import { ApplyModal } from './apply-modal.js';
import { DetailsModal } from './details-modal.js';
import { STATUS_OPTIONS, WALK_IN, canApply, statusBadgeClass, truncate } from './credit-note-rules.js';
import { CreditNotesStyles } from './credit-notes-styles.js';
import type { CreditNote, CreditNoteList } from './types.js';

const PAGE_SIZE = 50;
const COLUMNS = [
  'Credit Note',
  'Invoice',
  'Customer',
  'Reason',
  { label: 'Amount', num: true },
  { label: 'Applied', num: true },
  { label: 'Available', num: true },
  'Status',
  'Date',
  'Actions',
];

interface TableProps {
  notes: CreditNote[];
  onView: (note: CreditNote) => void;
  onApply: (note: CreditNote) => void;
}

function CreditNotesTable({ notes, onView, onApply }: TableProps) {
  return (
    <DataTable className="credit-notes-table" columns={COLUMNS}>
      {notes.map((n) => (
        <tr key={n.id} data-credit-note-id={n.id}>
          <td className="nowrap">
            <strong>{n.number}</strong>
          </td>
          <td className="nowrap">{n.invoice?.number || 'N/A'}</td>
          <td>{n.invoice?.customer?.name || n.customer?.name || WALK_IN}</td>
          <td title={n.reason}>{truncate(n.reason)}</td>
          <td className="num">{money(n.amount)}</td>
          <td className="num">{money(n.applied_amount)}</td>
          <td className="num">{money(n.available)}</td>
          <td>
            <span className={statusBadgeClass(n.status)}>{n.status}</span>
          </td>
          <td className="nowrap">{dateText(n.date)}</td>
          <RowActions>
            <button type="button" className="secondary outline" onClick={() => onView(n)}>
              View
            </button>
            {canApply(n) ? (
              <button type="button" onClick={() => onApply(n)}>
                Apply
              </button>
            ) : null}
            {/* biome-ignore lint/a11y/useSemanticElements: a link (the PDF in a new tab) that Pico CSS draws as a button (role="button"); it must stay a link to open it */}
            <a href={`/api/returns/credit-notes/${n.id}/pdf`} target="_blank" rel="noopener" role="button" className="secondary outline">
              PDF
            </a>
          </RowActions>
        </tr>
      ))}
    </DataTable>
  );
}

/** The screen. */
export default function CreditNotesScreen() {
  const { text, setText, search, page, setPage, filter } = useListSearch();
  const [status, setStatus] = useState('');
  const [viewing, setViewing] = useState<number | null>(null);
  const [applying, setApplying] = useState<CreditNote | null>(null);

  const list = useQuery(['credit-notes', status, search, page], () =>
    api.get<CreditNoteList>('/api/returns/credit-notes', { status, search, page, pageSize: PAGE_SIZE }),
  );
  const notes = list.data?.credit_notes ?? [];
  const total = list.data?.pagination.total ?? 0;
  const summary = list.data?.summary;
  const filtered = Boolean(search || status);

  return (
    <section className="credit-notes-screen">
      <CreditNotesStyles />
      <PageHead title="Credit Notes Management" subtitle="View and apply credit notes to invoices" />
      <SummaryTiles
        tiles={[
          ['Total Credit Notes', summary?.total ?? 0],
          ['Active Credit Notes', summary?.active ?? 0],
          ['Available Credit', money(summary?.available ?? 0)],
          ['Total Applied', money(summary?.applied ?? 0)],
        ]}
      />
      <SearchToolbar label="Search credit notes" placeholder="Search by number, invoice, customer or reason..." value={text} onChange={setText}>
        <SelectFilter label="Status" allLabel="All" value={status} options={STATUS_OPTIONS} onChange={filter(setStatus)} />
      </SearchToolbar>
      <ListStatus
        query={list}
        noun="credit notes"
        rows={notes}
        empty={filtered ? 'No credit notes found matching your criteria' : 'No credit notes available'}
      />
      {notes.length > 0 ? <CreditNotesTable notes={notes} onView={(n) => setViewing(n.id)} onApply={setApplying} /> : null}
      {total > PAGE_SIZE ? <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} /> : null}

      {viewing !== null ? <DetailsModal noteId={viewing} onClose={() => setViewing(null)} /> : null}
      {applying ? (
        <ApplyModal
          note={applying}
          onClose={() => setApplying(null)}
          onApplied={() => {
            setApplying(null);
            void list.reload();
          }}
        />
      ) : null}
    </section>
  );
}
