// The shapes the settings screen reads from the API: types only, taken from the routes' response schemas.
import type { ShopSettings } from '../schemas.js';

export type { Health, Role, ShopSettings, StaffUser, UserList } from '../schemas.js';

/** The shop details form's fields (the printer and discount cards and the GST rate are edited elsewhere). */
export type EditableSettings = Omit<
  ShopSettings,
  | 'gst_rate'
  | 'max_staff_discount_percent'
  | 'receipt_printer'
  | 'open_drawer_on_cash'
  | 'paynow_uen'
  | 'cash_rounding'
  | 'prices_include_gst'
  | 'require_open_shift'
  | 'refund_window_days'
>;
export const EDITABLE_FIELDS: (keyof EditableSettings)[] = ['shop_name', 'address', 'phone', 'email', 'gst_reg_no', 'uen', 'receipt_footer'];
