// Returns' own setting (#26.4, declared in the manifest since #28.3): the refund window. Core merges it into
// GET/PATCH /api/settings; the declaration merging below types it for every reader of getSettings.
import { Type, type Static } from 'typebox';
import { defineSetting } from '../../core/settings.js';

const RefundWindowDays = Type.Integer({ minimum: 0, maximum: 3650 });

declare module '../../core/settings.js' {
  interface ShopSettings {
    /**
     * The refund window in days (#26.4): a return (or exchange) of a sale more than this many days old (by the shop's
     * business date) needs a manager's approval; 0 turns the window off (any age returns without approval).
     */
    refund_window_days: Static<typeof RefundWindowDays>;
  }
}

export const refundWindowDays = defineSetting({
  key: 'refund_window_days',
  schema: RefundWindowDays,
  default: 14,
  // The schema bounds it too; this keeps the message readable.
  check: (days) => (Number.isInteger(days) && days >= 0 && days <= 3650 ? null : 'Refund window must be a whole number of days from 0 (no window) to 3650'),
});
