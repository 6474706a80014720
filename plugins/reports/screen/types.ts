// The report API's JSON as the screen reads it (plugins/reports/sales-report.ts, end-of-day.ts).

export type PeriodType = 'daily' | 'monthly' | 'yearly';

export interface ReportInvoice {
  id: number;
  date: string;
  business_date: string;
  number: string;
  customer_name: string;
  total: number;
  payment_method: string;
  status: string;
}

export interface ProductFigure {
  name: string;
  qty: number;
  revenue: number;
}

export interface SalesReport {
  type: PeriodType;
  value: string;
  start_date: string;
  end_date: string;
  total_sales: number;
  invoice_count: number;
  total_gst: number;
  net_sales: number;
  average_sale: number;
  items_sold: number;
  discount_total: number;
  invoice_discount_total: number;
  cost_of_goods: number;
  gross_profit: number;
  gross_margin_percent: number | null;
  returns_total: number;
  returns_gst: number;
  credit_note_count: number;
  void_count: number;
  void_total: number;
  totals_by_method: Record<string, number>;
  method_counts: Record<string, number>;
  collections_by_method: Record<string, number>;
  credit_notes_applied: number;
  totals_by_category: Record<string, number>;
  top_categories: { category: string; qty: number; revenue: number }[];
  top_products: Record<string, { qty: number; revenue: number }>;
  top_products_by_qty: ProductFigure[];
  product_count: number;
  daily_breakdown: Record<string, number>;
  monthly_breakdown: Record<string, number>;
  invoices: ReportInvoice[];
  invoice_list_limit: number;
  invoice_list_truncated: boolean;
  generated_at: string;
}

export interface CountAmount {
  count: number;
  amount: number;
}

export interface EndOfDay {
  date: string;
  invoice_count: number;
  total_sales: number;
  total_gst: number;
  net_sales: number;
  first_invoice_number: string | null;
  last_invoice_number: string | null;
  void_count: number;
  void_total: number;
  by_method: Record<string, CountAmount>;
  payments_received: Record<string, CountAmount>;
  payments_received_total: number;
  credit_notes_applied: CountAmount;
  /** Taken at the till this day on sales voided since. */
  voided_sales_received?: Record<string, CountAmount>;
  /** Paid back this day when invoices were voided. */
  refunds?: Record<string, CountAmount>;
  refunds_total?: number;
  cash: {
    tendered: number; change_given: number; cash_sales: number; voided_cash_sales?: number; customer_payments: number;
    refunds?: number; expected_in_drawer: number;
  };
  returns_total: number;
  credit_notes: { count: number; amount: number; gst: number; from_returns: CountAmount; manual: CountAmount };
  generated_at: string;
}
