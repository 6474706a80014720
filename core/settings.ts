// Shop settings (name, address, GST number...) in core_setting; read by PDFs and the settings screen.
import { Type, type Static } from 'typebox';
import type { Db } from './db.js';

/** The shop's settings as stored and as GET /api/settings returns them. */
export const ShopSettings = Type.Object({
  shop_name: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  gst_reg_no: Type.String(),
  uen: Type.String(),
  receipt_footer: Type.String(),
  /** GST as a fraction (0.09). */
  gst_rate: Type.Number(),
  /** The largest discount (percent of the undiscounted total) a USER may give without an ADMIN's approval. */
  max_staff_discount_percent: Type.Number(),
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
  /**
   * The refund window in days (#26.4): a return (or exchange) of a sale more than this many days old (by the shop's
   * business date) needs a manager's approval; 0 turns the window off (any age returns without approval).
   */
  refund_window_days: Type.Integer(),
});
export type ShopSettings = Static<typeof ShopSettings>;

export const DEFAULT_SETTINGS: ShopSettings = {
  shop_name: 'Kedai',
  address: '',
  phone: '',
  email: '',
  gst_reg_no: '',
  uen: '',
  receipt_footer: 'Thank you for shopping with us!',
  gst_rate: 0.09,
  max_staff_discount_percent: 10,
  receipt_printer: '',
  open_drawer_on_cash: true,
  paynow_uen: '',
  cash_rounding: false,
  prices_include_gst: false,
  require_open_shift: false,
  refund_window_days: 14,
};

export const DEMO_SETTINGS: Partial<ShopSettings> = {
  shop_name: 'Kedai Footwear',
  address: '1 Orchard Road, #01-23, Singapore 238824',
  phone: '+65 6123 4567',
  email: 'hello@kedai.example',
  gst_reg_no: 'M2-1234567-8',
  uen: '201912345K',
  receipt_footer: 'Goods sold are exchangeable within 14 days with receipt. Thank you!',
  paynow_uen: '201912345K',
};

/** Reads all settings over the defaults. */
export function getSettings(db: Db): ShopSettings {
  const rows = db.prepare('SELECT key, value FROM core_setting').all() as { key: string; value: string }[];
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const r of rows) if (r.key in DEFAULT_SETTINGS) out[r.key] = JSON.parse(r.value);
  return out as unknown as ShopSettings;
}

/** Writes the given settings (one transaction). */
export function saveSettings(db: Db, patch: Partial<ShopSettings>) {
  const put = db.prepare('INSERT INTO core_setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  db.transaction(() => {
    for (const [k, v] of Object.entries(patch)) if (k in DEFAULT_SETTINGS && v !== undefined) put.run(k, JSON.stringify(v));
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
