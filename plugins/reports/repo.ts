// SQL aggregates for the reports, prepared once per connection. Everything is summed in SQLite; only
// grouped rows (days x methods, products, methods) and a capped invoice list come back to JS.
import type { Db } from '../../core/db.js';
import { perDb } from '../../core/repo-support.js';

/** Period bounds as bound parameters: business dates (inclusive) and UTC instants [from, to). */
export interface Bounds {
  start: string;
  end: string;
  from: string;
  to: string;
}

/** Invoice sums for one business day, void flag and invoice payment method. */
export interface DayGroup {
  business_date: string;
  voided: 0 | 1;
  payment_method: 'CASH' | 'NETS' | 'PAYNOW' | 'CREDIT' | 'MIXED';
  n: number;
  grand: number;
  tax: number;
  sub: number;
  line_discount: number;
  invoice_discount: number;
  tendered: number;
  change: number;
}

/** Lines of the period's invoices grouped by category and product name (the snapshot on the line). */
export interface LineGroup {
  category: string | null;
  name: string;
  qty: number;
  revenue: number;
  cost: number;
}

/** A product's year totals (all its categories). */
export interface YearProduct {
  name: string;
  qty: number;
  revenue: number;
}

/** A whole year's lines, summed by SQLite: per category, the top products both ways, and how many products. */
export interface YearLines {
  categories: Omit<LineGroup, 'name'>[];
  byRevenue: YearProduct[];
  byQty: YearProduct[];
  productCount: number;
}

/** Invoice adjustments (#28.2) of the period summed by (source, code, label); `amount` is their cost (positive). */
export interface AdjustmentSum {
  source: string;
  code: string;
  label: string;
  units: number;
  amount: number;
}

/** #29: untaxed charges of the period's live sales (a gift card sold) by day and (source, code, label): not revenue. */
export interface ChargeSum {
  business_date: string;
  source: string;
  code: string;
  label: string;
  n: number;
  amount: number;
}

export interface CreditNoteSum {
  source: string | null;
  n: number;
  amount: number;
  tax: number;
}

/** An invoice row of the report's list and CSV. */
export interface ReportInvoiceRow {
  id: number;
  created_at: string;
  business_date: string;
  seq: number;
  number: string;
  customer_name: string;
  subtotal_cents: number;
  line_discount_cents: number;
  discount_total_cents: number;
  tax_total_cents: number;
  grand_total_cents: number;
  payment_method: string;
  payment_status: string;
}

