// TypeBox schemas for the report routes. The period param that matches `type` is checked in period.ts
// (it is required only for its type), so the 400 names that field. The replies' shapes are declared here too:
// the report builders and the screen take their types from them.
import { Type, type Static } from 'typebox';
import { Dictionary, Dollars, IsoDate, IsoMonth, Nullable, Strict, Timestamp } from '../../core/schemas.js';

export const PeriodTypeSchema = Type.Unsafe<'daily' | 'monthly' | 'yearly'>({ type: 'string', enum: ['daily', 'monthly', 'yearly'] });

export const ReportQuery = Strict({
  type: PeriodTypeSchema,
  date: Type.Optional(IsoDate),
  month: Type.Optional(IsoMonth),
  year: Type.Optional(Type.String({ pattern: '^\\d{4}$', maxLength: 4 })),
});
export type ReportQuery = Static<typeof ReportQuery>;

export const EndOfDayQuery = Strict({ date: IsoDate });
export type EndOfDayQuery = Static<typeof EndOfDayQuery>;

// ---- Replies ----

export type PeriodType = Static<typeof PeriodTypeSchema>;

/** One invoice of the report's list (newest first, at most invoice_list_limit). */
export const ReportInvoice = Type.Object({
  id: Type.Integer(),
  date: Timestamp,
  business_date: IsoDate,
  number: Type.String(),
  customer_name: Type.String(),
  total: Dollars,
  payment_method: Type.String(),
  status: Type.String(),
});
export type ReportInvoice = Static<typeof ReportInvoice>;

export const ProductFigure = Type.Object({ name: Type.String(), qty: Type.Integer(), revenue: Dollars });
export type ProductFigure = Static<typeof ProductFigure>;

/** GET /api/reports/sales: SPEC "Sales report response" plus returns, gross profit, top lists, later collections. */
/** One adjustment of the sales report: by its maker (source), code and label; units and cost over the period. */
export const ReportAdjustment = Type.Object({
  source: Type.String(),
  code: Type.String(),
  label: Type.String(),
  units: Type.Integer(),
  amount: Dollars,
});
export type ReportAdjustment = Static<typeof ReportAdjustment>;

/** #29: one kind of charge the period's sales made besides goods (a gift card sold): how many and their amount. */
export const ReportCharge = Type.Object({ source: Type.String(), code: Type.String(), label: Type.String(), count: Type.Integer(), amount: Dollars });
export type ReportCharge = Static<typeof ReportCharge>;

/**
 * #29: value the shop holds for customers, by source (a plugin's manifest `liabilities`: gift cards, loyalty points),
 * over the report's shop days: opening + sum(lines' amounts) = closing, to the cent. `expired` is the part of closing
 * on expired value (still owed). Not sales revenue: the report's totals do not include it.
 */
export const ReportLiability = Type.Object({
  key: Type.String(),
  label: Type.String(),
  opening: Dollars,
  lines: Type.Array(Type.Object({ code: Type.String(), label: Type.String(), amount: Dollars })),
  closing: Dollars,
  expired: Dollars,
});
export type ReportLiability = Static<typeof ReportLiability>;

export const SalesReport = Type.Object({
  type: PeriodTypeSchema,
  value: Type.String(),
  start_date: IsoDate,
  end_date: IsoDate,
  total_sales: Dollars,
  invoice_count: Type.Integer(),
  total_gst: Dollars,
  net_sales: Dollars,
  /**
   * #29 'Sold, not revenue': what the sales charged besides goods (a plugin's item without GST: a gift card sold),
   * voided sales left out. Not in total_sales, net_sales or the breakdowns: money received for the sales (by method,
   * with credit notes taken) = total_sales + charges_total + rounding_total, to the cent.
   */
  charges_total: Dollars,
  charges: Type.Array(ReportCharge),
  average_sale: Dollars,
  items_sold: Type.Integer(),
  discount_total: Dollars,
  invoice_discount_total: Dollars,
  cost_of_goods: Dollars,
  gross_profit: Dollars,
  gross_margin_percent: Nullable(Type.Number()),
  returns_total: Dollars,
  returns_gst: Dollars,
  credit_note_count: Type.Integer(),
  void_count: Type.Integer(),
  void_total: Dollars,
  /** 5-cent cash rounding on the period's sales (signed): total_sales + rounding_total = money received for them. */
  rounding_total: Dollars,
  /** How the sales were settled at the till, cash as rounded: with credit_notes_taken, sums to total_sales + rounding_total. */
  totals_by_method: Dictionary(Dollars),
  /** Credit notes tendered at the period's sales (not a payment method: value that came back from earlier sales). */
  credit_notes_taken: Dollars,
  method_counts: Dictionary(Type.Integer()),
  collections_by_method: Dictionary(Dollars),
  credit_notes_applied: Dollars,
  refunds_by_method: Dictionary(Dollars),
  refunds_total: Dollars,
  /** #29: value put back on plugin tenders by returns (GIFT_CARD), by method, on the return's day; not money, not in refunds_total. */
  tender_refunds_by_method: Dictionary(Dollars),
  liabilities: Type.Array(ReportLiability),
  totals_by_category: Dictionary(Dollars),
  top_categories: Type.Array(Type.Object({ category: Type.String(), qty: Type.Integer(), revenue: Dollars })),
  top_products: Dictionary(Type.Object({ qty: Type.Integer(), revenue: Dollars })),
  top_products_by_qty: Type.Array(ProductFigure),
  product_count: Type.Integer(),
  daily_breakdown: Dictionary(Dollars),
  monthly_breakdown: Dictionary(Dollars),
  /**
   * #28.2 'Promotions and adjustments': what other plugins took off the period's sales (a promotion's discount), one
   * row per (source, code, label), from sales' invoice adjustments of the period's invoices (voided ones left out):
   * the units that formed them and their cost to the shop (positive: the discount given), most costly first.
   */
  adjustments: Type.Array(ReportAdjustment),
  invoices: Type.Array(ReportInvoice),
  invoice_list_limit: Type.Integer(),
  invoice_list_truncated: Type.Boolean(),
  generated_at: Timestamp,
});
export type SalesReport = Static<typeof SalesReport>;

