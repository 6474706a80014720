// Shop settings (name, address, GST number...) in core_setting; read by PDFs and the settings screen. Core's keys are
// here; a plugin declares its own in its manifest (`settings`), merged in by the app that has the plugin.
import { Type, type Static } from 'typebox';
import type { Db } from './db.js';
import type { SettingDecl } from './setting-decl.js';

export { defineSetting, type SettingDecl } from './setting-decl.js';
import { hooksOf } from './plugin.js';

/** Core's settings (every plugin reads them): as stored, and as GET /api/settings returns them. */
export const CoreSettings = Type.Object({
  shop_name: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  gst_reg_no: Type.String(),
  uen: Type.String(),
  receipt_footer: Type.String(),
  /** GST as a fraction (0.09). */
  gst_rate: Type.Number(),
  /** "host:port" of a LAN ESC/POS receipt printer; empty: the till prints through the browser. */
  receipt_printer: Type.String(),
  /** Kick the cash drawer (wired to the receipt printer) when a cash sale's receipt prints. */
  open_drawer_on_cash: Type.Boolean(),
  /** The shop's UEN as registered for PayNow (the SGQR's proxy); empty: PayNow QR codes cannot be made. */
  paynow_uen: Type.String(),
  /** Cash sales round the amount due to the nearest 5 cents (Singapore has had no 1-cent coins since 2002). */
  cash_rounding: Type.Boolean(),
  /** Selling prices are entered and stored including GST; GST = total x rate/(1+rate), once per invoice. */
  prices_include_gst: Type.Boolean(),
  /** A sale or a money refund at a till is refused (409 NO_OPEN_SHIFT) unless the till has an open shift. */
  require_open_shift: Type.Boolean(),
});
export type CoreSettings = Static<typeof CoreSettings>;

/**
 * The shop's settings as getSettings and GET /api/settings give them: core's, and each plugin's own, which the
 * plugin adds here from its settings.ts by declaration merging (`declare module '../../core/settings.js'
 * { interface ShopSettings { key: type } }`), so every reader sees them typed. In an app without that plugin
 * the key is absent (the Settings screen checks).
 */
export interface ShopSettings extends CoreSettings {}

export const DEFAULT_SETTINGS: CoreSettings = {
  shop_name: 'Kedai',
  address: '',
  phone: '',
  email: '',
  gst_reg_no: '',
  uen: '',
  receipt_footer: 'Thank you for shopping with us!',
  gst_rate: 0.09,
  receipt_printer: '',
  open_drawer_on_cash: true,
  paynow_uen: '',
  cash_rounding: false,
  prices_include_gst: false,
  require_open_shift: false,
};

export const DEMO_SETTINGS: Partial<CoreSettings> = {
  shop_name: 'Kedai Footwear',
  address: '1 Orchard Road, #01-23, Singapore 238824',
  phone: '+65 6123 4567',
  email: 'hello@kedai.example',
  gst_reg_no: 'M2-1234567-8',
  uen: '201912345K',
  receipt_footer: 'Goods sold are exchangeable within 14 days with receipt. Thank you!',
  paynow_uen: '201912345K',
};

/**
 * Checks the app's plugins' declarations (createApp, at start): a key declared twice, or one of core's, is an
 * error naming the plugins, so two features never share a value by accident.
 */
export function checkSettingDecls(plugins: readonly { name: string; settings?: readonly SettingDecl[] }[]) {
  const owner = new Map<string, string>(Object.keys(DEFAULT_SETTINGS).map((k) => [k, 'core']));
  for (const p of plugins) {
    for (const d of p.settings ?? []) {
      const first = owner.get(d.key);
      if (first) throw new Error(`Setting "${d.key}" of plugin "${p.name}" is already declared by ${first === 'core' ? 'core' : `plugin "${first}"`}`);
      owner.set(d.key, p.name);
    }
  }
}

/** Every key the settings table may hold in this database's app, with its default: core's, then the plugins'. */
function defaultsOf(db: Db): Record<string, unknown> {
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const d of hooksOf(db).settings) out[d.key] = d.default;
  return out;
}

/** Reads all settings over the defaults (a plugin's only in an app that has the plugin). */
export function getSettings(db: Db): ShopSettings {
  const rows = db.prepare('SELECT key, value FROM core_setting').all() as { key: string; value: string }[];
  const out = defaultsOf(db);
  for (const r of rows) if (Object.hasOwn(out, r.key)) out[r.key] = JSON.parse(r.value);
  return out as unknown as ShopSettings;
}

/** Writes the given settings (one transaction); keys no one in this app declares are left out. */
export function saveSettings(db: Db, patch: Partial<ShopSettings>) {
  const known = defaultsOf(db);
  const put = db.prepare('INSERT INTO core_setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  db.transaction(() => {
    for (const [k, v] of Object.entries(patch)) if (Object.hasOwn(known, k) && v !== undefined) put.run(k, JSON.stringify(v));
  })();
}

/** Reads a core_meta value. */
export function getMeta(db: Db, key: string): string | undefined {
  return (db.prepare('SELECT value FROM core_meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
}

/** Writes a core_meta value. */
export function setMeta(db: Db, key: string, value: string) {
  db.prepare('INSERT INTO core_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}