/** True when the period starts on a 1st and ends on a month's last day (monthly, yearly). */
function wholeMonths(b: Bounds): boolean {
  if (!b.start.endsWith('-01')) return false;
  const next = new Date(`${b.end}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.getUTCDate() === 1;
}

/** The one calendar year the period covers exactly (yearly), or null. */
function wholeYear(b: Bounds): string | null {
  const year = b.start.slice(0, 4);
  return b.start === `${year}-01-01` && b.end === `${year}-12-31` ? year : null;
}

const NOT_VOID = "payment_status <> 'VOID'";
/** A year row some sale still counts in (a voided sale leaves zeros behind). */
const LIVE_YEAR_ROW = '(qty <> 0 OR revenue_cents <> 0 OR cost_cents <> 0)';

const LIST_COLUMNS = `id, created_at, business_date, seq, number, customer_name, subtotal_cents, line_discount_cents,
  discount_total_cents, tax_total_cents, grand_total_cents, payment_method, payment_status`;

function prepare(db: Db) {
  const lineSums = 'sum(qty) AS qty, sum(revenue_cents) AS revenue, sum(cost_cents) AS cost';
  return {
    dayGroups: db.prepare(`SELECT business_date, voided, payment_method, n, grand_cents AS grand, tax_cents AS tax,
        subtotal_cents AS sub, line_discount_cents AS line_discount, invoice_discount_cents AS invoice_discount,
        tendered_cents AS tendered, change_cents AS change
      FROM reports_day_sales WHERE business_date BETWEEN @start AND @end AND n <> 0`),
    // Whole months come from the month totals; a single day reads its own lines (a day is small).
    monthLineGroups: db.prepare(`SELECT nullif(category, '') AS category, name, ${lineSums}
      FROM reports_month_product WHERE month BETWEEN @startMonth AND @endMonth
      GROUP BY category, name HAVING sum(qty) <> 0 OR sum(revenue_cents) <> 0 OR sum(cost_cents) <> 0`),
    // A whole year reads its year totals (migration 002), summed and ranked here: only the top lists come back
    // (50,000 products as JS rows cost more than all the SQL). Products group by name in key order.
    yearCategories: db.prepare(`SELECT nullif(category, '') AS category, qty, revenue_cents AS revenue, cost_cents AS cost
      FROM reports_year_category WHERE year = ? AND ${LIVE_YEAR_ROW}`),
    // One pass over the year's products (materialised once), both top lists and the count: list R, Q or N.
    yearProducts: db.prepare(`WITH p AS MATERIALIZED (SELECT name, sum(qty) AS qty, sum(revenue_cents) AS revenue
        FROM reports_year_product WHERE year = @year AND ${LIVE_YEAR_ROW} GROUP BY name)
      SELECT 'R' AS list, * FROM (SELECT * FROM p ORDER BY revenue DESC, qty DESC, name LIMIT @limit)
      UNION ALL SELECT 'Q', * FROM (SELECT * FROM p ORDER BY qty DESC, revenue DESC, name LIMIT @limit)
      UNION ALL SELECT 'N', NULL, count(*), NULL FROM p`),
    dayLineGroups: db.prepare(`SELECT nullif(l.category, '') AS category, l.description AS name, sum(l.qty) AS qty,
        sum(l.line_total_cents) AS revenue, sum(l.qty * l.unit_cost_cents) AS cost
      FROM sales_invoice i JOIN sales_invoice_line l ON l.invoice_id = i.id
      WHERE i.business_date BETWEEN @start AND @end AND i.${NOT_VOID}
      GROUP BY 1, 2`),
    // Goods brought back (#25), however they were paid back; rejected returns gave nothing back.
    returned: db.prepare(`SELECT count(*) AS n, ifnull(sum(refund_cents), 0) AS amount, ifnull(sum(tax_cents), 0) AS tax
      FROM reports_return WHERE business_date BETWEEN @start AND @end AND status <> 'REJECTED'`),
    // What other plugins took off the period's live sales (sales' public table), as a cost: the discount given.
    adjustments: db.prepare(`SELECT a.source, a.code, a.label, sum(a.units) AS units, -sum(a.amount_cents) AS amount
      FROM sales_invoice i JOIN sales_invoice_adjustment a ON a.invoice_id = i.id
      WHERE i.business_date BETWEEN @start AND @end AND i.${NOT_VOID} AND a.amount_cents < 0
      GROUP BY a.source, a.code, a.label ORDER BY amount DESC, a.label, a.source, a.code`),
    // #29: what the period's live sales charged besides goods (invoice-level positive rows: a gift card sold).
    charges: db.prepare(`SELECT i.business_date, a.source, a.code, a.label, count(*) AS n, sum(a.amount_cents) AS amount
      FROM sales_invoice i JOIN sales_invoice_adjustment a ON a.invoice_id = i.id
      WHERE i.business_date BETWEEN @start AND @end AND i.${NOT_VOID} AND a.line_id IS NULL AND a.amount_cents > 0
      GROUP BY i.business_date, a.source, a.code, a.label`),
    creditNotes: db.prepare(`SELECT source, count(*) AS n, sum(amount_cents) AS amount, sum(tax_cents) AS tax
      FROM reports_credit_note WHERE business_date BETWEEN @start AND @end AND status <> 'VOID'
      GROUP BY source`),
    // Newest first by the day's numbering (the UNIQUE (business_date, seq) index: no sort).
    latestInvoices: db.prepare(`SELECT ${LIST_COLUMNS} FROM sales_invoice
      WHERE business_date BETWEEN @start AND @end AND ${NOT_VOID}
      ORDER BY business_date DESC, seq DESC LIMIT @limit`),
    // The row value is the index range's start, so each page seeks instead of rescanning the period.
    invoicePage: db.prepare(`SELECT ${LIST_COLUMNS} FROM sales_invoice
      WHERE (business_date, seq) > (@afterDate, @afterSeq) AND business_date <= @end AND ${NOT_VOID}
      ORDER BY business_date, seq LIMIT @limit`),
    firstNumber: db.prepare('SELECT number FROM sales_invoice WHERE business_date = ? ORDER BY seq LIMIT 1').pluck(),
    lastNumber: db.prepare('SELECT number FROM sales_invoice WHERE business_date = ? ORDER BY seq DESC LIMIT 1').pluck(),
  };
}

function reportsRepoUncached(db: Db) {
  const s = prepare(db);
  return {
    dayGroups: (b: Bounds) => s.dayGroups.all({ start: b.start, end: b.end }) as DayGroup[],
    /** Lines grouped by category and name: from the month totals when the period is whole months. */
    lineGroups: (b: Bounds) =>
      (wholeMonths(b)
        ? s.monthLineGroups.all({ startMonth: b.start.slice(0, 7), endMonth: b.end.slice(0, 7) })
        : s.dayLineGroups.all({ start: b.start, end: b.end })) as LineGroup[],
    /** A whole year's lines from the year totals (top `limit` products each way), or null when the period is not one year. */
    yearLines: (b: Bounds, limit: number): YearLines | null => {
      const year = wholeYear(b);
      if (!year) return null;
      const rows = s.yearProducts.all({ year, limit }) as (YearProduct & { list: 'R' | 'Q' | 'N' })[];
      const list = (l: 'R' | 'Q') => rows.filter((r) => r.list === l).map(({ name, qty, revenue }) => ({ name, qty, revenue }));
      return {
        categories: s.yearCategories.all(year) as YearLines['categories'],
        byRevenue: list('R'),
        byQty: list('Q'),
        productCount: rows.find((r) => r.list === 'N')!.qty,
      };
    },
    returned: (b: Bounds) => s.returned.get({ start: b.start, end: b.end }) as { n: number; amount: number; tax: number },
    adjustments: (b: Bounds) => s.adjustments.all({ start: b.start, end: b.end }) as AdjustmentSum[],
    charges: (b: Bounds) => s.charges.all({ start: b.start, end: b.end }) as ChargeSum[],
    creditNotes: (b: Bounds) => s.creditNotes.all({ start: b.start, end: b.end }) as CreditNoteSum[],
    latestInvoices: (b: Bounds, limit: number) => s.latestInvoices.all({ start: b.start, end: b.end, limit }) as ReportInvoiceRow[],
    /** One page of the period's invoices in numbering order, after (afterDate, afterSeq); start with (start date, 0). */
    invoicePage: (b: Bounds, afterDate: string, afterSeq: number, limit: number) =>
      s.invoicePage.all({ end: b.end, afterDate, afterSeq, limit }) as ReportInvoiceRow[],
    firstNumber: (date: string) => (s.firstNumber.get(date) as string | undefined) ?? null,
    lastNumber: (date: string) => (s.lastNumber.get(date) as string | undefined) ?? null,
  };
}

/** The reports repository for a connection (statements prepared once, then shared). */
export const reportsRepo = perDb(reportsRepoUncached);
