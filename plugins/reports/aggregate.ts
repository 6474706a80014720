// Turns the grouped SQL rows into the report's figures (still in cents). Shared by the sales report,
// its CSV and the end-of-day cash-up, so the three always agree.
import type { ChargeSum, CreditNoteSum, DayGroup, LineGroup, YearLines, YearProduct } from './repo.js';

/** Till methods in display order; CREDIT is what was left on account at the sale. */
export const SALE_METHODS = ['CASH', 'NETS', 'PAYNOW', 'CREDIT'] as const;
export const UNCATEGORIZED = 'Uncategorized';

/** The invoices' own sums (count, totals, GST, discounts, cash tendered); money by method comes from the ledger. */
export interface SalesFigures {
  invoiceCount: number;
  totalCents: number;
  taxCents: number;
  /** Before any discount: sum of qty x price. */
  grossBeforeDiscountCents: number;
  lineDiscountCents: number;
  invoiceDiscountCents: number;
  tenderedCents: number;
  changeCents: number;
  voidCount: number;
  voidCents: number;
  byDay: Map<string, number>;
  byMonth: Map<string, number>;
}

function bump(map: Map<string, number>, key: string, cents: number) {
  map.set(key, (map.get(key) ?? 0) + cents);
}

/** Invoice totals from the day groups (non-VOID invoices; voided ones counted apart). */
export function salesFigures(days: DayGroup[]): SalesFigures {
  const f: SalesFigures = {
    invoiceCount: 0,
    totalCents: 0,
    taxCents: 0,
    grossBeforeDiscountCents: 0,
    lineDiscountCents: 0,
    invoiceDiscountCents: 0,
    tenderedCents: 0,
    changeCents: 0,
    voidCount: 0,
    voidCents: 0,
    byDay: new Map(),
    byMonth: new Map(),
  };
  for (const g of days) {
    if (g.voided) {
      f.voidCount += g.n;
      f.voidCents += g.grand;
      continue;
    }
    f.invoiceCount += g.n;
    f.totalCents += g.grand;
    f.taxCents += g.tax;
    f.grossBeforeDiscountCents += g.sub + g.line_discount;
    f.lineDiscountCents += g.line_discount;
    f.invoiceDiscountCents += g.invoice_discount;
    f.tenderedCents += g.tendered;
    f.changeCents += g.change;
    bump(f.byDay, g.business_date, g.grand);
    bump(f.byMonth, g.business_date.slice(0, 7), g.grand);
  }
  return f;
}

/** #29 'Sold, not revenue': the period's untaxed charges (a gift card sold), in total, by day and by label. */
export interface ChargeFigures {
  totalCents: number;
  byDay: Map<string, number>;
  items: { source: string; code: string; label: string; count: number; cents: number }[];
}

