// A setting a plugin declares (#28.3), apart from core/settings.ts so the plugin contract (core/plugin.ts) can name
// it without an import cycle (settings reads the app's hooks from core/plugin.ts).
import type { Static, TSchema } from 'typebox';

/**
 * A setting a plugin declares in its manifest (#28.3): its key, the TypeBox schema its value must match (checked
 * on PATCH /api/settings, and the reply's shape), its default, and who may change it when not only an ADMIN.
 */
export interface SettingDecl<S extends TSchema = TSchema> {
  key: string;
  schema: S;
  default: Static<S>;
  /** 'USER': any signed-in user may change it (the rest of a PATCH still needs an ADMIN). Default: ADMIN only. */
  writableBy?: 'ADMIN' | 'USER';
  /** The message for a value the schema passes but the shop's rule refuses (a 400 naming the key), else null. */
  check?(value: Static<S>): string | null;
}

/** Declares a setting (identity function: types the default and the check by the schema). */
export function defineSetting<S extends TSchema>(decl: SettingDecl<S>): SettingDecl<S> {
  return decl;
}
