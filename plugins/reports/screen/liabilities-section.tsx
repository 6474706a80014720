// #29 'Held for customers': value the shop still owes (gift cards sold and unspent, loyalty points), from the
// plugins' manifest `liabilities`, over the report's days: a one-line summary, then opening, movements, closing.
// Generic: the screen knows each source's label and lines, never which plugin holds them.
import { money } from '../../../ui/format.js';
import { methodLabel } from './format.js';
import type { ReportLiability } from './types.js';

export const LIABILITIES_TITLE = 'Held for customers';

/** "Gift cards: sold $130.00, redeemed $60.00, outstanding $70.00" (movements of the period that are not zero). */
export function liabilityText(l: ReportLiability): string {
  const parts = l.lines.filter((x) => x.amount !== 0).map((x) => `${x.label.toLowerCase()} ${money(Math.abs(x.amount))}`);
  return `${l.label}: ${[...parts, `outstanding ${money(l.closing)}`].join(', ')}`;
}

/** The section; nothing when no plugin holds value and nothing was put back on a tender. */
export function LiabilitiesSection({ liabilities, tenderRefunds }: { liabilities: ReportLiability[]; tenderRefunds: Record<string, number> }) {
  const refunds = Object.entries(tenderRefunds);
  if (liabilities.length === 0 && refunds.length === 0) return null;
  return (
    <section className="report-section report-liabilities" aria-label={LIABILITIES_TITLE}>
      <h3>{LIABILITIES_TITLE}</h3>
      {liabilities.map((l) => (
        <div key={l.key}>
          <p className="liability-summary">{liabilityText(l)}</p>
          <table aria-label={l.label}>
            <tbody>
              <tr>
                <td>Opening</td>
                <td className="num">{money(l.opening)}</td>
              </tr>
              {l.lines.map((x) => (
                <tr key={x.code}>
                  <td>{x.label}</td>
                  <td className="num">{money(x.amount)}</td>
                </tr>
              ))}
              <tr>
                <th>Outstanding</th>
                <th className="num">{money(l.closing)}</th>
              </tr>
              {l.expired ? (
                <tr>
                  <td>of which expired (still owed)</td>
                  <td className="num">{money(l.expired)}</td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
      ))}
      {refunds.map(([m, amount]) => (
        <p key={m} className="liability-summary">
          Put back on {methodLabel(m).toLowerCase()} by returns (not money): {money(amount)}
        </p>
      ))}
      <p className="muted small-note">Not sales revenue: gift cards sold are under the sales' payments; cards and points spent are payment methods.</p>
    </section>
  );
}
