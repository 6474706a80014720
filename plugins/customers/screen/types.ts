// The customer JSON the screen reads (mirrors the server's customer JSON).

export interface Customer {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
  uen: string | null;
  billing_address: string | null;
  credit_limit: number;
  credit_terms_days: number;
  outstanding_balance: number;
  overdue: boolean;
  created_at: string;
  updated_at: string;
}

/** One unpaid invoice in the customer detail. */
export interface OpenInvoice {
  id: number;
  number: string;
  date: string;
  due_date: string | null;
  grand_total: number;
  outstanding: number;
}

export interface CustomerDetail extends Customer {
  outstanding_invoices: OpenInvoice[];
}

export interface CustomerList {
  customers: Customer[];
  pagination: { page: number; pageSize: number; total: number };
}
