// Barcodes as a scanner reads them: EAN-13, EAN-8, UPC-A or any Code128 text (printable ASCII).
import { badRequest } from '../../core/errors.js';

/** Code128 text: printable ASCII, no leading or trailing space. */
export const BARCODE_PATTERN = '^[!-~]([ -~]*[!-~])?$';
export const BARCODE_MAX = 48;

/** GS1 check digit of the digits before it (EAN-8, UPC-A, EAN-13 share the rule: weights 3,1 from the right). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/**
 * A barcode's stored text (trimmed; empty = none). An all-digit code of 8, 12 or 13 digits is an EAN-8, UPC-A
 * or EAN-13 and must carry its right check digit (a typo would otherwise never scan); anything else is Code128 text.
 */
export function normalBarcode(raw: string | null | undefined, field = 'barcode'): string | null {
  const v = (raw ?? '').trim();
  if (v === '') return null;
  if (v.length > BARCODE_MAX || !new RegExp(BARCODE_PATTERN).test(v)) throw badRequest(`${field} must be EAN-13, UPC or Code128 text`, field);
  if (/^(\d{8}|\d{12}|\d{13})$/.test(v) && gs1CheckDigit(v.slice(0, -1)) !== Number(v.at(-1))) {
    throw badRequest(`${field} ${v} has a wrong check digit (EAN/UPC)`, field);
  }
  return v;
}
