// The shapes the settings screen reads from the API: types only, taken from the routes' response schemas.
import type { ShopSettings } from '../schemas.js';

export type { Role, ShopSettings, StaffUser, UserList } from '../schemas.js';

export type EditableSettings = Omit<ShopSettings, 'gst_rate' | 'max_staff_discount_percent'>;
export const EDITABLE_FIELDS: (keyof EditableSettings)[] = ['shop_name', 'address', 'phone', 'email', 'gst_reg_no', 'uen', 'receipt_footer'];
