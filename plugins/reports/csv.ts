// The sales report as CSV: a header, one row per invoice (numbering order), a blank row, then the
// totals. Invoices are read a page at a time so a year streams without holding the connection busy
// between pages (better-sqlite3 refuses other queries while an iterator is open).
import { Readable } from 'node:stream';
import { csvMoney, csvText } from '../../core/csv.js';
import type { Db } from '../../core/db.js';
import { toCents } from '../../core/money.js';
import { SALE_METHODS } from './aggregate.js';
import type { Period } from './period.js';
import { reportsRepo } from './repo.js';
import { boundsOf, salesReport } from './sales-report.js';
import type { ReportLiability } from './schemas.js';

export const CSV_HEADER = ['Invoice Number', 'Date', 'Customer', 'Payment Method', 'Status', 'Subtotal', 'Discount', 'GST', 'Total'];
const PAGE = 2000;
/** The title of the adjustments' rows (the screen's section, screen/adjustments-table.tsx, has the same). */
export const ADJUSTMENTS_TITLE = 'Promotions and adjustments';
/** #29: the title of the charges' rows (a gift card sold: money taken that is not sales revenue). */
export const CHARGES_TITLE = 'Sold, not revenue';
/** #29: the title of the liabilities' rows (gift cards: value the shop still owes customers). */
export const LIABILITIES_TITLE = 'Held for customers';

/** Money cells: "1234.56" and "-4.00" as plain numbers (no $, never formula-escaped: core/csv.ts). */
const amount = csvMoney;
const dollars = (d: number) => csvMoney(toCents(d));

/** The file name the spec (docs/spec.md) gives the download: sales-report-<period>-<value>.csv. */
export function csvFileName(period: Period): string {
  return `sales-report-${period.type}-${period.value}.csv`;
}

// CSV text a page at a time: a year of invoices is hundreds of thousands of rows, and formatting them a
// page per call is many times faster than pushing rows one by one through a stream transform.
export async function* salesCsvChunks(db: Db, period: Period, liabilities: ReportLiability[] = []): AsyncGenerator<string> {
  const repo = reportsRepo(db);
  const b = boundsOf(period);
  // Totals first, so a sale made while the file streams cannot make them disagree with each other.
  const report = salesReport(db, period, liabilities);
  yield csvText([CSV_HEADER]);
  let afterDate = b.start;
  let afterSeq = 0;
  for (;;) {
    const page = repo.invoicePage(b, afterDate, afterSeq, PAGE);
    // Subtotal before any discount, so Subtotal - Discount + GST = Total on every row.
    if (page.length) {
      yield csvText(
        page.map((r) => [
          r.number,
          r.business_date,
          r.customer_name,
          r.payment_method,
          r.payment_status,
          amount(r.subtotal_cents + r.line_discount_cents),
          amount(r.discount_total_cents),
          amount(r.tax_total_cents),
          amount(r.grand_total_cents),
        ]),
      );
    }
    if (page.length < PAGE) break;
    const last = page[page.length - 1];
    afterDate = last.business_date;
    afterSeq = last.seq;
    // On the main thread (salesCsvStream), let other requests run between pages.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const methods = [...SALE_METHODS, ...Object.keys(report.totals_by_method).filter((m) => !(SALE_METHODS as readonly string[]).includes(m))];
  yield csvText([
    [],
    ['Period', `${report.start_date} to ${report.end_date}`],
    ['Invoices', report.invoice_count],
    ['Total Sales', dollars(report.total_sales)],
    ['GST', dollars(report.total_gst)],
    ['Net Sales', dollars(report.net_sales)],
    ['Cash Rounding', dollars(report.rounding_total)],
    ['Discounts', dollars(report.discount_total)],
    ['Returns', dollars(report.returns_total)],
    ['Gross Profit', dollars(report.gross_profit)],
    ['Voided Invoices', report.void_count],
    ...methods.map((m) => [`Payment Method ${m}`, dollars(report.totals_by_method[m] ?? 0)]),
    // Not a payment method: notes tendered at the sales (the methods + these = Total Sales + Cash Rounding).
    ['Credit Notes Taken', dollars(report.credit_notes_taken)],
    // #29: charged besides goods (a gift card sold), not sales revenue: methods + notes = Total Sales + these + Cash Rounding.
    ...(report.charges.length ? [[], [CHARGES_TITLE, 'Count', 'Amount'], ...report.charges.map((c) => [c.label, c.count, dollars(c.amount)])] : []),
    // #29: value put back on gift cards by returns (not money), and what the shop holds for customers, opening to closing.
    ...Object.entries(report.tender_refunds_by_method).map(([m, d]) => [`Put Back On ${m}`, dollars(d)]),
    ...(report.liabilities.length
      ? [
          [],
          [LIABILITIES_TITLE, 'Amount'],
          ...report.liabilities.flatMap((l) => [
            [`${l.label} Opening`, dollars(l.opening)],
            ...l.lines.map((x) => [`${l.label} ${x.label}`, dollars(x.amount)]),
            [`${l.label} Closing`, dollars(l.closing)],
            // The part of the closing on expired value, still owed (gift cards); a source that writes expiry off as a line has none.
            ...(l.expired ? [[`${l.label} Closing On Expired`, dollars(l.expired)]] : []),
          ]),
        ]
      : []),
    // #28.2: what other plugins took off the sales (a promotion's discount): units and cost, one row each.
    ...(report.adjustments.length ? [[], [ADJUSTMENTS_TITLE, 'Units', 'Cost'], ...report.adjustments.map((a) => [a.label, a.units, dollars(a.amount)])] : []),
  ]);
}

/** A stream of the report's CSV text on this thread (the server streams it from a worker: worker.ts). */
export function salesCsvStream(db: Db, period: Period): Readable {
  return Readable.from(salesCsvChunks(db, period), { objectMode: false });
}
