// Finding a card by its code, typed or scanned at the till: each failed look-up is counted like a failed sign-in
// (core/auth/login-limiter.ts's failureLimiter: 10 from one address in 5 minutes, then 429 until the oldest ages
// out), whether by GET /api/gift-cards/:code or by a GIFT_CARD payment at checkout. A success forgets nothing.
import type { Db } from '../../core/db.js';
import { failureLimiter } from '../../core/auth/login-limiter.js';
import { AppError, tooManyRequests } from '../../core/errors.js';
import { perDb } from '../../core/repo-support.js';
import { cardCodeOf } from './code.js';
import { giftCardsRepo, type CardRow } from './repo.js';

const failedLookups = perDb((_db: Db) => failureLimiter());

/** The card `raw` names; 429 while `clientIp` is over the limit; 404 (naming `field` if given) when none, counted. */
export function lookUpCard(db: Db, raw: string, clientIp: string | null | undefined, field?: string): CardRow {
  const limiter = failedLookups(db);
  const keys = clientIp ? [`ip:${clientIp}`] : [];
  const wait = limiter.blockedFor(keys);
  if (wait > 0) throw tooManyRequests(`Too many failed gift card look-ups. Try again in ${Math.ceil(wait / 60000)} minute(s).`);
  const code = cardCodeOf(raw);
  const card = code ? giftCardsRepo(db).byCode(code) : undefined;
  if (card) return card;
  limiter.fail(keys);
  throw new AppError(404, 'NOT_FOUND', 'Gift card not found: check the code on the receipt', field ? { field } : undefined);
}
