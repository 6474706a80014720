// Phone numbers as shops look members up (#29): by the digits, whatever spaces, dashes or '+65' were typed or stored.
// Shared by customers' search and the till's join form. The same rule is the SQL of customers' `phone_key` column
// (plugins/customers/migrations/003-phone-key.sql), indexed for the till's look-up.

/** Characters a typed phone number may hold besides digits. */
export const PHONE_TEXT = /^[\d\s+().-]+$/;
/** A search needs this many digits to be taken as a phone number (fewer: an ordinary text search). */
export const PHONE_SEARCH_MIN_DIGITS = 3;

/**
 * The number's key: its digits, without Singapore's country code (65) when the number carries it (`+65 9123 4567`,
 * `6591234567`: `91234567`). Other countries' numbers keep their code. Null when there are no digits.
 */
export function phoneKey(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  if (!digits) return null;
  const withCode = phone.trim().startsWith('+65') || (digits.length === 10 && digits.startsWith('65'));
  return withCode ? digits.slice(2) : digits;
}

/**
 * A search typed as a phone number (only digits, spaces, '+', '-', '(', ')', '.', with at least 3 digits): its key,
 * matched against the start of the customers' phone keys. Null for any other search.
 */
export function phoneSearchKey(search: string | undefined | null): string | null {
  const text = search?.trim();
  if (!text || !PHONE_TEXT.test(text)) return null;
  const key = phoneKey(text);
  return key && key.length >= PHONE_SEARCH_MIN_DIGITS ? key : null;
}
