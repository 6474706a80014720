// The returns API's JSON as the screen uses it (dollars, ISO dates).

export type ReturnStatus = 'PENDING' | 'APPROVED' | 'COMPLETED' | 'REJECTED';

export interface ReturnRow {
  id: string;
  invoice: { id: number; number: string; customer: { id: number | null; name: string } } | null;
  product: { id: number; item_name: string; sku: string | null; size: string | null } | null;
  original_qty: number;
  returned_qty: number;
  refund_amount: number;
  status: ReturnStatus;
  reason: string;
  notes: string | null;
  creditNote: { id: number; number: string | null; status: string | null } | null;
  created_at: string;
}

export interface ReturnSummary {
  total: number;
  total_refund: number;
  pending: number;
  approved: number;
  completed: number;
  rejected: number;
}

export interface ReturnList {
  returns: ReturnRow[];
  pagination: { page: number; pageSize: number; total: number };
  summary: ReturnSummary;
}

export interface ReturnableLine {
  id: number;
  product_id: number;
  description: string;
  sku: string | null;
  size: string | null;
  qty: number;
  returned_qty: number;
  returnable_qty: number;
  unit_price: number;
  line_total: number;
  /** The line's share of the invoice after its invoice discount (excl. GST), and its GST share. */
  refund_net: number;
  refund_tax: number;
}

export interface ReturnableInvoice {
  id: number;
  number: string;
  date: string;
  payment_status: string;
  customer: { id: number | null; name: string };
  grand_total: number;
  items: ReturnableLine[];
}

export interface ReturnableInvoiceList {
  invoices: ReturnableInvoice[];
  pagination: { page: number; pageSize: number; total: number };
}
