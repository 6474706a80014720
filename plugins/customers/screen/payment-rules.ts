// The Record Payment modal's rules, kept pure so they are tested without a browser.
import { typedCents } from '../../../core/money.js';
import { money } from '../../../ui/format.js';

/** Customer payment methods (docs/spec.md §9), with their labels. */
export const PAYMENT_METHODS = [
  { value: 'CASH', label: 'Cash' },
  { value: 'NETS', label: 'NETS' },
  { value: 'PAYNOW', label: 'PayNow' },
  { value: 'BANK_TRANSFER', label: 'Bank Transfer' },
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['value'];

export const INVALID_AMOUNT = 'Please enter a valid payment amount';
export const EXCEEDS_BALANCE = 'Payment amount cannot exceed outstanding balance';
export const PAYMENT_FAILED = 'Failed to record payment. Please try again.';

/** The PayNow reference filled in automatically: PAY-<timestamp>. */
export function payNowReference(now: number = Date.now()): string {
  return `PAY-${now}`;
}

/** Whether a reference is one this modal generated (so it may be replaced or cleared when the method changes). */
export function isGeneratedReference(reference: string): boolean {
  return /^PAY-\d+$/.test(reference);
}

/** The reference after choosing a method: PayNow fills one in unless the user typed their own; leaving PayNow drops the generated one. */
export function referenceForMethod(method: PaymentMethod, current: string, now: number = Date.now()): string {
  if (method === 'PAYNOW') return current.trim() && !isGeneratedReference(current) ? current : payNowReference(now);
  return isGeneratedReference(current) ? '' : current;
}

/** The amount field after typing: anything above the outstanding balance is capped to it. */
export function capAmount(typed: string, outstanding: number): string {
  const n = Number(typed);
  if (typed.trim() === '' || !Number.isFinite(n)) return typed;
  return typedCents(n) > typedCents(outstanding) ? outstanding.toFixed(2) : typed;
}

/** Why the payment cannot be submitted, or null when it can. */
export function paymentError(amountText: string, outstanding: number): string | null {
  const n = Number(amountText);
  if (amountText.trim() === '' || !Number.isFinite(n) || typedCents(n) <= 0) return INVALID_AMOUNT;
  if (typedCents(n) > typedCents(outstanding)) return EXCEEDS_BALANCE;
  return null;
}

/** The body of POST /api/customers/<id>/payments: {method, amount, reference} (amount rounded to the cent; reference may be ''). */
export function paymentBody(method: PaymentMethod, amountText: string, reference: string) {
  return { method, amount: typedCents(Number(amountText)) / 100, reference: reference.trim() };
}

/** The success toast: 'Payment of $<amount> recorded successfully' with 2 decimals. */
export function paymentSuccessMessage(amount: number): string {
  return `Payment of ${money(amount)} recorded successfully`;
}
