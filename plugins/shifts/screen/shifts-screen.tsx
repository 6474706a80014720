// The Shifts screen (/shifts, ADMIN): every till's shifts, newest first, with float, expected and counted
// cash and the variance; View opens the shift's report (Z once closed, X while open).
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { DataTable, RowActions } from '../../../ui/components/data-table.js';
import { ListFooter, ListStatus, PageHead } from '../../../ui/components/list-screen.js';
import { SelectFilter } from '../../../ui/components/select-filter.js';
import { dateTimeText, money } from '../../../ui/format.js';
import { useQuery } from '../../../ui/use-query.js';
import { ReportModal } from './report-modal.js';
import { ShiftsStyles } from './shifts-styles.js';
import type { Shift, ShiftList, ShiftReport } from './types.js';
import { CashUpModal } from './cash-up-modal.js';
import { Variance } from './variance.js';

const PAGE_SIZE = 50;
const STATUSES = [
  { value: 'OPEN', label: 'Open' },
  { value: 'CLOSED', label: 'Closed' },
];

/** The screen. */
export default function ShiftsScreen() {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<Shift | null>(null);
  const [closing, setClosing] = useState<Shift | null>(null);
  const [closed, setClosed] = useState<ShiftReport | null>(null);
  const list = useQuery(['shifts', status, page], () => api.get<ShiftList>('/api/shifts', { status, page, pageSize: PAGE_SIZE }));
  const shifts = list.data?.shifts ?? [];
  const total = list.data?.pagination.total ?? 0;

  return (
    <section className="shifts-screen">
      <ShiftsStyles />
      <PageHead title="Shifts" subtitle="Every till's shifts: float, cash expected and counted, and the variance" />
      <div className="toolbar">
        <SelectFilter
          label="Statuses"
          value={status}
          options={STATUSES}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
      </div>
      <ListStatus query={list} noun="shifts" rows={shifts} empty="No shifts yet. A till opens one from the POS." />
      {shifts.length > 0 ? (
        <DataTable
          className="shifts-table"
          columns={[
            'Shift',
            'Till',
            'Opened',
            'Closed',
            { label: 'Float', num: true },
            { label: 'Expected', num: true },
            { label: 'Counted', num: true },
            { label: 'Variance', num: true },
            'Status',
            'Actions',
          ]}
        >
          {shifts.map((s) => (
            <tr key={s.id}>
              <td>#{s.id}</td>
              <td style={{ whiteSpace: 'nowrap' }}>{s.till}</td>
              <td>
                {dateTimeText(s.opened_at)}
                <br />
                <small className="muted">{s.opened_by ?? ''}</small>
              </td>
              <td>
                {s.closed_at ? (
                  <>
                    {dateTimeText(s.closed_at)}
                    <br />
                    <small className="muted">{s.closed_by ?? ''}</small>
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td className="num">{money(s.opening_float)}</td>
              <td className="num">{s.expected === null ? '—' : money(s.expected)}</td>
              <td className="num">{s.counted === null ? '—' : money(s.counted)}</td>
              <td className="num">{s.status === 'CLOSED' ? <Variance value={s.variance} /> : '—'}</td>
              <td>
                <span className={`badge ${s.status === 'OPEN' ? 'badge-blue' : 'badge-green'}`}>{s.status === 'OPEN' ? 'Open' : 'Closed'}</span>
              </td>
              <RowActions>
                <button
                  type="button"
                  className="secondary"
                  onClick={() => setViewing(s)}
                  aria-label={`${s.status === 'CLOSED' ? 'Z' : 'X'} report of shift #${s.id}`}
                >
                  {s.status === 'CLOSED' ? 'Z Report' : 'X Report'}
                </button>
                {s.status === 'OPEN' ? (
                  <button type="button" onClick={() => setClosing(s)} aria-label={`Close shift #${s.id} of ${s.till}`}>
                    Close Shift
                  </button>
                ) : null}
              </RowActions>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {list.data && total > 0 ? <ListFooter shown={shifts.length} noun="shifts" page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} /> : null}
      {closing ? (
        <CashUpModal
          shift={closing}
          backOffice
          onClose={() => setClosing(null)}
          onClosed={(z) => {
            setClosing(null);
            setClosed(z);
            void list.reload();
          }}
        />
      ) : null}
      {closed ? <ReportModal shiftId={closed.shift.id} kind="Z" report={closed} onClose={() => setClosed(null)} /> : null}
      {viewing ? <ReportModal shiftId={viewing.id} kind={viewing.status === 'CLOSED' ? 'Z' : 'X'} onClose={() => setViewing(null)} /> : null}
    </section>
  );
}
