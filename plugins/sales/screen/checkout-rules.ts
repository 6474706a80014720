// The checkout modal's rules, kept pure: credit check, due date, cash change, PayNow reference, payload, errors.
import { ApiError } from '../../../ui/api.js';
import { toCents, toDollars, typedCents } from '../../../core/money.js';
import { money } from '../../../ui/format.js';
import { shopDate } from '../../../ui/shop-config.js';
import { roundedCashDue } from '../pricing.js';
import { lineDiscountCents, type CartItem } from './cart-store.js';
import type { CheckoutBody, CustomerSummary } from './types.js';
import type { CartCharge } from '../schemas.js';

/** Payment methods paid at the till, for walk-ins and named customers alike (CREDIT is offered to customers with a credit limit). */
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
export { POPUP_BLOCKED } from '../../../ui/open-tab.js';
/** While the server has not told the till its GST rate, nothing can be charged. */
export const SETTINGS_LOADING = "Loading the shop's GST rate...";

/** Checkout's refusal of a staff discount above the shop's limit (the modal then asks for a manager in place). */
export const APPROVAL_REQUIRED = 'APPROVAL_REQUIRED';

/**
 * Quick cash: each note ADDS to the cash tendered (a $50 and a $10 handed over: press 5 then 1); Exact sets the
 * total. The keys work while the focus is not in a text box (in the box, digits type the amount).
 */
export const QUICK_CASH = [
  { label: '$10', key: '1', cents: 1000 },
  { label: '$50', key: '5', cents: 5000 },
  { label: '$100', key: '0', cents: 10_000 },
] as const;
export const EXACT_KEY = 'e';

/** The tendered text after a quick-cash note is added. */
export function addCash(tenderedText: string, noteCents: number): string {
  const now = tenderedCents(tenderedText) ?? 0;
  return toDollars(now + noteCents).toFixed(2);
}

/** Checkout's 409 when the shop's cash rounding changed after the till showed the amount due. */
export const SETTINGS_CHANGED = 'SETTINGS_CHANGED';

/** True for checkout's 409 SETTINGS_CHANGED (the till then reloads the shop's settings and shows the new amount due). */
export function settingsChanged(err: unknown): boolean {
  return err instanceof ApiError && err.status === 409 && err.code === SETTINGS_CHANGED;
}

/**
 * What the customer pays now, in cents, and the rounding: a cash sale with the shop's 5-cent cash rounding on rounds
 * (the server's rule, pricing.ts roundedCashDue); any other method pays the total to the cent.
 */
export function amountDue(totalCents: number, method: CheckoutMethod, cashRounding: boolean): { dueCents: number; roundingCents: number } {
  return roundedCashDue(totalCents, method === 'CASH' && cashRounding);
}

/** SPEC: a registered customer buys on credit, but only one with a credit limit above 0; anyone else pays cash. */
export function defaultMethodFor(c: CustomerSummary | null): CheckoutMethod {
  return c && toCents(c.credit_limit) > 0 ? 'CREDIT' : 'CASH';
}

/** The methods offered: CASH, NETS, PAYNOW always; CREDIT too for a customer with a credit limit. */
export function methodsFor(c: CustomerSummary | null): { value: CheckoutMethod; label: string }[] {
  const paid = POS_METHODS.map((m) => ({ value: m.value as CheckoutMethod, label: m.label }));
  return c && toCents(c.credit_limit) > 0 ? [{ value: 'CREDIT', label: 'Credit' }, ...paid] : paid;
}

/** True for checkout's 403 APPROVAL_REQUIRED. */
export function needsApproval(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403 && err.code === APPROVAL_REQUIRED;
}

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

/**
 * The reference of a sale attempt's PayNow QR, recorded on its payment and printed on the receipt: `KD-`, the
 * till's letters and digits (at most 8), `-`, the time in base 36 (KD-TILL1-MI4K2X1A): at most 20 of the 25
 * characters a PayNow reference holds, only letters, digits and hyphens, different on every till and every millisecond.
 */
