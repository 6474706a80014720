// How the period's sales were settled at the till, as bars with percentages of total sales.
import { money } from '../../../ui/format.js';
import { methodLabel, percentText } from './format.js';
import type { SalesReport } from './types.js';

/** One bar per payment method used (CASH, NETS, PAYNOW, CREDIT). */
export function MethodBars({ report }: { report: SalesReport }) {
  const entries = Object.entries(report.totals_by_method);
  const later = Object.entries(report.collections_by_method);
  return (
    <section className="report-section">
      <h3>Sales by Payment Method</h3>
      {entries.length === 0 ? (
        <p className="muted">No payments in this period.</p>
      ) : (
        <ul className="method-bars">
          {entries.map(([method, amount]) => {
            const pct = percentText(amount, report.total_sales);
            return (
              <li key={method} className="method-bar" data-method={method}>
                <div className="method-bar-head">
                  <span>{methodLabel(method)}</span>
                  <span>
                    <span className="money">{money(amount)}</span> <span className="method-pct">({pct})</span>
                  </span>
                </div>
                <div className="method-track" aria-hidden="true">
                  <div className={`method-fill method-${method.toLowerCase()}`} style={{ width: pct }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {later.length > 0 || report.credit_notes_applied > 0 ? (
        <p className="muted small-note">
          Received on account in this period (not counted above): {later.map(([m, a]) => `${methodLabel(m)} ${money(a)}`).join(', ')}
          {report.credit_notes_applied > 0 ? `${later.length ? ', ' : ''}credit notes applied ${money(report.credit_notes_applied)}` : ''}
        </p>
      ) : null}
    </section>
  );
}
