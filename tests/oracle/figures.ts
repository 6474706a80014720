// Every figure the oracle checks, computed from the model's rows and records exactly as docs/money.md defines them:
// the sales report of a period (and its CSV totals), end-of-day, a shift's X / Z report, balances and credit notes.
import { bump, isMoney, saleMethodOf, type Row } from './ledger.js';
import type { Invoice, Shift, Shop } from './model.js';

export interface SalesFigures {
  total_sales: number;
  total_gst: number;
  net_sales: number;
  invoice_count: number;
  totals_by_method: Map<string, number>;
  rounding_total: number;
  credit_notes_taken: number;
  void_count: number;
  void_total: number;
  returns_total: number;
  refunds_by_method: Map<string, number>;
  collections_by_method: Map<string, number>;
  credit_notes_applied: number;
  discount_total: number;
  gross_profit: number;
}

export interface EndOfDayFigures {
  invoice_count: number;
  total_sales: number;
  total_gst: number;
  rounding_total: number;
  by_method: Map<string, number>;
  credit_notes_taken: number;
  voided_sales_received: Map<string, number>;
  payments_received: Map<string, number>;
  refunds: Map<string, number>;
  credit_notes_applied: number;
  cash: {
    opening_floats: number;
    cash_sales: number;
    voided_cash_sales: number;
    customer_payments: number;
    refunds: number;
    pay_ins: number;
    pay_outs: number;
    expected_in_drawer: number;
  };
}

export interface ShiftFigures {
  opening_float: number;
  cash_sales: number;
  cash_refunds: number;
  pay_ins: number;
  pay_outs: number;
  expected: number;
  takings: Map<string, number>;
  refunds: Map<string, number>;
  invoice_count: number;
  total: number;
  rounding: number;
  variance: number | null;
}

const inPeriod = (date: string, from: string, to: string) => date >= from && date <= to;

/** Money paid back by method (a cash refund's rounding in CASH), as positive cents. */
function moneyBackBy(rows: Row[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) {
    if ((r.kind === 'REFUND' || r.kind === 'VOID_REFUND') && isMoney(r.method)) bump(m, r.method, -r.cents);
    else if (r.kind === 'ROUNDING' && !r.atSale) bump(m, 'CASH', -r.cents);
  }
  return m;
}

/** The sales report of the business dates [from, to]. */
export function salesFigures(shop: Shop, from: string, to: string): SalesFigures {
  const invs = [...shop.invoices.values()].filter((i) => inPeriod(i.date, from, to));
  const live = invs.filter((i) => !i.voided);
  const liveIds = new Set(live.map((i) => i.id));
  const rows = shop.rows.filter((r) => inPeriod(r.date, from, to));
  const byMethod = new Map<string, number>();
  let cnTaken = 0;
  for (const r of shop.rows) {
    if (!r.atSale || r.invoiceId === null || !liveIds.has(r.invoiceId)) continue;
    const m = saleMethodOf(r);
    if (m) bump(byMethod, m, r.cents);
    else if (r.kind === 'CN_REDEEM') cnTaken += r.cents;
  }
  const collections = new Map<string, number>();
  let applied = 0;
  for (const r of rows) {
    if (r.kind === 'CUSTOMER_PAYMENT') bump(collections, r.method, r.cents);
    if (r.kind === 'CN_REDEEM' && !r.atSale) applied += r.cents;
  }
  const total = live.reduce((s, i) => s + i.grand, 0);
  const gst = live.reduce((s, i) => s + i.tax, 0);
  const cost = live.reduce((s, i) => s + i.lines.reduce((c, l) => c + l.qty * l.costCents, 0), 0);
  const voided = invs.filter((i) => i.voided);
  return {
    total_sales: total,
    total_gst: gst,
    net_sales: total - gst,
    invoice_count: live.length,
    totals_by_method: byMethod,
    rounding_total: live.reduce((s, i) => s + i.rounding, 0),
    credit_notes_taken: cnTaken,
    void_count: voided.length,
    void_total: voided.reduce((s, i) => s + i.grand, 0),
    returns_total: shop.returnsLog.filter((r) => inPeriod(r.date, from, to)).reduce((s, r) => s + r.value, 0),
    refunds_by_method: moneyBackBy(rows),
    collections_by_method: collections,
    credit_notes_applied: applied,
    discount_total: live.reduce((s, i) => s + i.lineDiscount, 0),
    gross_profit: total - gst - cost,
  };
}

