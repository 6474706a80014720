// The session routes' replies: the UI's session and login screen take their types from these.
import { Type, type Static } from 'typebox';

export const Role = Type.Union([Type.Literal('ADMIN'), Type.Literal('USER')]);
export type Role = Static<typeof Role>;

/** The signed-in user as the UI keeps it. */
export const SessionUser = Type.Object({ username: Type.String(), role: Role });
export type SessionUser = Static<typeof SessionUser>;

/** POST /api/auth/login: the SPEC's {token, user{username, role}} (the token is also set as a cookie). */
export const LoginReply = Type.Object({ token: Type.String(), user: SessionUser });
export type LoginReply = Static<typeof LoginReply>;

/** GET /api/auth/verify. */
export const VerifyReply = Type.Object({ user: SessionUser });

/** GET /api/auth/config: whether this is the demo, and its accounts for the login screen; whether setup is pending. */
export const AuthConfigReply = Type.Object({
  demo: Type.Boolean(),
  demoAccounts: Type.Array(Type.Object({ username: Type.String(), password: Type.String(), role: Role })),
  /** No owner (ADMIN) yet: the shop waits for its setup link (#26.8); the login screen says so. */
  setup: Type.Boolean(),
  /** The shop's IANA time zone: business dates in the UI follow it. */
  timeZone: Type.String(),
  /** The GST rate as a fraction (0.09): the till computes with the server's rate. */
  gstRate: Type.Number(),
  /** Cash sales round to the nearest 5 cents (settings' cash_rounding). */
  cashRounding: Type.Boolean(),
  /** Selling prices are stored with GST (settings' prices_include_gst). */
  pricesIncludeGst: Type.Boolean(),
});
export type AuthConfig = Static<typeof AuthConfigReply>;

export const OkReply = Type.Object({ ok: Type.Boolean() });