export function chargeFigures(rows: ChargeSum[]): ChargeFigures {
  const f: ChargeFigures = { totalCents: 0, byDay: new Map(), items: [] };
  const byKey = new Map<string, ChargeFigures['items'][number]>();
  for (const r of rows) {
    f.totalCents += r.amount;
    bump(f.byDay, r.business_date, r.amount);
    const key = JSON.stringify([r.source, r.code, r.label]);
    const item = byKey.get(key) ?? { source: r.source, code: r.code, label: r.label, count: 0, cents: 0 };
    item.count += r.n;
    item.cents += r.amount;
    byKey.set(key, item);
  }
  f.items = [...byKey.values()].sort((a, b) => b.cents - a.cents || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  return f;
}

/**
 * The invoices' figures with their charges taken out (#29): the invoices' totals include what they charged besides
 * goods, which is not sales revenue (a gift card is a liability until redeemed). GST was never on them.
 */
export function revenueOnly(f: SalesFigures, charges: ChargeFigures): SalesFigures {
  if (charges.totalCents === 0) return f;
  const byDay = new Map(f.byDay);
  const byMonth = new Map(f.byMonth);
  for (const [day, cents] of charges.byDay) {
    bump(byDay, day, -cents);
    bump(byMonth, day.slice(0, 7), -cents);
  }
  return {
    ...f,
    totalCents: f.totalCents - charges.totalCents,
    grossBeforeDiscountCents: f.grossBeforeDiscountCents - charges.totalCents,
    byDay,
    byMonth,
  };
}

export interface ProductFigure {
  name: string;
  qty: number;
  revenueCents: number;
}

export interface CategoryFigure {
  category: string;
  qty: number;
  revenueCents: number;
}

export interface LineFigures {
  itemsSold: number;
  /** Line totals after line discounts, before the invoice discount, excluding GST. */
  lineRevenueCents: number;
  costCents: number;
  /** Highest revenue first (ties: more units, then name). */
  categories: CategoryFigure[];
  /** Highest revenue first (ties: more units, then name). */
  productsByRevenue: ProductFigure[];
  /** Most units first (ties: higher revenue, then name). */
  productsByQty: ProductFigure[];
  /** How many products sold (the lists above may hold only the top ones). */
  productCount: number;
}

/** Category and product totals from the line groups (a product is its name as sold). */
export function lineFigures(groups: LineGroup[]): LineFigures {
  const categories = new Map<string, CategoryFigure>();
  const products = new Map<string, ProductFigure>();
  let itemsSold = 0;
  let lineRevenueCents = 0;
  let costCents = 0;
  for (const g of groups) {
    itemsSold += g.qty;
    lineRevenueCents += g.revenue;
    costCents += g.cost;
    const category = g.category?.trim() || UNCATEGORIZED;
    const c = categories.get(category) ?? { category, qty: 0, revenueCents: 0 };
    c.qty += g.qty;
    c.revenueCents += g.revenue;
    categories.set(category, c);
    const p = products.get(g.name) ?? { name: g.name, qty: 0, revenueCents: 0 };
    p.qty += g.qty;
    p.revenueCents += g.revenue;
    products.set(g.name, p);
  }
  const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const all = [...products.values()];
  return {
    itemsSold,
    lineRevenueCents,
    costCents,
    categories: [...categories.values()].sort((a, b) => b.revenueCents - a.revenueCents || b.qty - a.qty || (a.category < b.category ? -1 : 1)),
    productsByRevenue: [...all].sort((a, b) => b.revenueCents - a.revenueCents || b.qty - a.qty || byName(a, b)),
    productsByQty: [...all].sort((a, b) => b.qty - a.qty || b.revenueCents - a.revenueCents || byName(a, b)),
    productCount: all.length,
  };
}

/** Line figures of a whole year, summed and ranked by SQLite (repo.yearLines): categories, then the top lists. */
export function yearLineFigures(y: YearLines): LineFigures {
  const figures = lineFigures(y.categories.map((c) => ({ ...c, name: '' })));
  const product = (p: YearProduct): ProductFigure => ({ name: p.name, qty: p.qty, revenueCents: p.revenue });
  return { ...figures, productsByRevenue: y.byRevenue.map(product), productsByQty: y.byQty.map(product), productCount: y.productCount };
}

export interface CreditNoteFigures {
  count: number;
  cents: number;
  taxCents: number;
  /** Credit notes raised by returns, and the rest (manual). */
  fromReturns: { count: number; cents: number };
  manual: { count: number; cents: number };
}

/** Credit notes issued in the period (VOID ones excluded by the query). */
export function creditNoteFigures(rows: CreditNoteSum[]): CreditNoteFigures {
  const f: CreditNoteFigures = { count: 0, cents: 0, taxCents: 0, fromReturns: { count: 0, cents: 0 }, manual: { count: 0, cents: 0 } };
  for (const r of rows) {
    f.count += r.n;
    f.cents += r.amount;
    f.taxCents += r.tax;
    const part = r.source === 'RETURN' ? f.fromReturns : f.manual;
    part.count += r.n;
    part.cents += r.amount;
  }
  return f;
}
