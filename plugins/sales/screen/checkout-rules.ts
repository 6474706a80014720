// The checkout modal's rules, kept pure: credit check, due date, cash change, PayNow reference, payload, errors.
import { ApiError } from '../../../ui/api.js';
import { toCents, toDollars, typedCents } from '../../../core/money.js';
import { money } from '../../../ui/format.js';
import { shopDate } from '../../../ui/shop-config.js';
import type { CartItem } from './cart-store.js';
import type { CheckoutBody, CustomerSummary } from './types.js';

/** Payment methods a walk-in sale can use (CREDIT is set automatically for registered customers). */
export const POS_METHODS = [
  { value: 'CASH', label: 'Cash' },
  { value: 'NETS', label: 'NETS' },
  { value: 'PAYNOW', label: 'PayNow' },
] as const;
export type PosMethod = (typeof POS_METHODS)[number]['value'];
export type CheckoutMethod = PosMethod | 'CREDIT';

export const WALK_IN_NAME = 'Walk-in Customer';
export const CHECKOUT_FAILED = 'Checkout failed. Please try again.';
export const CART_EMPTY = 'Cart is empty';
export const CREDIT_WARNING = 'Insufficient credit limit. This transaction cannot proceed.';
export const POPUP_BLOCKED = 'Popup blocked. Please allow popups for this site.';
/** While the server has not told the till its GST rate, nothing can be charged. */
export const SETTINGS_LOADING = 'Loading the shop\'s GST rate...';

/** Available credit in cents: credit_limit minus outstanding_balance. */
export function availableCreditCents(c: CustomerSummary): number {
  return toCents(c.credit_limit) - toCents(c.outstanding_balance);
}

/** 'Insufficient credit. Available: $<available>, Required: $<total>' (amounts in cents). */
export function insufficientCreditMessage(availableCents: number, totalCents: number): string {
  return `Insufficient credit. Available: ${money(toDollars(availableCents))}, Required: ${money(toDollars(totalCents))}`;
}

/** Null when the customer's available credit covers the total, else the spec's message. */
export function creditProblem(c: CustomerSummary | null, totalCents: number): string | null {
  if (!c) return null;
  const available = availableCreditCents(c);
  return available >= totalCents ? null : insufficientCreditMessage(available, totalCents);
}

/** The shop-local date (YYYY-MM-DD) `days` days after `now`: a credit sale's due date. */
export function dueDateFor(days: number, now: Date = new Date()): string {
  return shopDate(new Date(now.getTime() + Math.max(0, days) * 86_400_000));
}

/** The generated sale reference shown under the PayNow QR: INV-<timestamp>. */
export function payNowReference(now: number = Date.now()): string {
  return `INV-${now}`;
}

/** Cash handed over, in cents, or null when the field is empty/invalid. */
export function tenderedCents(text: string): number | null {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n < 0) return null;
  return typedCents(n);
}

/** Change due in cents (null while nothing valid is typed; negative when short). */
export function changeCents(tenderedText: string, totalCents: number): number | null {
  const t = tenderedCents(tenderedText);
  return t === null ? null : t - totalCents;
}

export interface CheckoutChoice {
  items: CartItem[];
  invoiceDiscount: number;
  totalCents: number;
  /** The GST rate the totals were computed with (the server's, from ui/shop-config.ts); the server refuses any other. */
  taxRate: number;
  customer: CustomerSummary | null;
  method: PosMethod;
  reference: string;
  tendered: string;
  walkInName: string;
  now?: Date;
}

/** The POST /api/checkout body (docs/api.md) for the modal's choices. */
export function checkoutPayload(c: CheckoutChoice): CheckoutBody {
  const total = toDollars(c.totalCents);
  const body: CheckoutBody = {
    items: c.items.map((i) => ({ productId: i.productId, qty: i.qty, unitPrice: i.price })),
    taxRate: c.taxRate,
  };
  if (c.invoiceDiscount > 0) body.invoiceDiscount = c.invoiceDiscount;
  if (c.customer) {
    body.customerId = c.customer.id;
    body.paymentStatus = 'UNPAID';
    body.creditTermsDays = c.customer.credit_terms_days;
    body.dueDate = dueDateFor(c.customer.credit_terms_days, c.now);
    body.creditAmount = total;
    return body;
  }
  body.paymentStatus = 'PAID';
  const name = c.walkInName.trim();
  if (name) body.walkInCompanyName = name;
  const payment: NonNullable<CheckoutBody['payments']>[number] = { method: c.method, amount: total };
  if (c.method === 'PAYNOW' && c.reference) payment.reference = c.reference;
  body.payments = [payment];
  if (c.method === 'CASH') {
    const t = tenderedCents(c.tendered);
    if (t !== null && t >= c.totalCents) body.tendered = toDollars(t);
  }
  return body;
}

/** Why the confirm button is disabled, or null when the sale can go through. */
export function checkoutBlocker(c: Pick<CheckoutChoice, 'items' | 'totalCents' | 'customer' | 'method' | 'tendered'> & { taxRate?: number | null }): string | null {
  if (c.items.length === 0) return CART_EMPTY;
  if (c.taxRate === null) return SETTINGS_LOADING;
  if (c.customer) return creditProblem(c.customer, c.totalCents);
  if (c.method === 'CASH') {
    const change = changeCents(c.tendered, c.totalCents);
    if (change !== null && change < 0) return 'Cash tendered is less than the total';
  }
  return null;
}

/** The toast for a failed checkout: the server's specific conflict (stock, credit) when given, else the spec's text. */
export function checkoutErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status === 409 && err.message) return err.message;
  return CHECKOUT_FAILED;
}

/** A random v4 uuid; works on plain http (LAN tills), where crypto.randomUUID is unavailable. */
export function newIdempotencyKey(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Opens an invoice's PDF in a new tab (the session cookie authenticates it); false when a popup blocker refused. */
export function openInvoicePdf(invoiceId: number, format?: 'receipt'): boolean {
  const url = `/api/invoices/${invoiceId}/pdf${format ? `?format=${format}` : ''}`;
  const w = window.open(url, '_blank');
  if (!w) return false;
  try {
    w.opener = null;
  } catch {
    // cross-window access refused: harmless
  }
  return true;
}

/** The GST row's label for the server's rate: 'GST (9%)'; 'GST' while the rate is not known yet. */
export function gstLabel(rate: number | null): string {
  if (rate === null) return 'GST';
  return `GST (${Math.round(rate * 10_000) / 100}%)`;
}
