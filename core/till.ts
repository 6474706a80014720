// A till's name ('Till 1'): each browser names its till once and sends the name on every API call as the
// X-Kedai-Till header, so payments, refunds and shifts know which drawer the cash went into. Pure: the
// server and the screens share the rule.

/** The header every UI call carries (lower case, as Node reads it). */
export const TILL_HEADER = 'x-kedai-till';
/** The longest till name. */
export const TILL_NAME_MAX = 40;
/** 1-40 printable ASCII characters (an HTTP header value), no space at either end. */
export const TILL_NAME_PATTERN = '^[!-~](?:[ -~]{0,38}[!-~])?$';
const TILL_NAME_RE = new RegExp(TILL_NAME_PATTERN);

/** Whether `name` is a valid till name as typed (no trimming here: the caller trims what a person typed). */
export function isTillName(name: unknown): name is string {
  return typeof name === 'string' && TILL_NAME_RE.test(name);
}

/** The message for a bad till name (the same on the server and in the screens). */
export const TILL_NAME_RULE = `A till name is 1-${TILL_NAME_MAX} letters, digits, spaces or punctuation (plain ASCII)`;
