// A customer's points on the customer screen (#29; customers' slot 'customer-details'): the balance and what it is
// worth, and the ledger (GET /api/customers/:id/points): date, kind, points, invoice; newest first.
import { api } from '../../../ui/api.js';
import { dateText, money } from '../../../ui/format.js';
import { useQuery } from '../../../ui/use-query.js';
import type { CustomerDetailsSlotProps } from '../../customers/schemas.js';
import { pointsText } from './points-rules.js';
import type { EntryKind, PointsReply } from './types.js';

/** How each kind reads in the history. */
export const KIND_TEXT: Record<EntryKind, string> = {
  EARNED: 'Earned',
  REDEEMED: 'Redeemed',
  REVERSED: 'Reversed (return)',
  RESTORED: 'Restored (return)',
  EXPIRED: 'Expired',
};

/** Signed points: '+124', '-500'. */
export function signedPoints(points: number): string {
  return `${points > 0 ? '+' : points < 0 ? '-' : ''}${Math.abs(points).toLocaleString('en-SG')}`;
}

export default function PointsHistory({ customerId, version }: CustomerDetailsSlotProps) {
  const { data, error } = useQuery(['loyalty-points', customerId, version], () => api.get<PointsReply>(`/api/customers/${customerId}/points`));
  // An app without loyalty has no such route: nothing to show.
  if (error || !data) return null;
  return (
    <section className="points-history" aria-label="Points">
      <h4>Points</h4>
      <p>
        Balance: <strong data-testid="points-balance">{pointsText(data.points)}</strong> (<span data-testid="points-value">{money(data.value)}</span>)
      </p>
      {data.entries.length === 0 ? (
        <p>No points yet</p>
      ) : (
        <div className="overflow-auto" style={{ maxHeight: '16rem' }}>
          <table>
            <thead>
              <tr>
                <th>Date</th>
                <th>Kind</th>
                <th style={{ textAlign: 'right' }}>Points</th>
                <th>Invoice</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((e) => (
                <tr key={e.id} data-testid="points-entry" data-kind={e.kind}>
                  <td>{dateText(e.at)}</td>
                  <td title={e.note ?? undefined}>
                    {KIND_TEXT[e.kind] ?? e.kind}
                    {e.kind === 'EARNED' && e.expires_on ? <small className="muted"> (expires {dateText(e.expires_on)})</small> : null}
                  </td>
                  <td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }} data-testid="points-entry-points">
                    {signedPoints(e.points)}
                  </td>
                  <td>{e.invoice_number ?? 'N/A'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
