// A Singapore UEN (Unique Entity Number): 9 or 10 letters and digits (53312345A, 201912345K, T09LL0001B).
// Shared by the server (customers, a sale's buyer) and the screens, so both refuse the same texts.

const UEN_FORMAT = /^[A-Za-z0-9]{9,10}$/;

/** How a UEN must look, for messages: "<field> must be ...". */
export const UEN_RULE = '9 or 10 letters and digits (e.g. 201912345K)';

/** True when the text (trimmed) is a UEN; an empty text is no UEN, which callers treat as "none given". */
export function isUen(text: string): boolean {
  return UEN_FORMAT.test(text.trim());
}

/** The UEN as stored and printed: trimmed, upper case; null for an empty text. */
export function normalUen(text: string | null | undefined): string | null {
  const t = text?.trim();
  return t ? t.toUpperCase() : null;
}
