// Finding the credit note the till was given (#25): by its printed number or its redemption code, each failed
// look-up counted like a failed sign-in (core/auth/login-limiter.ts's failureLimiter, the same rule: 10
// failures from one address in 5 minutes, then 429 for every look-up from it until the oldest ages out).
// Used by GET .../by-number/:number and by a credit note tendered at checkout. A success forgets nothing, so
// a known code cannot be slipped in between guesses to keep going.
import type { Db } from '../../core/db.js';
import { AppError, notFound, tooManyRequests } from '../../core/errors.js';
import { failureLimiter } from '../../core/auth/login-limiter.js';
import { perDb } from '../../core/repo-support.js';
import { creditNotesRepo, type CreditNoteRow } from './repo.js';
import { redemptionCodeOf } from '../../core/bearer-code.js';

/** Failed look-ups per client address: one counter per app (an app has one connection), in memory. */
const failedLookups = perDb((_db: Db) => failureLimiter());

/** Normalises a typed or scanned note number (case and surrounding spaces do not matter). */
export function noteNumberOf(raw: string): string {
  return raw.trim().toUpperCase();
}

export interface FoundNote {
  note: CreditNoteRow;
  /** What the till gave: the note's number (no secret) or its redemption code (what spends a walk-in's note). */
  by: 'number' | 'code';
}

/**
 * The note `raw` names: its number (CN-yyyymmdd-nnnn) or its code (case, spaces and dashes ignored). 429 while
 * `clientIp` is over the limit; 404 when nothing matches, counted against `clientIp` (none given: a caller
 * inside the server, such as an exchange spending the note it just issued, is not counted). `field` is named
 * in the 404's details (a checkout payment's reference).
 */
export function lookUpNote(db: Db, raw: string, clientIp?: string | null, field?: string): FoundNote {
  const limiter = failedLookups(db);
  const keys = clientIp ? [`ip:${clientIp}`] : [];
  const wait = limiter.blockedFor(keys);
  if (wait > 0) throw tooManyRequests(`Too many failed credit note look-ups. Try again in ${Math.ceil(wait / 60000)} minute(s).`);
  const repo = creditNotesRepo(db);
  const byNumber = repo.byNumber(noteNumberOf(raw));
  if (byNumber) return { note: byNumber, by: 'number' };
  const code = redemptionCodeOf(raw);
  const byCode = code ? repo.byCode(code) : undefined;
  if (byCode) return { note: byCode, by: 'code' };
  limiter.fail(keys);
  if (!field) throw notFound('Credit note');
  throw new AppError(404, 'NOT_FOUND', `Credit note ${raw.trim()} not found`, { field });
}

export const CODE_REQUIRED = 'is a walk-in credit note: scan or type the code printed on its slip to use it (its number alone cannot spend it)';

/**
 * The note tendered at checkout as `reference`: a walk-in's note (no customer: whoever holds it may spend it)
 * only by its redemption code, a customer's note by its number or its code (it pays only that customer's
 * sales: spendCreditNote). 400 CREDIT_NOTE_CODE_REQUIRED for a walk-in's note given by number.
 */
export function tenderedNote(db: Db, reference: string, ctx: { clientIp?: string | null; field: string }): CreditNoteRow {
  const { note, by } = lookUpNote(db, reference, ctx.clientIp, ctx.field);
  if (by === 'number' && note.customer_id === null) {
    throw new AppError(400, 'CREDIT_NOTE_CODE_REQUIRED', `Credit note ${note.number} ${CODE_REQUIRED}`, { field: ctx.field });
  }
  return note;
}
