// The shapes the settings screen reads from the API: types only, taken from the routes' response schemas.
import type { ShopSettings } from '../schemas.js';

export type { Health, Role, ShopSettings, StaffUser, UserList } from '../schemas.js';

/**
 * The shop details form's fields, picked (not every other key omitted): a plugin's own setting (#28.3,
 * `gift_card_expiry_months`) joins ShopSettings by declaration merging and must not become a form field here.
 */
export type EditableSettings = Pick<ShopSettings, 'shop_name' | 'address' | 'phone' | 'email' | 'gst_reg_no' | 'uen' | 'receipt_footer'>;
export const EDITABLE_FIELDS: (keyof EditableSettings)[] = ['shop_name', 'address', 'phone', 'email', 'gst_reg_no', 'uen', 'receipt_footer'];
