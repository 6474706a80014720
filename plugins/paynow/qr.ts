// Making a PayNow QR: the amount and reference checked, the shop's UEN and name read from the settings, the SGQR
// payload built (sgqr.ts) and drawn by the `qrcode` package: SVG for the till's screen, PNG for the PDFs.
import type QRCodeModule from 'qrcode';
import { addDays, localDate } from '../../core/clock.js';
import type { Db } from '../../core/db.js';
import { badRequest, conflict } from '../../core/errors.js';
import { parseAmount } from '../../core/money.js';
import { getSettings } from '../../core/settings.js';
import { PAYNOW_MAX_CENTS, PAYNOW_REFERENCE_PATTERN, sgqrPayload } from './sgqr.js';

/** The 409 when the shop has no PayNow UEN: nothing can be paid to it. */
export const NO_UEN_MESSAGE = "Set the shop's PayNow UEN in Settings";
export const AMOUNT_RULE = 'amount must be above $0.00 and at most $999,999.99, with at most 2 decimals';
export const REFERENCE_RULE = 'reference must be 1 to 25 letters, digits or hyphens';

/** A till's QR may be paid today and tomorrow (shop-local): the customer pays at the counter, now. */
export const TILL_QR_DAYS = 1;
/** A printed invoice's or statement's QR may be paid for 30 days after it is printed (or until the due date, if later). */
export const DOCUMENT_QR_DAYS = 30;

/** Error correction M (15%) and a 2-module quiet zone: what the brief of #17 asks of every PayNow QR. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

/** A PayNow amount in dollars -> cents; 400 naming `amount` for 0, negative, above $999,999.99 or 3 decimals. */
export function payNowAmountCents(amount: unknown): number {
  const c = parseAmount(amount);
  if (c === null || c < 1 || c > PAYNOW_MAX_CENTS) throw badRequest(AMOUNT_RULE, 'amount');
  return c;
}

/** The reference as sent, or 400 naming `reference` when it is not 1-25 letters, digits or hyphens. */
export function payNowReference(reference: string): string {
  if (!PAYNOW_REFERENCE_PATTERN.test(reference)) throw badRequest(REFERENCE_RULE, 'reference');
  return reference;
}

/** The shop-local date `days` days after `now` (YYYY-MM-DD): the last day a QR may be paid. */
export function expiryAfter(days: number, timeZone: string, now: Date = new Date()): string {
  return addDays(localDate(now, timeZone), days);
}

/** The shop's PayNow UEN, or null when none is set. */
export function shopUen(db: Db): string | null {
  return getSettings(db).paynow_uen.trim() || null;
}

/** The payload for a checked amount and reference; 409 naming `paynow_uen` when the shop has none. */
export function payNowPayload(db: Db, q: { amountCents: number; reference: string; expiry: string }): string {
  const settings = getSettings(db);
  const uen = settings.paynow_uen.trim();
  if (!uen) throw conflict('PAYNOW_UEN_MISSING', NO_UEN_MESSAGE, { field: 'paynow_uen' });
  return sgqrPayload({ uen, amountCents: q.amountCents, reference: q.reference, expiry: q.expiry, shopName: settings.shop_name });
}

// qrcode is loaded at the first QR code, not at start (#27.5).
let qrcode: Promise<typeof QRCodeModule> | undefined;
const loadQrcode = () => (qrcode ??= import('qrcode').then((m) => m.default));

/** The QR as an SVG document (for the screens). */
export async function qrSvg(payload: string): Promise<string> {
  return (await loadQrcode()).toString(payload, { ...QR_OPTIONS, type: 'svg' });
}

/** The QR as a PNG, 8 pixels a module (for the PDFs: crisp when printed at 3 cm). */
export async function qrPng(payload: string): Promise<Buffer> {
  return (await loadQrcode()).toBuffer(payload, { ...QR_OPTIONS, type: 'png', scale: 8 });
}
