// TypeBox schemas for shop settings and staff accounts: strict objects, bounded strings; and the replies'
// shapes (the screens take their types from these).
import { Type, type Static } from 'typebox';
import { LongText, PageQuery, Pagination, ShortText, Strict } from '../../core/schemas.js';
import { CoreSettings, type SettingDecl, type ShopSettings } from '../../core/settings.js';
import { PublicUser } from '../../core/auth/users.js';
import type { HealthReply } from '../../core/schemas.js';

/**
 * Each of core's settings' schema, once: the Settings screen's PATCH and the first-run setup (#26.8) both use these.
 * A plugin's own settings bring their schemas in its manifest (`settings`, #28.3), merged by settingsSchemas.
 */
const SETTING_FIELDS = {
  shop_name: ShortText({ minLength: 1, maxLength: 200 }),
  address: LongText(500),
  phone: ShortText({ maxLength: 50 }),
  email: ShortText({ maxLength: 254 }),
  gst_reg_no: ShortText({ maxLength: 30 }),
  uen: ShortText({ maxLength: 20 }),
  receipt_footer: LongText(500),
  receipt_printer: ShortText({ maxLength: 100 }),
  open_drawer_on_cash: Type.Boolean(),
  paynow_uen: ShortText({ maxLength: 20 }),
  cash_rounding: Type.Boolean(),
  require_open_shift: Type.Boolean(),
  prices_include_gst: Type.Boolean(),
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
  receipt_printer: Type.Optional(F.receipt_printer),
  open_drawer_on_cash: Type.Optional(F.open_drawer_on_cash),
  paynow_uen: Type.Optional(F.paynow_uen),
  cash_rounding: Type.Optional(F.cash_rounding),
  require_open_shift: Type.Optional(F.require_open_shift),
  prices_include_gst: Type.Optional(F.prices_include_gst),
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

/**
 * 'settings-card' (a UI slot, not JSON): another plugin's own card on the Settings screen (ADMIN), after the shop's
 * cards (gift-cards: 'Gift card expiry'). It PATCHes /api/settings with its own keys and hands the reply's settings
 * to `onSaved`, so every open screen follows the save.
 */
export interface SettingsCardProps {
  /** The shop's settings as GET /api/settings gave them (a plugin's keys are there when the app has the plugin). */
  settings: ShopSettings;
  onSaved: (settings: ShopSettings) => void;
}
/** GET /api/health (core): the Settings screen shows its `replica` block, the off-site copy. */
export type Health = Static<typeof HealthReply>;
export type Role = Static<typeof Role>;
export type StaffUser = PublicUser;

/**
 * PATCH /api/settings's body and the settings reply of an app (#28.3): core's fields, then each plugin's declared
 * ones (in plugin order), so the API's JSON and its checks are the same as when every setting was core's.
 */
export function settingsSchemas(decls: readonly SettingDecl[]) {
  const declared = Object.fromEntries(decls.map((d) => [d.key, d.schema]));
  const optional = Object.fromEntries(decls.map((d) => [d.key, Type.Optional(d.schema)]));
  return {
    patch: Strict({ ...SettingsPatch.properties, ...optional }),
    reply: Type.Object({ settings: Type.Object({ ...CoreSettings.properties, ...declared }) }),
  };
}
export const UserReply = Type.Object({ user: PublicUser });
export const UserListReply = Type.Object({ users: Type.Array(PublicUser), pagination: Pagination });
export type UserList = Static<typeof UserListReply>;
