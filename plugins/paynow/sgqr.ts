// The PayNow SGQR payload: the EMVCo merchant-presented QR string (ID, 2-digit length, value, one after the
// other), with PayNow's merchant account template under ID 26 and the CRC under ID 63. Pure: no Node imports.

/** The largest amount a PayNow QR carries here, in cents ($999,999.99: banks refuse more in one transfer). */
export const PAYNOW_MAX_CENTS = 99_999_999;
/** EMV's bill number (62-01) holds at most 25 characters; banks' apps show it and the payer cannot edit it. */
export const PAYNOW_REFERENCE_MAX = 25;
/** What a PayNow reference may hold: letters, digits and hyphens (every bank app shows them as typed). */
export const PAYNOW_REFERENCE_PATTERN = /^[A-Za-z0-9-]{1,25}$/;
/** EMV's merchant name (59) holds at most 25 characters. */
export const MERCHANT_NAME_MAX = 25;

/** One TLV field: the 2-digit ID, the value's length as 2 digits, the value. */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new Error(`Not an EMV field ID: ${id}`);
  if (value.length > 99) throw new Error(`EMV field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) as 4 uppercase hex digits. */
export function crc16ccittFalse(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= (text.charCodeAt(i) & 0xff) << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * The shop's name as field 59 takes it: printable ASCII only (EMV's common character set; a Chinese or Tamil
 * name would not fit the length rule the apps apply), spaces collapsed, cut to 25 characters; 'NA' when none is left.
 */
export function merchantName(name: string): string {
  const ascii = name
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return ascii.slice(0, MERCHANT_NAME_MAX).trim() || 'NA';
}

/** Cents -> "12.50", the amount as field 54 carries it. */
export function amountText(amountCents: number): string {
  return `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
}

export interface SgqrInput {
  /** The shop's UEN, the PayNow proxy the payer's bank resolves. */
  uen: string;
  /** The amount to pay, in cents (1..PAYNOW_MAX_CENTS). */
  amountCents: number;
  /** The bill reference the payer's bank sends back with the transfer (PAYNOW_REFERENCE_PATTERN). */
  reference: string;
  /** The last day the QR may be paid, YYYY-MM-DD (shop-local). */
  expiry: string;
  /** The shop's name (cut to 25 characters). */
  shopName: string;
}

/** The SGQR payload: a dynamic PayNow QR to the shop's UEN for a fixed amount and reference, CRC included. */
export function sgqrPayload(input: SgqrInput): string {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1 || input.amountCents > PAYNOW_MAX_CENTS) {
    throw new Error(`Not a PayNow amount: ${input.amountCents} cents`);
  }
  if (!PAYNOW_REFERENCE_PATTERN.test(input.reference)) throw new Error(`Not a PayNow reference: ${input.reference}`);
  if (!/^[A-Za-z0-9]+$/.test(input.uen)) throw new Error(`Not a UEN: ${input.uen}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.expiry)) throw new Error(`Not a date: ${input.expiry}`);
  const merchantAccount = [
    tlv('00', 'SG.PAYNOW'),
    tlv('01', '2'), // proxy type: UEN
    tlv('02', input.uen),
    tlv('03', '0'), // the payer cannot edit the amount
    tlv('04', input.expiry.replace(/-/g, '')),
  ].join('');
  const body = [
    tlv('00', '01'), // payload format indicator
    tlv('01', '12'), // dynamic: one amount, one reference
    tlv('26', merchantAccount),
    tlv('52', '0000'), // merchant category code: not given
    tlv('53', '702'), // SGD
    tlv('54', amountText(input.amountCents)),
    tlv('58', 'SG'),
    tlv('59', merchantName(input.shopName)),
    tlv('60', 'Singapore'),
    tlv('62', tlv('01', input.reference)),
  ].join('');
  const withCrcTag = `${body}6304`;
  return withCrcTag + crc16ccittFalse(withCrcTag);
}
