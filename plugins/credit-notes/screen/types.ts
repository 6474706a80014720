// The credit-notes API's JSON as the screen uses it (dollars, ISO dates).

export type CreditNoteStatus = 'ACTIVE' | 'USED' | 'EXPIRED' | 'VOID';

export interface Application {
  id: number;
  invoice: { id: number; number: string };
  applied_at: string;
  amount: number;
  notes: string | null;
}

export interface CreditNote {
  id: number;
  number: string;
  date: string;
  status: CreditNoteStatus;
  reason: string;
  amount: number;
  applied_amount: number;
  available: number;
  notes: string | null;
  subtotal: number;
  tax: number;
  invoice: { id: number; number: string; date: string; grand_total: number; customer: { name: string } } | null;
  customer: { id: number; name: string } | null;
  applications: Application[];
  created_at: string;
}

export interface CreditNoteList {
  credit_notes: CreditNote[];
  pagination: { page: number; pageSize: number; total: number };
  summary: { total: number; active: number; available: number; applied: number };
}

export interface OpenInvoice {
  id: number;
  number: string;
  date: string;
  payment_status: string;
  customer: { id: number | null; name: string | null } | null;
  grand_total: number;
  outstanding: number;
}

export interface OpenInvoiceList {
  invoices: OpenInvoice[];
  pagination: { page: number; pageSize: number; total: number };
}
