// Checks the schema cannot express with a readable message: formats of phone, e-mail, GST number, UEN, usernames;
// and the checks plugins declare with their own settings.
import { badRequest } from '../../core/errors.js';
import { USERNAME_PATTERN } from '../../core/auth/users.js';
import { passwordProblem } from '../../core/auth/password-policy.js';
import type { SettingDecl } from '../../core/settings.js';
import type { SettingsPatch } from './schemas.js';

export const RECEIPT_PRINTER_FORMAT = 'Receipt printer must be host:port (e.g. 192.168.1.50:9100), or empty to print through the browser';

const RULES: { field: keyof SettingsPatch; test: RegExp; message: string }[] = [
  { field: 'shop_name', test: /\S/, message: 'Shop name is required' },
  { field: 'phone', test: /^[0-9+()\- ]*$/, message: 'Phone may contain only digits, spaces and + ( ) -' },
  { field: 'email', test: /^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: 'Email must be a valid e-mail address' },
  { field: 'gst_reg_no', test: /^[A-Za-z0-9-]*$/, message: 'GST registration number may contain only letters, digits and -' },
  { field: 'uen', test: /^[A-Za-z0-9]*$/, message: 'UEN may contain only letters and digits' },
  // A Singapore UEN: 9 or 10 letters and digits (e.g. 53312345A, 201912345K, T09LL0001B).
  { field: 'paynow_uen', test: /^$|^[A-Za-z0-9]{9,10}$/, message: 'PayNow UEN must be the 9 or 10 letters and digits of a UEN' },
  { field: 'receipt_printer', test: /^$|^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252}[A-Za-z0-9])?:\d{1,5}$/, message: RECEIPT_PRINTER_FORMAT },
];

/** Trims every text and checks formats; returns the values to store. */
export function cleanSettings(patch: SettingsPatch): SettingsPatch {
  const out: SettingsPatch = {};
  const texts = out as Record<string, unknown>;
  for (const [k, v] of Object.entries(patch)) {
    // Multi-line fields keep their inner line breaks; single-line fields lose stray whitespace at the ends.
    texts[k] = typeof v === 'string' ? v.trim() : v;
  }
  for (const rule of RULES) {
    const v = out[rule.field];
    if (typeof v === 'string' && !rule.test.test(v)) throw badRequest(rule.message, rule.field);
  }
  if (out.receipt_printer) {
    const port = Number(out.receipt_printer.slice(out.receipt_printer.lastIndexOf(':') + 1));
    if (port < 1 || port > 65_535) throw badRequest(RECEIPT_PRINTER_FORMAT, 'receipt_printer');
  }
  if (out.gst_reg_no) out.gst_reg_no = out.gst_reg_no.toUpperCase();
  if (out.uen) out.uen = out.uen.toUpperCase();
  if (out.paynow_uen) out.paynow_uen = out.paynow_uen.toUpperCase();
  return out;
}

/**
 * A plugin's settings in a PATCH (#28.3): each declared key's own check (the schema already passed), a 400 naming
 * the key. Texts were trimmed by cleanSettings like core's.
 */
export function checkDeclaredSettings(decls: readonly SettingDecl[], values: Record<string, unknown>) {
  for (const d of decls) {
    if (values[d.key] === undefined || !d.check) continue;
    const problem = d.check(values[d.key]);
    if (problem) throw badRequest(problem, d.key);
  }
}

/** A username staff can type at the till. */
export function checkUsername(username: string) {
  if (!USERNAME_PATTERN.test(username)) throw badRequest('Username must be 2-40 letters, digits, dots, dashes or underscores', 'username');
}

/** Passwords: the same policy as the command line (8+ characters, not a common password, not the username). */
export async function checkPassword(password: string, username?: string): Promise<void> {
  const problem = await passwordProblem(password, username);
  if (problem) throw badRequest(problem, 'password');
}
