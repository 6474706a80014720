// Stage 3, approve: a cashier (USER) may give discounts up to the shop's max_staff_discount_percent; above it an
// ADMIN approves at the till (ADMIN sales need none). What the shop gives on its own is not the cashier's
// discount: an exchange's carried price and every adjustment (a promotion) are left out of the limit.
import type { Db } from '../../../core/db.js';
import type { Role } from '../../../core/auth/users.js';
import { AppError, badRequest } from '../../../core/errors.js';
import { getSettings } from '../../../core/settings.js';
import { discountAboveLimit, discountPercent, type Totals } from '../pricing.js';
import type { AdjustedLine } from './adjust.js';

/** 403 APPROVAL_REQUIRED: the till then asks for a manager's username and password in place. */
function approvalRequired(maxPercent: number, givenPercent: number) {
  return new AppError(403, 'APPROVAL_REQUIRED', `Discount above ${maxPercent}% needs a manager's approval`, { maxPercent, discountPercent: givenPercent });
}

/** The discount the staff gave: the sale's discounts less what the shop gave on its own (carried, adjustments). */
export function staffDiscount(lines: readonly AdjustedLine[], totals: Totals): Pick<Totals, 'grossCents' | 'discountTotalCents'> {
  const shopCents = lines.reduce((sum, l) => sum + l.carriedCents - l.adjustmentCents, 0);
  return { grossCents: totals.grossCents, discountTotalCents: totals.discountTotalCents - shopCents };
}

/** True when this role's discount needs a manager (what a quote reports as approval_required). */
export function needsApproval(db: Db, role: Role | undefined, given: Pick<Totals, 'grossCents' | 'discountTotalCents'>) {
  const maxPercent = getSettings(db).max_staff_discount_percent;
  return { maxPercent, needed: role === 'USER' && given.discountTotalCents > 0 && discountAboveLimit(given, maxPercent) };
}

/** The approving ADMIN's id, or null when none was needed; 403 without one, 400 without a reason. */
export function approveDiscount(
  db: Db,
  seller: { role?: Role; approver?: { id: number } | null },
  given: Pick<Totals, 'grossCents' | 'discountTotalCents'>,
  reason: string | null,
): number | null {
  const { maxPercent, needed } = needsApproval(db, seller.role, given);
  if (!needed) return null;
  if (!seller.approver) throw approvalRequired(maxPercent, discountPercent(given));
  if (!reason) throw badRequest(`A reason is required for a discount above ${maxPercent}%`, 'discountReason');
  return seller.approver.id;
}
