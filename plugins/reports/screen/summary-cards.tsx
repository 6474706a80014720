// The report's headline figures as cards.
import { money } from '../../../ui/format.js';
import type { SalesReport } from './types.js';

/** Total sales, net, GST, invoices, average sale, returns, gross profit. */
export function SummaryCards({ report }: { report: SalesReport }) {
  const cards: { label: string; value: string; note?: string }[] = [
    { label: 'Total Sales', value: money(report.total_sales), note: 'incl. GST' },
    { label: 'Net Sales', value: money(report.net_sales), note: 'excl. GST' },
    { label: 'GST Collected', value: money(report.total_gst) },
    { label: 'Invoices', value: String(report.invoice_count), note: `${report.items_sold} items sold` },
    { label: 'Average Sale', value: money(report.average_sale) },
    // 5-cent cash rounding: total sales + rounding = money received for the sales.
    ...(report.rounding_total ? [{ label: 'Cash Rounding', value: money(report.rounding_total), note: 'cash sales rounded to 5 cents' }] : []),
    { label: 'Returns', value: money(report.returns_total), note: `${report.credit_note_count} credit note${report.credit_note_count === 1 ? '' : 's'}` },
    {
      label: 'Gross Profit',
      value: money(report.gross_profit),
      note: report.gross_margin_percent === null ? undefined : `${report.gross_margin_percent.toFixed(1)}% margin`,
    },
  ];
  return (
    <div className="report-cards">
      {cards.map((c) => (
        <article key={c.label} className="report-card">
          <small className="muted">{c.label}</small>
          <strong className="money">{c.value}</strong>
          {c.note ? <small className="muted">{c.note}</small> : null}
        </article>
      ))}
    </div>
  );
}
