// Turns the grouped SQL rows into the report's figures (still in cents). Shared by the sales report,
// its CSV and the end-of-day cash-up, so the three always agree.
import type { CreditNoteSum, DayGroup, LineGroup, MethodSum, RoundingSum, TillSplit, YearLines, YearProduct } from './repo.js';

/** Till methods in display order; CREDIT is what was left on account at the sale. */
export const SALE_METHODS = ['CASH', 'NETS', 'PAYNOW', 'CREDIT'] as const;
export const UNCATEGORIZED = 'Uncategorized';

export interface MethodFigure {
  /** Invoices that used the method at the till (a MIXED sale counts under each of its methods). */
  count: number;
  cents: number;
}

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
  /** 5-cent cash rounding on the period's sales (signed): money received for them = totalCents + roundingCents. */
  roundingCents: number;
  /** How the period's sales were settled at the till, as money taken (rounded cash); sums to totalCents + roundingCents. */
  byMethod: Map<string, MethodFigure>;
}

function bump(map: Map<string, number>, key: string, cents: number) {
  map.set(key, (map.get(key) ?? 0) + cents);
}

function bumpMethod(map: Map<string, MethodFigure>, method: string, count: number, cents: number) {
  const f = map.get(method) ?? { count: 0, cents: 0 };
  f.count += count;
  f.cents += cents;
  map.set(method, f);
}

/**
 * Invoice totals from the day groups, with MIXED and CREDIT invoices split by their till payments:
 * a MIXED sale's total goes to the methods it was paid with; a CREDIT sale's total goes to CREDIT except
 * what the customer paid at the till (a deposit), which goes to that method. Cash rounding: a single-method sale's
 * rounding goes to its method (the split of a MIXED sale is its payments, already rounded), so the methods add up to
 * the money taken: total + rounding, and no cent vanishes.
 */
export function salesFigures(days: DayGroup[], split: TillSplit[], rounding: RoundingSum[] = []): SalesFigures {
  const f: SalesFigures = {
    invoiceCount: 0, totalCents: 0, taxCents: 0, grossBeforeDiscountCents: 0, lineDiscountCents: 0, invoiceDiscountCents: 0,
    tenderedCents: 0, changeCents: 0, voidCount: 0, voidCents: 0, byDay: new Map(), byMonth: new Map(), roundingCents: 0, byMethod: new Map(),
  };
  let creditInvoices = 0;
  let creditCents = 0;
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
    if (g.payment_method === 'CREDIT') {
      creditInvoices += g.n;
      creditCents += g.grand;
    } else if (g.payment_method !== 'MIXED') {
      bumpMethod(f.byMethod, g.payment_method, g.n, g.grand);
    }
  }
  for (const s of split) {
    bumpMethod(f.byMethod, s.method, s.n, s.amount);
    if (s.invoice_method === 'CREDIT') creditCents -= s.amount;
  }
  if (creditInvoices > 0) bumpMethod(f.byMethod, 'CREDIT', creditInvoices, creditCents);
  for (const r of rounding) {
    f.roundingCents += r.rounding;
    if (r.payment_method !== 'MIXED' && r.payment_method !== 'CREDIT') bumpMethod(f.byMethod, r.payment_method, 0, r.rounding);
  }
  return f;
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

export interface CollectionFigures {
  /** Payments received on credit invoices after the sale, by method (CASH, NETS, PAYNOW, BANK_TRANSFER). */
  byMethod: Map<string, MethodFigure>;
  /** Credit notes applied to invoices in the period. */
  creditNotesApplied: MethodFigure;
}

/** Sums by method (refunds, till money on voided sales) as a map. */
export function methodFigures(rows: MethodSum[]): Map<string, MethodFigure> {
  return new Map(rows.map((r) => [r.method, { count: r.n, cents: r.amount }]));
}

/** Total cents of a method map. */
export const totalCents = (map: Map<string, MethodFigure>) => [...map.values()].reduce((s, f) => s + f.cents, 0);

/** Splits later payments into money received and credit notes applied. */
export function collectionFigures(rows: MethodSum[]): CollectionFigures {
  const byMethod = new Map<string, MethodFigure>();
  const creditNotesApplied = { count: 0, cents: 0 };
  for (const r of rows) {
    if (r.method === 'CREDIT_NOTE') {
      creditNotesApplied.count += r.n;
      creditNotesApplied.cents += r.amount;
    } else {
      byMethod.set(r.method, { count: r.n, cents: r.amount });
    }
  }
  return { byMethod, creditNotesApplied };
}
