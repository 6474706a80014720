// Presigned upload tickets: the form fields a browser posts with the file, signed with HMAC so the
// upload endpoint can trust them without a session (as an S3 presigned POST does).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { forbidden } from '../../core/errors.js';
import { FILE_ID_PATTERN } from './file-store.js';

/** The fields of a ticket, all strings as they travel in a multipart form. */
// A type alias (not an interface) so it passes where a plain string map is expected.
export type TicketFields = {
  key: string;
  productId: string;
  contentType: string;
  maxSize: string;
  expires: string;
  signature: string;
};

export interface Ticket {
  fileId: string;
  productId: number;
  contentType: string;
  maxSize: number;
  /** Unix time (seconds) after which the ticket is refused. */
  expires: number;
}

export const TICKET_FIELD_NAMES = ['key', 'productId', 'contentType', 'maxSize', 'expires', 'signature'] as const;

/** Derives the ticket-signing key from the data folder's secret, so it is never the JWT key itself. */
export function ticketKey(secret: Buffer | string): Buffer {
  return createHmac('sha256', secret).update('kedai/images/upload-ticket/v1').digest();
}

function sign(key: Buffer, f: Omit<TicketFields, 'signature'>): string {
  return createHmac('sha256', key)
    .update(JSON.stringify([f.key, f.productId, f.contentType, f.maxSize, f.expires]))
    .digest('hex');
}

/** Signs a ticket into its form fields. */
export function signTicket(key: Buffer, t: Ticket): TicketFields {
  const fields = {
    key: t.fileId,
    productId: String(t.productId),
    contentType: t.contentType,
    maxSize: String(t.maxSize),
    expires: String(t.expires),
  };
  return { ...fields, signature: sign(key, fields) };
}

/** Checks posted fields: 403 when a field is missing or changed, or the ticket has expired. */
export function verifyTicket(key: Buffer, fields: Partial<Record<string, string>>, nowSeconds = Math.floor(Date.now() / 1000)): Ticket {
  const f = fields as Partial<TicketFields>;
  if (TICKET_FIELD_NAMES.some((n) => typeof f[n] !== 'string')) throw forbidden('Upload ticket is missing or invalid');
  const expected = Buffer.from(sign(key, f as TicketFields), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(f.signature!) ? f.signature! : '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw forbidden('Upload ticket is invalid');
  const ticket: Ticket = {
    fileId: f.key!,
    productId: Number(f.productId),
    contentType: f.contentType!,
    maxSize: Number(f.maxSize),
    expires: Number(f.expires),
  };
  // Signed by us, so these hold; checked anyway so a key leak cannot write outside the images folder.
  if (!FILE_ID_PATTERN.test(ticket.fileId) || !Number.isSafeInteger(ticket.productId) || !Number.isSafeInteger(ticket.expires)) {
    throw forbidden('Upload ticket is invalid');
  }
  if (ticket.expires < nowSeconds) throw forbidden('Upload ticket has expired');
  return ticket;
}
