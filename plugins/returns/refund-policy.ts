// The shop's refund policy (#26.4): a return of a sale older than Settings' refund window (days, by the shop's
// business date; 0 = no window), or without the receipt, needs a manager's approval typed at the till (the same
// check as checkout's discount approval). ADMINs need none. Checked before the return's write lock is taken (the
// password check is slow); an invoice's date never changes, so nothing can slip in between.
import type { Db } from '../../core/db.js';
import { AppError } from '../../core/errors.js';
import { localDate } from '../../core/clock.js';
import { pickedId } from '../../core/lenient-input.js';
import { getSettings } from '../../core/settings.js';
import type { Approver } from '../../core/auth/manager-approval.js';
import { invoiceRow } from '../sales/api.js';

export type ApprovalWhy = 'REFUND_WINDOW' | 'NO_RECEIPT';

export interface ApprovalNeed {
  why: ApprovalWhy[];
  message: string;
  /** The sale's age in days and the window (for the till's message). */
  ageDays: number;
  windowDays: number;
}

const DAY_MS = 86_400_000;

/** Whole days from one ISO date to another (both shop-local dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * Why a return needs a manager's approval, or null. A sale is inside a window of N days up to and including its
 * N-th day after the sale (bought on the 1st, window 14: returnable without approval up to the 15th).
 */
export function approvalNeed(o: { invoiceNumber: string; saleDate: string; today: string; windowDays: number; receipt: boolean }): ApprovalNeed | null {
  const ageDays = daysBetween(o.saleDate, o.today);
  const why: ApprovalWhy[] = [];
  const parts: string[] = [];
  if (o.windowDays > 0 && ageDays > o.windowDays) {
    why.push('REFUND_WINDOW');
    parts.push(`${o.invoiceNumber} is ${ageDays} days old, outside the ${o.windowDays}-day refund window`);
  }
  if (!o.receipt) {
    why.push('NO_RECEIPT');
    parts.push('the customer has no receipt');
  }
  if (why.length === 0) return null;
  const reason = parts.join(' and ');
  return { why, message: `${reason[0].toUpperCase()}${reason.slice(1)}: a manager's approval is needed`, ageDays, windowDays: o.windowDays };
}

/** 403 APPROVAL_REQUIRED: the till asks for a manager's username and password in place and sends the return again. */
export function approvalRequired(need: ApprovalNeed): AppError {
  return new AppError(403, 'APPROVAL_REQUIRED', need.message, { reasons: need.why, age_days: need.ageDays, window_days: need.windowDays });
}

export interface PolicyInput {
  invoiceId: unknown;
  /** false: 'No receipt' ticked. */
  receipt: boolean | null | undefined;
  user: { id: number; role: string };
  /** The manager's approval typed at the till, checked (403/429 on failure) only when the policy asks for it. */
  approve: (() => Approver) | null;
  timeZone: string;
  at?: Date;
}

/**
 * Applies the policy: null when the return needs no approval (or the invoice is unknown: the return then
 * answers 404 itself), else the approver's id (the ADMIN making it, or the manager who approved); 403 without one.
 */
export function refundApproval(db: Db, p: PolicyInput): number | null {
  const id = pickedId(p.invoiceId);
  const invoice = id === null ? undefined : invoiceRow(db, id);
  if (!invoice) return null;
  const need = approvalNeed({
    invoiceNumber: invoice.number,
    saleDate: invoice.business_date,
    today: localDate(p.at ?? new Date(), p.timeZone),
    windowDays: getSettings(db).refund_window_days,
    receipt: p.receipt !== false,
  });
  if (!need) return null;
  if (p.user.role === 'ADMIN') return p.user.id;
  if (!p.approve) throw approvalRequired(need);
  return p.approve().id;
}
