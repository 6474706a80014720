// The list of stock takes (newest first): scope, when opened, status, lines counted and the variance so far.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { dateTimeText } from '../../../ui/format.js';
import { useQuery } from '../../../ui/use-query.js';
import { DataTable, RowActions } from '../../../ui/components/data-table.js';
import { ListFooter, ListStatus, PageHead } from '../../../ui/components/list-screen.js';
import { Money } from '../../../ui/components/money.js';
import { NewTakeModal } from './new-take-modal.js';
import { scopeText, signed, statusBadgeClass } from './take-rules.js';
import { useStyleName } from './use-style-name.js';
import type { StockTakeList, StockTakeSummary } from './types.js';

export const PAGE_SIZE = 50;

/** The list screen; `onOpen` shows one take's count view. */
export function TakeList({ onOpen }: { onOpen: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const list = useQuery(['stock-takes', page], () => api.get<StockTakeList>('/api/stock-takes', { page, pageSize: PAGE_SIZE }));
  const takes = list.data?.stock_takes ?? [];

  return (
    <section className="stock-take-screen">
      <PageHead
        title="Stock Take"
        subtitle="Count a shelf by scanning, check the variance, post it to stock"
        action={{ label: '+ New Stock Take', onClick: () => setAdding(true) }}
      />
      <ListStatus query={list} noun="stock takes" rows={takes} empty="No stock takes yet. Open one to start counting." />
      {takes.length > 0 ? (
        <DataTable
          className="stock-takes-table"
          columns={[
            'Take',
            'Scope',
            'Opened',
            'Status',
            { label: 'Lines', num: true },
            { label: 'Variance (units)', num: true },
            { label: 'Variance Value', num: true },
            'Actions',
          ]}
        >
          {takes.map((t) => (
            <TakeRow key={t.id} take={t} onOpen={onOpen} />
          ))}
        </DataTable>
      ) : null}
      {list.data ? (
        <ListFooter shown={takes.length} noun="stock takes" page={page} pageSize={PAGE_SIZE} total={list.data.pagination.total} onPage={setPage} />
      ) : null}
      {adding ? (
        <NewTakeModal
          onClose={() => setAdding(false)}
          onOpened={(id) => {
            setAdding(false);
            onOpen(id);
          }}
        />
      ) : null}
    </section>
  );
}

function TakeRow({ take, onOpen }: { take: StockTakeSummary; onOpen: (id: number) => void }) {
  const styleName = useStyleName(take.scope.style_id);
  const t = take.totals;
  // A cancelled take's counts were never booked: shown greyed.
  const figures = take.status === 'CANCELLED' ? 'num muted' : 'num';
  return (
    <tr>
      <td>#{take.id}</td>
      <td>
        {scopeText(take.scope, styleName)}
        {take.note ? (
          <small className="muted" style={{ display: 'block' }}>
            {take.note}
          </small>
        ) : null}
      </td>
      <td className="nowrap">{dateTimeText(take.created_at)}</td>
      <td>
        <span className={statusBadgeClass(take.status)}>{take.status}</span>
      </td>
      <td className={figures}>{t.lines}</td>
      <td className={figures}>{signed(t.variance_units)}</td>
      <td className={figures}>
        <Money value={t.variance_value} />
      </td>
      <RowActions>
        <button
          type="button"
          className="secondary outline"
          aria-label={`${take.status === 'OPEN' ? 'Count' : 'View'} stock take #${take.id}`}
          onClick={() => onOpen(take.id)}
        >
          {take.status === 'OPEN' ? 'Count' : 'View'}
        </button>
      </RowActions>
    </tr>
  );
}
