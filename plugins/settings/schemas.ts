// TypeBox schemas for shop settings and staff accounts: strict objects, bounded strings; and the replies'
// shapes (the screens take their types from these).
import { Type, type Static } from 'typebox';
import { LongText, PageQuery, Pagination, ShortText, Strict } from '../../core/schemas.js';
import { ShopSettings } from '../../core/settings.js';
import { PublicUser } from '../../core/auth/users.js';
import type { HealthReply } from '../../core/schemas.js';

/** Each shop setting's schema, once: the Settings screen's PATCH and the first-run setup (#26.8) both use these. */
const SETTING_FIELDS = {
  shop_name: ShortText({ minLength: 1, maxLength: 200 }),
  address: LongText(500),
  phone: ShortText({ maxLength: 50 }),
  email: ShortText({ maxLength: 254 }),
  gst_reg_no: ShortText({ maxLength: 30 }),
  uen: ShortText({ maxLength: 20 }),
  receipt_footer: LongText(500),
  max_staff_discount_percent: Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.01 }),
  receipt_printer: ShortText({ maxLength: 100 }),
  open_drawer_on_cash: Type.Boolean(),
  paynow_uen: ShortText({ maxLength: 20 }),
  cash_rounding: Type.Boolean(),
  require_open_shift: Type.Boolean(),
  prices_include_gst: Type.Boolean(),
  refund_window_days: Type.Integer({ minimum: 0, maximum: 3650 }),
};
const F = SETTING_FIELDS;

export const SettingsPatch = Strict({
  shop_name: Type.Optional(F.shop_name),
  address: Type.Optional(F.address),
  phone: Type.Optional(F.phone),
  email: Type.Optional(F.email),
  gst_reg_no: Type.Optional(F.gst_reg_no),
  uen: Type.Optional(F.uen),
  receipt_footer: Type.Optional(F.receipt_footer),
  max_staff_discount_percent: Type.Optional(F.max_staff_discount_percent),
  receipt_printer: Type.Optional(F.receipt_printer),
  open_drawer_on_cash: Type.Optional(F.open_drawer_on_cash),
  paynow_uen: Type.Optional(F.paynow_uen),
  cash_rounding: Type.Optional(F.cash_rounding),
  require_open_shift: Type.Optional(F.require_open_shift),
  prices_include_gst: Type.Optional(F.prices_include_gst),
  refund_window_days: Type.Optional(F.refund_window_days),
});
export type SettingsPatch = Static<typeof SettingsPatch>;

export const Role = Type.Union([Type.Literal('ADMIN'), Type.Literal('USER')]);
const Password = Type.String({ minLength: 1, maxLength: 200 });

export const CreateUserBody = Strict({
  username: ShortText({ minLength: 1, maxLength: 40 }),
  password: Password,
  role: Role,
});
export type CreateUserBody = Static<typeof CreateUserBody>;

export const UpdateUserBody = Strict({
  role: Type.Optional(Role),
  active: Type.Optional(Type.Boolean()),
  password: Type.Optional(Password),
});
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const UserListQuery = Strict({ ...PageQuery });

/** The setup link's code (#26.8): checked before the schema (403 when wrong), bounded here. */
const SetupCode = ShortText({ minLength: 1, maxLength: 100 });

/** GET /api/setup?code=: is this setup link good? */
export const SetupQuery = Strict({ code: SetupCode });

/** The owner's shop details asked at setup: the same field schemas (and rules, validate.ts) as the Settings screen. */
export const SETUP_SHOP_FIELDS = ['shop_name', 'address', 'gst_reg_no', 'paynow_uen', 'prices_include_gst', 'cash_rounding'] as const;

/** POST /api/setup: the first owner (an ADMIN) and the shop's details, in one go. */
export const SetupBody = Strict({
  code: SetupCode,
  username: CreateUserBody.properties.username,
  password: Password,
  shop_name: F.shop_name,
  address: Type.Optional(F.address),
  gst_reg_no: Type.Optional(F.gst_reg_no),
  paynow_uen: Type.Optional(F.paynow_uen),
  prices_include_gst: Type.Optional(F.prices_include_gst),
  cash_rounding: Type.Optional(F.cash_rounding),
});
export type SetupBody = Static<typeof SetupBody>;

// ---- Replies ----

export type { ShopSettings } from '../../core/settings.js';
/** GET /api/health (core): the Settings screen shows its `replica` block, the off-site copy. */
export type Health = Static<typeof HealthReply>;
export type Role = Static<typeof Role>;
export type StaffUser = PublicUser;

export const SettingsReply = Type.Object({ settings: ShopSettings });
export const UserReply = Type.Object({ user: PublicUser });
export const UserListReply = Type.Object({ users: Type.Array(PublicUser), pagination: Pagination });
export type UserList = Static<typeof UserListReply>;
