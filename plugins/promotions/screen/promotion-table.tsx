// The promotions table: Name, Deal, Applies to, Dates, Status, Units, Cost, Actions (Edit, End).
import { DataTable, RowActions } from '../../../ui/components/data-table.js';
import { dateText, money } from '../../../ui/format.js';
import { canChange, datesText, dealText, scopeText, statusBadgeClass } from './promotion-rules.js';
import type { Promotion } from './types.js';

export interface PromotionTableProps {
  promotions: Promotion[];
  onEdit: (p: Promotion) => void;
  onEnd: (p: Promotion) => void;
}

const COLUMNS = ['Name', 'Deal', 'Applies to', 'Dates', 'Status', { label: 'Units', num: true }, { label: 'Cost', num: true }, 'Actions'];

export function PromotionTable({ promotions, onEdit, onEnd }: PromotionTableProps) {
  return (
    <DataTable className="promotions-table" columns={COLUMNS}>
      {promotions.map((p) => (
        <tr key={p.id} data-promotion-id={p.id}>
          <td>
            <strong>{p.name}</strong>
            {p.stackable ? <small className="muted"> · stackable</small> : null}
          </td>
          <td>{dealText(p)}</td>
          <td>{scopeText(p.scope)}</td>
          <td className="nowrap">{datesText(p.starts_on, p.ends_on, dateText)}</td>
          <td>
            <span className={statusBadgeClass(p.status)}>{p.status}</span>
          </td>
          <td className="num">{p.usage.units}</td>
          <td className="num">{money(p.usage.cost)}</td>
          <RowActions>
            {canChange(p) ? (
              <>
                <button type="button" className="outline" onClick={() => onEdit(p)}>
                  Edit
                </button>
                <button type="button" className="outline secondary" onClick={() => onEnd(p)}>
                  End
                </button>
              </>
            ) : (
              <span className="muted">Ended {dateText(p.ended_at)}</span>
            )}
          </RowActions>
        </tr>
      ))}
    </DataTable>
  );
}
