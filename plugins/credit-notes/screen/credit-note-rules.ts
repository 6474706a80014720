// The Credit Notes screen's rules, kept pure so they are tested without a browser: messages, the amount
// clamp, the apply checks (the spec's order), status colours and labels.
import { typedCents } from '../../../core/money.js';
import { money } from '../../../ui/format.js';
import type { CreditNote, OpenInvoice } from './types.js';

export const SELECT_INVOICE = 'Please select an invoice';
export const INVALID_AMOUNT = 'Please enter a valid amount';
export const NOT_ACTIVE = 'Only active credit notes can be applied';
export const APPLY_SUCCESS = 'Credit note applied successfully!';
export const APPLY_FAILED = 'Failed to apply credit note. Please try again.';
export const WALK_IN = 'Walk-in Customer';

/** Status filter options (the empty option reads 'All'). */
export const STATUS_OPTIONS = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'USED', label: 'Used' },
  { value: 'EXPIRED', label: 'Expired' },
  { value: 'VOID', label: 'Void' },
];

/** Status colour: ACTIVE green, USED blue, EXPIRED yellow, VOID red. */
export function statusBadgeClass(status: string | null | undefined): string {
  const colour = ({ ACTIVE: 'green', USED: 'blue', EXPIRED: 'yellow', VOID: 'red' } as Record<string, string>)[status ?? ''];
  return colour ? `badge badge-${colour}` : 'badge';
}

/** Apply shows only for ACTIVE notes with something left. */
export function canApply(note: Pick<CreditNote, 'status' | 'available'>): boolean {
  return note.status === 'ACTIVE' && typedCents(note.available) > 0;
}

/** A picker option: 'number - customer name (or Walk-in Customer) - outstanding'. */
export function invoiceOptionLabel(inv: OpenInvoice, money: (n: number) => string): string {
  return `${inv.number} - ${inv.customer?.name || WALK_IN} - ${money(inv.outstanding)}`;
}

/** The most that can be applied: the smaller of the note's available credit and the invoice's outstanding. */
export function maxApplicable(available: number, outstanding: number | null): number {
  return outstanding === null ? available : Math.min(available, outstanding);
}

/** A typed amount clamped to the maximum (empty or unreadable text is left as typed). */
export function clampAmount(typed: string, max: number): string {
  const n = Number(typed);
  if (typed.trim() === '' || !Number.isFinite(n)) return typed;
  if (n < 0) return '0';
  return typedCents(n) > typedCents(max) ? max.toFixed(2) : typed;
}

/** Why the application cannot be submitted (the spec's messages), or null. */
export function applyError(note: Pick<CreditNote, 'status' | 'available'>, invoice: OpenInvoice | null, amountText: string): string | null {
  if (note.status !== 'ACTIVE') return NOT_ACTIVE;
  if (!invoice) return SELECT_INVOICE;
  const n = Number(amountText);
  if (amountText.trim() === '' || !Number.isFinite(n) || typedCents(n) <= 0) return INVALID_AMOUNT;
  if (typedCents(n) > typedCents(note.available)) return `Amount exceeds available credit. Available: ${money(note.available)}`;
  if (typedCents(n) > typedCents(invoice.outstanding)) return `Amount exceeds outstanding balance. Outstanding: ${money(invoice.outstanding)}`;
  return null;
}

/** Whether the Apply Credit button is enabled: an invoice chosen and an amount above 0. */
export function canSubmit(invoice: OpenInvoice | null, amountText: string): boolean {
  const n = Number(amountText);
  return Boolean(invoice) && amountText.trim() !== '' && Number.isFinite(n) && n > 0;
}

/** The body of POST /api/returns/credit-notes/<id>/apply. */
export function applyBody(noteId: number, invoiceId: number, amountText: string, notes: string) {
  return { credit_note_id: noteId, invoice_id: invoiceId, amount: typedCents(Number(amountText)) / 100, notes: notes.trim() };
}

/** Text cut to `max` characters with an ellipsis (the table's Reason column). */
export function truncate(text: string | null | undefined, max = 40): string {
  if (!text) return 'N/A';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
