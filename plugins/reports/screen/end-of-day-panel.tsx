// The daily view's End of Day panel: the cash-up for the chosen day.
import { Fragment } from 'react';
import { api } from '../../../ui/api.js';
import { money } from '../../../ui/format.js';
import { useQuery } from '../../../ui/use-query.js';
import { methodLabel } from './format.js';
import { LiabilitiesSection } from './liabilities-section.js';
import type { EndOfDay } from './types.js';

/** Loads and shows /api/reports/end-of-day for `date`. */
export function EndOfDayPanel({ date }: { date: string }) {
  const q = useQuery(['end-of-day', date], () => api.get<EndOfDay>('/api/reports/end-of-day', { date }));
  const d = q.data;
  return (
    <section className="report-section end-of-day" aria-label="End of Day">
      <h3>End of Day</h3>
      {q.error ? (
        <p role="alert" className="text-danger">
          Error loading end of day: {q.error.message}
        </p>
      ) : null}
      {!d && q.loading ? <p aria-busy="true">Loading end of day...</p> : null}
      {d ? (
        <div className="eod-grid">
          <div>
            <h4>Sales</h4>
            <dl className="eod-list">
              <dt>Invoices</dt>
              <dd>{d.invoice_count}</dd>
              <dt>Invoice numbers</dt>
              <dd>{d.first_invoice_number ? `${d.first_invoice_number} to ${d.last_invoice_number}` : 'None'}</dd>
              <dt>Total sales</dt>
              <dd className="money">{money(d.total_sales)}</dd>
              {d.rounding_total ? (
                <>
                  <dt>Cash rounding</dt>
                  <dd className="money">{money(d.rounding_total)}</dd>
                </>
              ) : null}
              <dt>Voided invoices</dt>
              <dd>
                {d.void_count}
                {d.void_count ? ` (${money(d.void_total)})` : ''}
              </dd>
            </dl>
            <table className="eod-methods">
              <thead>
                <tr>
                  <th>Method</th>
                  <th className="num">Count</th>
                  <th className="num">Amount</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(d.by_method).map(([m, f]) => (
                  <tr key={m}>
                    <td>{methodLabel(m)}</td>
                    <td className="num">{f.count}</td>
                    <td className="num">{money(f.amount)}</td>
                  </tr>
                ))}
                {d.credit_notes_taken.count ? (
                  <tr>
                    <td>Credit notes taken</td>
                    <td className="num">{d.credit_notes_taken.count}</td>
                    <td className="num">{money(d.credit_notes_taken.amount)}</td>
                  </tr>
                ) : null}
                {Object.keys(d.by_method).length === 0 ? (
                  <tr>
                    <td colSpan={3} className="muted">
                      No sales
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </div>
          <div>
            <h4>Cash Drawer</h4>
            <dl className="eod-list">
              {d.cash.opening_floats ? (
                <>
                  <dt>Opening floats</dt>
                  <dd className="money">{money(d.cash.opening_floats)}</dd>
                </>
              ) : null}
              <dt>Cash tendered</dt>
              <dd className="money">{money(d.cash.tendered)}</dd>
              <dt>Change given</dt>
              <dd className="money">{money(d.cash.change_given)}</dd>
              <dt>Cash sales</dt>
              <dd className="money">{money(d.cash.cash_sales)}</dd>
              {d.cash.voided_cash_sales ? (
                <>
                  <dt>Cash sales voided since</dt>
                  <dd className="money">{money(d.cash.voided_cash_sales)}</dd>
                </>
              ) : null}
              <dt>Cash received on account</dt>
              <dd className="money">{money(d.cash.customer_payments)}</dd>
              {d.cash.refunds ? (
                <>
                  <dt>Cash refunded</dt>
                  <dd className="money">-{money(d.cash.refunds)}</dd>
                </>
              ) : null}
              {d.cash.pay_ins ? (
                <>
                  <dt>Pay-ins</dt>
                  <dd className="money">{money(d.cash.pay_ins)}</dd>
                </>
              ) : null}
              {d.cash.pay_outs ? (
                <>
                  <dt>Pay-outs</dt>
                  <dd className="money">-{money(d.cash.pay_outs)}</dd>
                </>
              ) : null}
              <dt>
                <strong>Expected cash in drawer</strong>
              </dt>
              <dd className="money">
                <strong>{money(d.cash.expected_in_drawer)}</strong>
              </dd>
            </dl>
          </div>
          <div>
            <h4>Received and Credited</h4>
            <dl className="eod-list">
              {Object.entries(d.payments_received).map(([m, f]) => (
                <Fragment key={m}>
                  <dt>{methodLabel(m)} received on account</dt>
                  <dd className="money">{money(f.amount)}</dd>
                </Fragment>
              ))}
              {Object.entries(d.refunds ?? {}).map(([m, f]) => (
                <Fragment key={`refund-${m}`}>
                  <dt>{methodLabel(m)} refunded</dt>
                  <dd className="money">-{money(f.amount)}</dd>
                </Fragment>
              ))}
              {Object.entries(d.tender_refunds).map(([m, f]) => (
                <Fragment key={`tender-${m}`}>
                  <dt>Put back on {methodLabel(m).toLowerCase()} (not cash)</dt>
                  <dd className="money">{money(f.amount)}</dd>
                </Fragment>
              ))}
              {d.back_office.cash_paid_out ? (
                <>
                  <dt>Cash paid from the back office</dt>
                  <dd className="money">-{money(d.back_office.cash_paid_out)}</dd>
                </>
              ) : null}
              <dt>Credit notes issued</dt>
              <dd>
                {d.credit_notes.count} ({money(d.credit_notes.amount)})
              </dd>
              <dt>From returns</dt>
              <dd>
                {d.credit_notes.from_returns.count} ({money(d.credit_notes.from_returns.amount)})
              </dd>
              <dt>Credit notes applied</dt>
              <dd>
                {d.credit_notes_applied.count} ({money(d.credit_notes_applied.amount)})
              </dd>
            </dl>
          </div>
        </div>
      ) : null}
      {d ? (
        <LiabilitiesSection liabilities={d.liabilities} tenderRefunds={Object.fromEntries(Object.entries(d.tender_refunds).map(([m, f]) => [m, f.amount]))} />
      ) : null}
    </section>
  );
}
