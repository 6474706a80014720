// #28.2 'Promotions and adjustments': what other plugins took off the period's sales (a promotion's discount), by
// label: units and cost. Generic: the report knows only each row's label, never which plugin made it.
import { money } from '../../../ui/format.js';
import type { SalesReport } from './types.js';

export const ADJUSTMENTS_TITLE = 'Promotions and adjustments';

/** The section; nothing when the period had no adjustments. */
export function AdjustmentsTable({ report }: { report: SalesReport }) {
  if (report.adjustments.length === 0) return null;
  const units = report.adjustments.reduce((s, a) => s + a.units, 0);
  const cost = report.adjustments.reduce((s, a) => s + Math.round(a.amount * 100), 0) / 100;
  return (
    <section className="report-section report-adjustments" aria-label={ADJUSTMENTS_TITLE}>
      <h3>{ADJUSTMENTS_TITLE}</h3>
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th className="num">Units</th>
            <th className="num">Cost</th>
          </tr>
        </thead>
        <tbody>
          {report.adjustments.map((a) => (
            <tr key={`${a.source}\u0000${a.code}\u0000${a.label}`}>
              <td>{a.label}</td>
              <td className="num">{a.units}</td>
              <td className="num">{money(a.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th>Total</th>
            <th className="num">{units}</th>
            <th className="num">{money(cost)}</th>
          </tr>
        </tfoot>
      </table>
      <p className="muted small-note">Discounts taken off the sales before GST, as sold (returns not deducted).</p>
    </section>
  );
}
