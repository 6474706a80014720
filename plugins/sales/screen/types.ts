// The shapes the sales screens read from the API (products, customers, invoices), dollars as numbers.

export interface ProductImage {
  id: number;
  url: string;
  thumbUrl: string | null;
  alt: string | null;
  isPrimary: boolean;
}

/** A product as GET /api/products returns it (the fields the POS uses). */
export interface PosProduct {
  id: number;
  item_name: string;
  sku: string | null;
  size: string | null;
  cost?: number;
  selling_price: number;
  brand: string | null;
  material: string | null;
  category: string | null;
  stock_qty: number;
  image_url: string | null;
  images?: ProductImage[];
}

export interface ProductList {
  products: PosProduct[];
  count: number;
  pagination?: { page: number; pageSize: number; total: number };
}

/** A customer as GET /api/customers returns it (what checkout needs). */
export interface CustomerSummary {
  id: number;
  name: string;
  phone?: string | null;
  email?: string | null;
  company?: string | null;
  credit_limit: number;
  credit_terms_days: number;
  outstanding_balance: number;
  overdue?: boolean;
}

export type PaymentStatus = 'PAID' | 'UNPAID' | 'PARTIAL' | 'VOID';

export interface InvoiceItem {
  id: number;
  product_id: number | null;
  description: string;
  size: string | null;
  qty: number;
  unit_price: number;
  discount: number;
  line_total: number;
  product: { sku: string | null } | null;
}

export interface InvoicePayment {
  id: number;
  method: string;
  amount: number;
  reference: string | null;
  date: string;
  created_by?: string | null;
}

/** An invoice (list rows omit items and payments). */
export interface Invoice {
  id: number;
  number: string;
  date: string;
  business_date?: string;
  due_date: string | null;
  payment_status: PaymentStatus;
  payment_method: string;
  customer: {
    id: number | null;
    name: string;
    phone: string | null;
    email: string | null;
    company: string | null;
    billing_address: string | null;
  };
  items?: InvoiceItem[];
  subtotal: number;
  discount_total: number;
  tax_rate: number;
  tax_total: number;
  grand_total: number;
  amount_paid: number;
  outstanding: number;
  tendered?: number | null;
  change?: number | null;
  payments?: InvoicePayment[];
  created_by?: string | null;
  void_reason?: string | null;
  voided_at?: string | null;
}

export interface InvoiceList {
  invoices: Invoice[];
  pagination: { page: number; pageSize: number; total: number };
}

/** POST /api/checkout's reply. */
export interface CheckoutReply {
  invoiceId: number;
  number: string;
  invoice?: Invoice;
}
