// GET /api/reports/sales: the period's figures as the spec's "Sales report response" plus extras
// (returns, gross profit, top lists, cash collected later). Money in dollars.
import type { Db } from '../../core/db.js';
import { toDollars } from '../../core/money.js';
import { chargeFigures, creditNoteFigures, lineFigures, revenueOnly, yearLineFigures, salesFigures, SALE_METHODS, type ChargeFigures } from './aggregate.js';
import { periodFigures, sumCents, type MethodFigure } from '../ledger/api.js';
import type { Period } from './period.js';
import { reportsRepo, type Bounds, type ReportInvoiceRow } from './repo.js';
import type { ReportInvoice, ReportLiability, SalesReport } from './schemas.js';

/** How many invoices the report lists (newest first); the CSV always has them all. */
export const INVOICE_LIST_LIMIT = 500;
/** How many products the product lists carry (a yearly report of a big catalogue stays small). */
export const PRODUCT_LIST_LIMIT = 1000;

/** The period as the repository's bound parameters. */
export function boundsOf(p: Period): Bounds {
  return { start: p.startDate, end: p.endDate, from: p.fromIso, to: p.toIso };
}

/** A map in display order (Map -> plain object of dollars). */
function dollarsMap(entries: Iterable<[string, number]>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, cents] of entries) out[k] = toDollars(cents);
  return out;
}

/** Methods in the till's order, then any others, only those used. */
export function orderedMethods(map: Map<string, MethodFigure>): [string, MethodFigure][] {
  const known = SALE_METHODS.filter((m) => map.has(m)).map((m) => [m, map.get(m)!] as [string, MethodFigure]);
  const rest = [...map.entries()].filter(([m]) => !(SALE_METHODS as readonly string[]).includes(m)).sort(([a], [b]) => (a < b ? -1 : 1));
  return [...known, ...rest];
}

/** One invoice of the report's list. */
export function invoiceListJson(r: ReportInvoiceRow): ReportInvoice {
  return {
    id: r.id,
    date: r.created_at,
    business_date: r.business_date,
    number: r.number,
    customer_name: r.customer_name,
    total: toDollars(r.grand_total_cents),
    payment_method: r.payment_method,
    status: r.payment_status,
  };
}

/** #29 'Sold, not revenue': one row per (source, code, label), largest first. */
export function chargesJson(charges: ChargeFigures) {
  return charges.items.map((c) => ({ source: c.source, code: c.code, label: c.label, count: c.count, amount: toDollars(c.cents) }));
}

const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 100);

/** Builds the sales report for a period. */
export function salesReport(db: Db, period: Period, liabilities: ReportLiability[] = [], generatedAt = new Date()): SalesReport {
  const repo = reportsRepo(db);
  const b = boundsOf(period);
  // #29: what the sales charged besides goods (a gift card) is listed apart and left out of the sales' revenue.
  const charges = chargeFigures(repo.charges(b));
  const sales = revenueOnly(salesFigures(repo.dayGroups(b)), charges);
  const year = repo.yearLines(b, PRODUCT_LIST_LIMIT);
  const lines = year ? yearLineFigures(year) : lineFigures(repo.lineGroups(b));
  const notes = creditNoteFigures(repo.creditNotes(b));
  const returned = repo.returned(b);
  // Every money figure from the ledger's one module (docs/money.md); invoice counts, GST and lines from the sales sums.
  const money = periodFigures(db, period.startDate, period.endDate);
  const netCents = sales.totalCents - sales.taxCents;
  // Net sales are already after the invoice discount, so gross profit carries it; cost is the unit
  // cost frozen on each line at sale time.
  const grossProfitCents = netCents - lines.costCents;
  const invoices = sales.invoiceCount > 0 ? repo.latestInvoices(b, INVOICE_LIST_LIMIT) : [];
  const methods = orderedMethods(money.salesByMethod);
  const sortedDays = [...sales.byDay.entries()].sort(([a], [b2]) => (a < b2 ? -1 : 1));
  const sortedMonths = [...sales.byMonth.entries()].sort(([a], [b2]) => (a < b2 ? -1 : 1));

  return {
    type: period.type,
    value: period.value,
    start_date: period.startDate,
    end_date: period.endDate,
    total_sales: toDollars(sales.totalCents),
    invoice_count: sales.invoiceCount,
    total_gst: toDollars(sales.taxCents),
    net_sales: toDollars(netCents),
    average_sale: sales.invoiceCount ? toDollars(Math.round(sales.totalCents / sales.invoiceCount)) : 0,
    items_sold: lines.itemsSold,
    discount_total: toDollars(sales.lineDiscountCents + sales.invoiceDiscountCents),
    invoice_discount_total: toDollars(sales.invoiceDiscountCents),
    cost_of_goods: toDollars(lines.costCents),
    gross_profit: toDollars(grossProfitCents),
    gross_margin_percent: percent(grossProfitCents, netCents),
    // The goods brought back in the period (GST included), however they were paid back (#25).
    returns_total: toDollars(returned.amount),
    returns_gst: toDollars(returned.tax),
    credit_note_count: notes.count,
    void_count: sales.voidCount,
    void_total: toDollars(sales.voidCents),
    rounding_total: toDollars(money.saleRoundingCents),
    totals_by_method: dollarsMap(methods.map(([m, f]) => [m, f.cents])),
    credit_notes_taken: toDollars(money.creditNotesTaken.cents),
    method_counts: Object.fromEntries(methods.map(([m, f]) => [m, f.count])),
    collections_by_method: dollarsMap(orderedMethods(money.collectionsByMethod).map(([m, f]) => [m, f.cents])),
    credit_notes_applied: toDollars(money.creditNotesApplied.cents),
    // Money paid back in the period (voids, returns refunded in money; the payments stay in the period they came in).
    refunds_by_method: dollarsMap(orderedMethods(money.refundsByMethod).map(([m, f]) => [m, f.cents])),
    refunds_total: toDollars(sumCents(money.refundsByMethod)),
    tender_refunds_by_method: dollarsMap(orderedMethods(money.tenderRefundsByMethod).map(([m, f]) => [m, f.cents])),
    liabilities,
    totals_by_category: dollarsMap(lines.categories.map((c) => [c.category, c.revenueCents])),
    top_categories: lines.categories.map((c) => ({ category: c.category, qty: c.qty, revenue: toDollars(c.revenueCents) })),
    top_products: Object.fromEntries(
      lines.productsByRevenue.slice(0, PRODUCT_LIST_LIMIT).map((p) => [p.name, { qty: p.qty, revenue: toDollars(p.revenueCents) }]),
    ),
    top_products_by_qty: lines.productsByQty.slice(0, PRODUCT_LIST_LIMIT).map((p) => ({ name: p.name, qty: p.qty, revenue: toDollars(p.revenueCents) })),
    product_count: lines.productCount,
    daily_breakdown: dollarsMap(sortedDays),
    monthly_breakdown: dollarsMap(sortedMonths),
    charges_total: toDollars(charges.totalCents),
    charges: chargesJson(charges),
    adjustments: repo.adjustments(b).map((a) => ({ source: a.source, code: a.code, label: a.label, units: a.units, amount: toDollars(a.amount) })),
    invoices: invoices.map(invoiceListJson),
    invoice_list_limit: INVOICE_LIST_LIMIT,
    invoice_list_truncated: sales.invoiceCount > invoices.length,
    generated_at: generatedAt.toISOString(),
  };
}
