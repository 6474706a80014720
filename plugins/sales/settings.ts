// Sales' own setting (#16.7, declared in the manifest since #28.3): the staff discount limit. Core merges it into
// GET/PATCH /api/settings; the declaration merging below types it for every reader of getSettings.
import { Type, type Static } from 'typebox';
import { defineSetting } from '../../core/settings.js';

const MaxStaffDiscountPercent = Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.01 });

declare module '../../core/settings.js' {
  interface ShopSettings {
    /** The largest discount (percent of the undiscounted total) a USER may give without an ADMIN's approval. */
    max_staff_discount_percent: Static<typeof MaxStaffDiscountPercent>;
  }
}

export const maxStaffDiscountPercent = defineSetting({
  key: 'max_staff_discount_percent',
  schema: MaxStaffDiscountPercent,
  default: 10,
  // The schema bounds it too; this keeps the message readable.
  check: (pct) => (Number.isFinite(pct) && pct >= 0 && pct <= 100 ? null : 'Staff discount limit must be between 0 and 100%'),
});