export const CountAmount = Type.Object({ count: Type.Integer(), amount: Dollars });
export type CountAmount = Static<typeof CountAmount>;

/** GET /api/reports/end-of-day: the cash-up for one shop-local day. */
export const EndOfDay = Type.Object({
  date: IsoDate,
  invoice_count: Type.Integer(),
  total_sales: Dollars,
  total_gst: Dollars,
  net_sales: Dollars,
  /** #29 'Sold, not revenue' (a gift card sold): not in total_sales; by_method + credit notes taken = total_sales + charges_total + rounding_total. */
  charges_total: Dollars,
  charges: Type.Array(ReportCharge),
  first_invoice_number: Nullable(Type.String()),
  last_invoice_number: Nullable(Type.String()),
  void_count: Type.Integer(),
  void_total: Dollars,
  /** 5-cent cash rounding on the day's sales (signed): total_sales + rounding_total = money received for them. */
  rounding_total: Dollars,
  /** How the day's sales were settled at the till, cash as rounded (with credit_notes_taken, sums to total_sales + rounding_total). */
  by_method: Dictionary(CountAmount),
  credit_notes_taken: CountAmount,
  /** Taken at the till this day on sales voided since. */
  voided_sales_received: Dictionary(CountAmount),
  /** Payments on credit invoices received this day. */
  payments_received: Dictionary(CountAmount),
  payments_received_total: Dollars,
  /** Money paid back this day (voids, returns refunded in money), by method; back-office payments included. */
  refunds: Dictionary(CountAmount),
  refunds_total: Dollars,
  /** #29: value put back on plugin tenders by returns this day (GIFT_CARD), by method; not money: not in refunds_total or the drawer. */
  tender_refunds: Dictionary(CountAmount),
  /** #29: value held for customers (gift cards...): the day's opening, movements and closing. */
  liabilities: Type.Array(ReportLiability),
  credit_notes_applied: CountAmount,
  /** The tills' drawers (docs/money.md): expected_in_drawer = opening_floats + every cash movement of the day at a till. */
  cash: Type.Object({
    tendered: Dollars,
    change_given: Dollars,
    opening_floats: Dollars,
    cash_sales: Dollars,
    voided_cash_sales: Dollars,
    customer_payments: Dollars,
    refunds: Dollars,
    pay_ins: Dollars,
    pay_outs: Dollars,
    expected_in_drawer: Dollars,
  }),
  /** Money paid back from the back office's cash (the shift that took it had closed): not in any drawer. */
  back_office: Type.Object({ refunds: Dictionary(CountAmount), cash_paid_out: Dollars }),
  returns_total: Dollars,
  credit_notes: Type.Object({ count: Type.Integer(), amount: Dollars, gst: Dollars, from_returns: CountAmount, manual: CountAmount }),
  generated_at: Timestamp,
});
export type EndOfDay = Static<typeof EndOfDay>;

// ---- The size-curve report (#30) ----

/** One of style_id, brand or category; from and to are shop-local dates, both included. */
export const SizeCurveQuery = Strict({
  style_id: Type.Optional(Type.Integer({ minimum: 1 })),
  brand: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  category: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  from: IsoDate,
  to: IsoDate,
});
export type SizeCurveQuery = Static<typeof SizeCurveQuery>;

const SizeCurveFigures = {
  /** Units in stock when the period began (the ledger's stock after its last row before then). */
  on_hand_start: Type.Integer(),
  /** Goods received on purchase orders, and opening stock of sizes added in the period. */
  received: Type.Integer(),
  /** Units sold, net: sales less returns and voided sales. */
  sold: Type.Integer(),
  /** Stock adjustments and stock-take variances (+ found, - lost). */
  adjusted: Type.Integer(),
  /** Units in stock when the period ended: on_hand_start + received - sold + adjusted. */
  on_hand_end: Type.Integer(),
  /** sold / (sold + on_hand_end) x 100 = sold / (on_hand_start + received + adjusted), one decimal; null when there was nothing to sell. */
  sell_through_pct: Nullable(Type.Number()),
};

export const SizeCurveRow = Type.Object({ size: Type.String(), ...SizeCurveFigures });
export type SizeCurveRow = Static<typeof SizeCurveRow>;

export const SizeCurveReport = Type.Object({
  by: Type.Union([Type.Literal('style'), Type.Literal('brand'), Type.Literal('category')]),
  style_id: Nullable(Type.Integer()),
  /** The style's name, or the brand or category. */
  title: Type.String(),
  from: IsoDate,
  to: IsoDate,
  sizes: Type.Array(SizeCurveRow),
  totals: Type.Object(SizeCurveFigures),
});
export type SizeCurveReport = Static<typeof SizeCurveReport>;
