// The public face of paynow (tests/boundaries.test.ts lets other plugins import nothing else of it): a PayNow QR
// as a PNG for a PDF, and the rules a caller needs to decide whether one can be made.
import type { Db } from '../../core/db.js';
import { DOCUMENT_QR_DAYS, TILL_QR_DAYS, expiryAfter, payNowPayload, qrPng, qrSvg, shopUen } from './qr.js';
import { PAYNOW_MAX_CENTS, PAYNOW_REFERENCE_PATTERN } from './sgqr.js';

export { DOCUMENT_QR_DAYS, NO_UEN_MESSAGE, TILL_QR_DAYS } from './qr.js';
export { PAYNOW_MAX_CENTS, PAYNOW_REFERENCE_MAX, PAYNOW_REFERENCE_PATTERN } from './sgqr.js';

export interface PayNowImage {
  /** The SGQR string the QR holds. */
  payload: string;
  /** The QR as a PNG (8 pixels a module, 2-module quiet zone). */
  png: Buffer;
  amountCents: number;
  reference: string;
  /** The last day it may be paid, YYYY-MM-DD. */
  expiry: string;
}

/**
 * The PayNow QR a PDF prints for an amount still owed, or null when there is none to print: nothing owed, more
 * than one PayNow transfer may carry ($999,999.99), a reference PayNow cannot carry, or no PayNow UEN set.
 * Expiry: DOCUMENT_QR_DAYS after today (shop-local), or `dueDate` when that is later.
 */
export async function payNowImageFor(
  db: Db,
  q: { amountCents: number; reference: string; timeZone: string; dueDate?: string | null; now?: Date },
): Promise<PayNowImage | null> {
  if (q.amountCents < 1 || q.amountCents > PAYNOW_MAX_CENTS || !PAYNOW_REFERENCE_PATTERN.test(q.reference) || !shopUen(db)) return null;
  const printed = expiryAfter(DOCUMENT_QR_DAYS, q.timeZone, q.now);
  const expiry = q.dueDate && q.dueDate > printed ? q.dueDate : printed;
  const payload = payNowPayload(db, { amountCents: q.amountCents, reference: q.reference, expiry });
  return { payload, png: await qrPng(payload), amountCents: q.amountCents, reference: q.reference, expiry };
}

/**
 * The till's PayNow QR for an amount due and the till's reference, as an SVG (the customer display, #26.7): the same
 * payload POST /api/paynow/qr makes for the till's own screen (expiry TILL_QR_DAYS, shop-local), or null when none can
 * be made (no PayNow UEN, an amount PayNow cannot carry, a reference it cannot carry).
 */
export async function tillPayNowQr(
  db: Db,
  q: { amountCents: number; reference: string; timeZone: string; now?: Date },
): Promise<{ payload: string; svg: string; expiry: string } | null> {
  if (q.amountCents < 1 || q.amountCents > PAYNOW_MAX_CENTS || !PAYNOW_REFERENCE_PATTERN.test(q.reference) || !shopUen(db)) return null;
  const expiry = expiryAfter(TILL_QR_DAYS, q.timeZone, q.now);
  const payload = payNowPayload(db, { amountCents: q.amountCents, reference: q.reference, expiry });
  return { payload, svg: await qrSvg(payload), expiry };
}