export function payNowReference(till: string | null, now: number = Date.now()): string {
  const tillPart = (till ?? '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 8);
  const time = now.toString(36).toUpperCase();
  return tillPart ? `KD-${tillPart}-${time}` : `KD-${time}`;
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
  /** #29: other plugins' items in the cart (a gift card), sent after the products as `{[kind]: value}`. */
  charges?: CartCharge[];
  invoiceDiscount: number;
  /** Dollars off the sale (instead of the percent). */
  invoiceDiscountAmount?: number;
  totalCents: number;
  /** The GST rate the totals were computed with (the server's, from ui/shop-config.ts); the server refuses any other. */
  taxRate: number;
  /** Whether the totals were computed with GST-inclusive prices (shop config); sent so a setting switched mid-sale is a 409. */
  pricesIncludeGst?: boolean;
  customer: CustomerSummary | null;
  method: CheckoutMethod;
  /** PayNow's generated reference, or the NETS terminal's approval code. */
  reference: string;
  tendered: string;
  walkInName: string;
  /** A manager's credentials for a discount above the staff limit, and the reason given. */
  approval?: { username: string; password: string } | null;
  discountReason?: string;
  /** The shop's cash rounding as the till showed the amount due (the server refuses the sale when it has changed). */
  cashRounding?: boolean;
  now?: Date;
}

/** The cart's lines as a checkout (or a quote) sends them: a line's typed discount in dollars (sales/pricing.ts). */
export function checkoutLines(items: CartItem[]): CheckoutBody['items'] {
  return items.map((i) => {
    const off = lineDiscountCents(i);
    return off > 0
      ? { productId: i.productId, qty: i.qty, unitPrice: i.price, discount: toDollars(off) }
      : { productId: i.productId, qty: i.qty, unitPrice: i.price };
  });
}

/** The cart's charges (#29) as checkout (and the quote) take them: `{gift_card: {amount: 50}}`. */
export function chargeLines(charges: readonly CartCharge[] = []): CheckoutBody['items'] {
  return charges.map((c) => ({ [c.kind]: c.value }));
}

/** The sale discount as a checkout (or a quote) sends it: dollars off, else a percent, else nothing. */
export function saleDiscount(percent: number, amount = 0): Pick<CheckoutBody, 'invoiceDiscount' | 'invoiceDiscountAmount'> {
  if (amount > 0) return { invoiceDiscountAmount: toDollars(toCents(amount)) };
  return percent > 0 ? { invoiceDiscount: percent } : {};
}

/** The POST /api/checkout body (docs/api.md) for the modal's choices. */
export function checkoutPayload(c: CheckoutChoice): CheckoutBody {
  const total = toDollars(c.totalCents);
  const body: CheckoutBody = {
    items: [...checkoutLines(c.items), ...chargeLines(c.charges)],
    taxRate: c.taxRate,
  };
  if (c.pricesIncludeGst !== undefined) body.pricesIncludeGst = c.pricesIncludeGst;
  Object.assign(body, saleDiscount(c.invoiceDiscount, c.invoiceDiscountAmount));
  const reason = c.discountReason?.trim();
  if (reason) body.discountReason = reason;
  if (c.approval) body.approval = { username: c.approval.username.trim(), password: c.approval.password };
  if (c.customer) body.customerId = c.customer.id;
  if (c.cashRounding !== undefined) body.cashRounding = c.cashRounding;
  if (c.customer && c.method === 'CREDIT') {
    body.paymentStatus = 'UNPAID';
    body.creditTermsDays = c.customer.credit_terms_days;
    body.dueDate = dueDateFor(c.customer.credit_terms_days, c.now);
    body.creditAmount = total;
    return body;
  }
  // Paid now (walk-in, or a named customer paying CASH/NETS/PAYNOW): PAID, on the customer's name when there is one.
  body.paymentStatus = 'PAID';
  const name = c.walkInName.trim();
  if (!c.customer && name) body.walkInCompanyName = name;
  const method = c.method === 'CREDIT' ? 'CASH' : c.method;
  const payment: NonNullable<CheckoutBody['payments']>[number] = { method, amount: total };
  const ref = c.reference.trim();
  if ((method === 'PAYNOW' || method === 'NETS') && ref) payment.reference = ref;
  body.payments = [payment];
  if (method === 'CASH') {
    // The payment is the exact total; the server rounds the cash part the same way (amountDue) when the shop rounds.
    const t = tenderedCents(c.tendered);
    if (t !== null && t >= amountDue(c.totalCents, method, c.cashRounding === true).dueCents) body.tendered = toDollars(t);
  }
  return body;
}

/** Why the confirm button is disabled, or null when the sale can go through. */
export function checkoutBlocker(
  c: Pick<CheckoutChoice, 'items' | 'charges' | 'totalCents' | 'customer' | 'method' | 'tendered' | 'cashRounding'> & { taxRate?: number | null },
): string | null {
  if (c.items.length === 0 && (c.charges ?? []).length === 0) return CART_EMPTY;
  if (c.taxRate === null) return SETTINGS_LOADING;
  if (c.customer && c.method === 'CREDIT') return creditProblem(c.customer, c.totalCents);
  if (c.method === 'CASH') {
    const change = changeCents(c.tendered, amountDue(c.totalCents, c.method, c.cashRounding === true).dueCents);
    if (change !== null && change < 0) return 'Cash tendered is less than the total';
  }
  return null;
}

/**
 * The toast for a failed checkout: the server's specific refusal when given (stock, credit, a discount that needs
 * approval, a failed approval, too many tries), else the spec's text.
 */
export function checkoutErrorMessage(err: unknown): string {
  if (err instanceof ApiError && [403, 409, 429].includes(err.status) && err.message) return err.message;
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
