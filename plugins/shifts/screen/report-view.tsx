// An X or Z report on screen: the drawer's cash, takings by method, refunds, pay-ins/outs, and (Z) the count.
import { dateTimeText, money } from '../../../ui/format.js';
import { methodLabel } from '../method-label.js';
import type { ShiftReport } from './types.js';
import { Variance } from './variance.js';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <tr>
      <td>{strong ? <strong>{label}</strong> : label}</td>
      <td className="num">{strong ? <strong>{value}</strong> : value}</td>
    </tr>
  );
}

/** The report's figures as tables. */
export function ReportView({ report: r }: { report: ShiftReport }) {
  const s = r.shift;
  return (
    <div className="shift-report">
      <p className="muted shift-report-head">
        {s.till} · shift #{s.id} · opened {dateTimeText(s.opened_at)}
        {s.opened_by ? ` by ${s.opened_by}` : ''}
        {s.closed_at ? ` · closed ${dateTimeText(s.closed_at)}${s.closed_by ? ` by ${s.closed_by}` : ''}` : ''}
      </p>
      <div>
        <h4>Cash drawer</h4>
        <table aria-label="Cash drawer">
          <tbody>
            <Row label="Opening float" value={money(r.cash.opening_float)} />
            <Row label="Cash sales" value={money(r.cash.cash_sales)} />
            <Row label="Cash refunds" value={money(-r.cash.cash_refunds)} />
            <Row label="Pay-ins" value={money(r.cash.pay_ins)} />
            <Row label="Pay-outs" value={money(-r.cash.pay_outs)} />
            <Row label="Expected cash" value={money(r.cash.expected)} strong />
          </tbody>
        </table>
        <h4>
          Takings: {r.sales.invoice_count} sale{r.sales.invoice_count === 1 ? '' : 's'}, {money(r.sales.total)}
          {r.sales.rounding ? `, cash rounding ${money(r.sales.rounding)}` : ''}
        </h4>
        <table aria-label="Takings by method">
          <tbody>
            {r.takings.length === 0 ? <Row label="None yet" value={money(0)} /> : null}
            {r.takings.map((t) => (
              <Row key={t.method} label={`${methodLabel(t.method)} (${t.count})`} value={money(t.amount)} />
            ))}
            {r.sales.credit_notes_taken ? <Row label="Credit notes taken (not cash)" value={money(r.sales.credit_notes_taken)} /> : null}
            {r.refunds.map((t) => (
              <Row key={`r-${t.method}`} label={`Refunds, ${methodLabel(t.method)} (${t.count})`} value={money(-t.amount)} />
            ))}
            {r.tender_refunds.map((t) => (
              <Row key={`t-${t.method}`} label={`Put back on ${methodLabel(t.method)} (${t.count}, not cash)`} value={money(t.amount)} />
            ))}
          </tbody>
        </table>
        {r.refund_lines.length ? (
          <table aria-label="Refunds paid from this drawer">
            <tbody>
              {r.refund_lines.map((l, i) => (
                <Row
                  // biome-ignore lint/suspicious/noArrayIndexKey: a closed report's rows have no id and never reorder
                  key={i}
                  label={`${l.kind === 'VOID_REFUND' ? 'Void' : 'Return'}, ${methodLabel(l.method)}, by ${l.by ?? '?'} at ${dateTimeText(l.at)}`}
                  value={money(-l.amount)}
                />
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
      <div>
        <h4>Pay-ins and pay-outs</h4>
        <table aria-label="Pay-ins and pay-outs">
          <tbody>
            {r.movements.length === 0 ? <Row label="None" value={money(0)} /> : null}
            {r.movements.map((m) => (
              <Row key={m.id} label={`${m.kind === 'PAY_IN' ? 'In' : 'Out'}: ${m.reason}`} value={money(m.kind === 'PAY_IN' ? m.amount : -m.amount)} />
            ))}
          </tbody>
        </table>
        {r.drawer_openings.length ? (
          <>
            <h4>Drawer opened</h4>
            <ul className="drawer-openings">
              {r.drawer_openings.map((o, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a closed report's rows have no id and never reorder
                <li key={i}>
                  {dateTimeText(o.at)}
                  {o.by ? ` · ${o.by}` : ''} · {o.reason}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {r.held_sales.length ? (
          <>
            <h4>Sales still held ({r.held_sales.length})</h4>
            <table aria-label="Sales still held">
              <tbody>
                {r.held_sales.map((h, i) => (
                  <Row
                    // biome-ignore lint/suspicious/noArrayIndexKey: a closed report's rows have no id and never reorder
                    key={i}
                    label={`${h.label} · ${h.item_count} item${h.item_count === 1 ? '' : 's'} · ${dateTimeText(h.created_at)}${h.created_by ? ` · ${h.created_by}` : ''}`}
                    value={money(h.total)}
                  />
                ))}
              </tbody>
            </table>
          </>
        ) : null}
        {r.count ? (
          <>
            <h4>Counted</h4>
            <table aria-label="Cash counted">
              <tbody>
                {r.count.lines
                  .filter((l) => l.qty > 0)
                  .map((l) => (
                    <Row key={l.key} label={`${l.label} × ${l.qty}`} value={money(l.amount)} />
                  ))}
                <Row label="Counted cash" value={money(r.count.counted)} strong />
                <Row label="Expected cash" value={money(r.count.expected)} />
                <tr>
                  <td>
                    <strong>Variance</strong>
                  </td>
                  <td className="num">
                    <strong>
                      <Variance value={r.count.variance} />
                    </strong>
                  </td>
                </tr>
              </tbody>
            </table>
            {s.notes ? <p>Note: {s.notes}</p> : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
