// Pure rules of the invoices screen: filter options, the Pay form (cap, validation, body) and the PDF download.
import { storedToken } from '../../../ui/api.js';
import { toCents, toDollars, typedCents } from '../../../core/money.js';
import { money } from '../../../ui/format.js';
import type { Invoice } from './types.js';

export const STATUS_OPTIONS = [
  { value: 'PAID', label: 'Paid' },
  { value: 'UNPAID', label: 'Unpaid' },
  { value: 'PARTIAL', label: 'Partial' },
  { value: 'VOID', label: 'Void' },
];

/** The spec's method filter (CASH, CARD, PAYNOW) plus the methods this shop's sales really use. */
export const METHOD_OPTIONS = [
  { value: 'CASH', label: 'Cash' },
  { value: 'CARD', label: 'Card' },
  { value: 'PAYNOW', label: 'PayNow' },
  { value: 'NETS', label: 'NETS' },
  { value: 'CREDIT', label: 'Credit' },
];

/** Methods for recording a payment on an invoice. */
export const INVOICE_PAYMENT_METHODS = [
  { value: 'CASH', label: 'Cash' },
  { value: 'NETS', label: 'NETS' },
  { value: 'PAYNOW', label: 'PayNow' },
  { value: 'BANK_TRANSFER', label: 'Bank Transfer' },
] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number]['value'];

export const INVALID_AMOUNT = 'Please enter a valid payment amount';
export const EXCEEDS_OUTSTANDING = 'Payment amount cannot exceed outstanding balance';
export const PAYMENT_FAILED = 'Failed to record payment. Please try again.';
export const PDF_FAILED = 'Failed to generate PDF';

/** Invoices that can still take a payment. */
export function canPay(inv: Pick<Invoice, 'payment_status' | 'outstanding'>): boolean {
  return (inv.payment_status === 'UNPAID' || inv.payment_status === 'PARTIAL') && inv.outstanding > 0;
}

/** The amount box after typing: above the outstanding balance it is capped to it. */
export function capPayment(typed: string, outstanding: number): string {
  const n = Number(typed);
  if (typed.trim() === '' || !Number.isFinite(n)) return typed;
  return typedCents(n) > toCents(outstanding) ? outstanding.toFixed(2) : typed;
}

/** Why the payment cannot be recorded, or null. */
export function paymentProblem(amountText: string, outstanding: number): string | null {
  const n = Number(amountText);
  if (amountText.trim() === '' || !Number.isFinite(n) || typedCents(n) <= 0) return INVALID_AMOUNT;
  if (typedCents(n) > toCents(outstanding)) return EXCEEDS_OUTSTANDING;
  return null;
}

/** The body of POST /api/invoices/<id>/payments. */
export function invoicePaymentBody(method: InvoicePaymentMethod, amountText: string, reference: string) {
  const body: { method: InvoicePaymentMethod; amount: number; reference?: string } = {
    method,
    amount: toDollars(typedCents(Number(amountText))),
  };
  if (reference.trim()) body.reference = reference.trim();
  return body;
}

/** 'Payment of $<amount> recorded successfully'. */
export function paymentRecordedMessage(amount: number): string {
  return `Payment of ${money(amount)} recorded successfully`;
}

/** The PayNow reference filled in for a payment: PAY-<timestamp>. */
export function payReference(now: number = Date.now()): string {
  return `PAY-${now}`;
}

/** Where an invoice's PDF is served. */
export function invoicePdfUrl(id: number): string {
  return `/api/invoices/${id}/pdf`;
}

/** Fetches an invoice PDF and saves it as <number>.pdf; throws when the server cannot produce it. */
export async function downloadInvoicePdf(inv: Pick<Invoice, 'id' | 'number'>): Promise<void> {
  const token = storedToken();
  const res = await fetch(invoicePdfUrl(inv.id), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.includes('pdf')) throw new Error(PDF_FAILED);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${inv.number}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
