// EAN-13 codes Kedai makes for a shop's own styles (#30.3): the shop's GS1 company prefix + an item reference +
// the check digit, or, without a prefix, the restricted in-store range ('20' + a 10-digit counter + check digit),
// which GS1 keeps for codes that never leave the shop. The counter lives in inventory_barcode_counter and moves
// inside the caller's write transaction (IMMEDIATE: two allocations at once queue, never share a number).
import type { Db } from '../../core/db.js';
import { conflict } from '../../core/errors.js';
import { getSettings } from '../../core/settings.js';
import { gs1CheckDigit } from './barcode.js';

/** The in-store prefix generated codes use when the shop has no GS1 company prefix. */
export const IN_STORE_PREFIX = '20';

/** The 12 digits of `body` and their check digit: a whole EAN-13. */
export function ean13(body: string): string {
  if (!/^\d{12}$/.test(body)) throw new Error(`EAN-13 body must be 12 digits: ${body}`);
  return body + gs1CheckDigit(body);
}

/** A 13-digit code with its right check digit (what the labels draw as an EAN-13 symbol). */
export function isEan13(code: string | null | undefined): code is string {
  return !!code && /^\d{13}$/.test(code) && gs1CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** The prefix new codes start with: the shop's GS1 company prefix, else the in-store range's '20'. */
export function allocationPrefix(db: Db): string {
  return getSettings(db).gs1_company_prefix || IN_STORE_PREFIX;
}

/**
 * `count` new EAN-13 codes, the counter moved past them. Call inside writeTx. A code already on any product
 * (archived too: a box on a shelf may still carry it) is skipped; when the prefix has no item references left:
 * 409 BARCODES_EXHAUSTED, nothing written.
 */
export function allocateEan13(db: Db, count: number, prefix = allocationPrefix(db)): string[] {
  const refDigits = 12 - prefix.length;
  const last = 10 ** refDigits - 1;
  const row = db.prepare('SELECT next_ref FROM inventory_barcode_counter WHERE prefix = ?').get(prefix) as { next_ref: number } | undefined;
  // The in-store range starts at 1 (20 000000000 0 reads like a blank); a company prefix uses all its references.
  let ref = row?.next_ref ?? (prefix === IN_STORE_PREFIX ? 1 : 0);
  const taken = db.prepare('SELECT 1 FROM inventory_product INDEXED BY inventory_product_barcode_any WHERE barcode = ?').pluck();
  const codes: string[] = [];
  while (codes.length < count) {
    if (ref > last) {
      throw conflict('BARCODES_EXHAUSTED', `No barcodes left under prefix ${prefix} (${refDigits}-digit item references used up)`, {
        field: 'gs1_company_prefix',
      });
    }
    const code = ean13(prefix + String(ref).padStart(refDigits, '0'));
    ref++;
    if (!taken.get(code)) codes.push(code);
  }
  db.prepare('INSERT INTO inventory_barcode_counter (prefix, next_ref) VALUES (?, ?) ON CONFLICT (prefix) DO UPDATE SET next_ref = excluded.next_ref').run(
    prefix,
    ref,
  );
  return codes;
}