/** End-of-day for one business date. */
export function endOfDayFigures(shop: Shop, date: string): EndOfDayFigures {
  const s = salesFigures(shop, date, date);
  const voidedIds = new Set([...shop.invoices.values()].filter((i) => i.date === date && i.voided).map((i) => i.id));
  const voidedReceived = new Map<string, number>();
  for (const r of shop.rows) {
    if (!r.atSale || r.invoiceId === null || !voidedIds.has(r.invoiceId)) continue;
    // What was taken (money) at the day's sales voided since; what was left on account was never received.
    const m = saleMethodOf(r);
    if (m && m !== 'CREDIT') bump(voidedReceived, m, r.cents);
  }
  const day = shop.rows.filter((r) => r.date === date);
  const drawerCash = day.filter((r) => r.method === 'CASH' && r.drawer === null);
  const sum = (rows: Row[]) => rows.reduce((a, r) => a + r.cents, 0);
  const cashSales = s.totals_by_method.get('CASH') ?? 0;
  const voidedCash = voidedReceived.get('CASH') ?? 0;
  const customerCash = sum(drawerCash.filter((r) => r.kind === 'CUSTOMER_PAYMENT'));
  const refunds = -sum(drawerCash.filter((r) => r.kind === 'REFUND' || r.kind === 'VOID_REFUND' || (r.kind === 'ROUNDING' && !r.atSale)));
  const payIns = sum(drawerCash.filter((r) => r.kind === 'PAY_IN'));
  const payOuts = -sum(drawerCash.filter((r) => r.kind === 'PAY_OUT'));
  const floats = [...shop.shifts.values()].filter((sh) => sh.openedDate === date).reduce((a, sh) => a + sh.floatCents, 0);
  return {
    invoice_count: s.invoice_count,
    total_sales: s.total_sales,
    total_gst: s.total_gst,
    rounding_total: s.rounding_total,
    by_method: s.totals_by_method,
    credit_notes_taken: s.credit_notes_taken,
    voided_sales_received: voidedReceived,
    payments_received: s.collections_by_method,
    refunds: s.refunds_by_method,
    credit_notes_applied: s.credit_notes_applied,
    cash: {
      opening_floats: floats,
      cash_sales: cashSales,
      voided_cash_sales: voidedCash,
      customer_payments: customerCash,
      refunds,
      pay_ins: payIns,
      pay_outs: payOuts,
      // One formula: floats of the shifts opened that day + every CASH row of the day in a till's drawer.
      expected_in_drawer: floats + sum(drawerCash),
    },
  };
}

/** A shift's X (open) or Z (closed) figures. */
export function shiftFigures(shop: Shop, shift: Shift): ShiftFigures {
  const rows = shop.rows.filter((r) => r.shiftId === shift.id);
  const sum = (f: (r: Row) => boolean) => rows.filter(f).reduce((a, r) => a + r.cents, 0);
  const cashSales = sum((r) => r.method === 'CASH' && (r.kind === 'SALE_PAYMENT' || (r.kind === 'ROUNDING' && r.atSale) || r.kind === 'CUSTOMER_PAYMENT'));
  const cashRefunds = -sum((r) => r.method === 'CASH' && (r.kind === 'REFUND' || r.kind === 'VOID_REFUND' || (r.kind === 'ROUNDING' && !r.atSale)));
  const payIns = sum((r) => r.kind === 'PAY_IN');
  const payOuts = -sum((r) => r.kind === 'PAY_OUT');
  const expected = shift.floatCents + sum((r) => r.method === 'CASH');
  const takings = new Map<string, number>();
  for (const r of rows) {
    if ((r.kind === 'SALE_PAYMENT' && isMoney(r.method)) || (r.kind === 'ROUNDING' && r.atSale) || r.kind === 'CUSTOMER_PAYMENT')
      bump(takings, r.method, r.cents);
    if (r.kind === 'ON_ACCOUNT') bump(takings, 'CREDIT', r.cents);
  }
  const invs: Invoice[] = [...shop.invoices.values()].filter((i) => i.shiftId === shift.id);
  return {
    opening_float: shift.floatCents,
    cash_sales: cashSales,
    cash_refunds: cashRefunds,
    pay_ins: payIns,
    pay_outs: payOuts,
    expected: shift.open ? expected : shift.expectedAtClose!,
    takings,
    refunds: moneyBackBy(rows),
    invoice_count: invs.length,
    total: invs.reduce((a, i) => a + i.grand, 0),
    rounding: invs.reduce((a, i) => a + i.rounding, 0),
    variance: shift.open ? null : shift.countedCents! - shift.expectedAtClose!,
  };
}

/**
 * The shift whose Z report must equal end-of-day's expected cash on `date`: the day's only shift, opened and closed that
 * day, holding every CASH row of the day in a till's drawer. Null when the day is not such a day.
 */
export function oneTillShiftOf(shop: Shop, date: string): Shift | null {
  const opened = [...shop.shifts.values()].filter((s) => s.openedDate === date);
  if (opened.length !== 1 || opened[0].open || opened[0].closedDate !== date) return null;
  const s = opened[0];
  const tills = new Set<string>();
  for (const r of shop.rows) {
    if (r.date !== date) continue;
    if (r.till) tills.add(r.till);
    if (r.method === 'CASH' && r.drawer === null && r.shiftId !== s.id) return null;
  }
  for (const inv of shop.invoices.values()) if (inv.date === date) tills.add(inv.till);
  return tills.size <= 1 ? s : null;
}
