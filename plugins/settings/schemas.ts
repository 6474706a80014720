// TypeBox schemas for shop settings and staff accounts: strict objects, bounded strings; and the replies'
// shapes (the screens take their types from these).
import { Type, type Static } from 'typebox';
import { LongText, PageQuery, Pagination, ShortText, Strict } from '../../core/schemas.js';
import { ShopSettings } from '../../core/settings.js';
import { PublicUser } from '../../core/auth/users.js';
import type { HealthReply } from '../../core/schemas.js';

export const SettingsPatch = Strict({
  shop_name: Type.Optional(ShortText({ minLength: 1, maxLength: 200 })),
  address: Type.Optional(LongText(500)),
  phone: Type.Optional(ShortText({ maxLength: 50 })),
  email: Type.Optional(ShortText({ maxLength: 254 })),
  gst_reg_no: Type.Optional(ShortText({ maxLength: 30 })),
  uen: Type.Optional(ShortText({ maxLength: 20 })),
  receipt_footer: Type.Optional(LongText(500)),
  max_staff_discount_percent: Type.Optional(Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.01 })),
  receipt_printer: Type.Optional(ShortText({ maxLength: 100 })),
  open_drawer_on_cash: Type.Optional(Type.Boolean()),
  paynow_uen: Type.Optional(ShortText({ maxLength: 20 })),
  cash_rounding: Type.Optional(Type.Boolean()),
  require_open_shift: Type.Optional(Type.Boolean()),
  prices_include_gst: Type.Optional(Type.Boolean()),
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
