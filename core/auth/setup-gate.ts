// First run in the browser (#26.8): while the database has no ADMIN account the shop is in setup mode, and
// `kedai serve` prints a link with a one-time code that opens /setup, where the owner creates their account and
// the shop's details. The gate below is the whole security of that: the code is random (80 bits), kept only in
// this process's memory (nothing on disk to copy or back up; a restart before setup makes and prints a new one,
// and the old link stops working), compared in constant time, and wrong codes are counted per address with the
// login limiter's rule (10 in 5 minutes, then 429 even for the right code). Once any ADMIN exists the gate is
// closed for good: every setup route answers 404, so setup can never be used to take over a running shop.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db.js';
import { AppError, forbidden, tooManyRequests } from '../errors.js';
import { failureLimiter } from './login-limiter.js';

/** RFC 4648 base32, lower case: no 0/1/8/9, so nothing reads as O, I, l or B when typed from a terminal. */
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** 10 random bytes: 80 bits, 16 characters. */
export const SETUP_CODE_BYTES = 10;

/** A fresh random setup code (16 base32 characters). */
export function newSetupCode(bytes = SETUP_CODE_BYTES): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of randomBytes(bytes)) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export const SETUP_DONE_MESSAGE = 'This shop is already set up. Sign in instead.';
export const SETUP_CODE_MESSAGE = 'This setup link is not valid. Open the link the Kedai server printed when it last started.';

/** 404 for every setup route once the shop has an owner. */
export const setupClosed = () => new AppError(404, 'NOT_FOUND', SETUP_DONE_MESSAGE);

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The setup mode of one running app: whether it is open, its code, and the check every setup request passes. */
export function setupGate(db: Db, now: () => number = Date.now) {
  const anyAdmin = db.prepare("SELECT 1 FROM core_user WHERE role = 'ADMIN' LIMIT 1").pluck();
  const code = newSetupCode();
  const expected = digest(code);
  const failures = failureLimiter(now);
  // Accounts are never deleted and the last ADMIN can be neither disabled away nor demoted, so once an ADMIN
  // exists it always will: remembered, so the open check costs nothing after setup.
  let closed = false;
  const isOpen = () => {
    if (!closed && anyAdmin.get() !== undefined) closed = true;
    return !closed;
  };
  return {
    /** True while no ADMIN account exists (the shop has no owner yet). */
    isOpen,
    /** The code of this run's setup link, or null once the shop has an owner. */
    code: (): string | null => (isOpen() ? code : null),
    /**
     * Lets a setup request through, or throws: 404 once set up, 429 after 10 wrong codes from this address in
     * 5 minutes (whatever code it sends now), 403 without the right code. Only a code that was sent and is
     * wrong counts as a guess.
     */
    check(ip: string, given: unknown) {
      if (!isOpen()) throw setupClosed();
      const keys = [`setup-ip:${ip}`];
      const wait = failures.blockedFor(keys);
      if (wait > 0) throw tooManyRequests(`Too many wrong setup codes. Try again in ${Math.ceil(wait / 60000)} minute(s).`);
      if (typeof given !== 'string' || given === '') throw forbidden(SETUP_CODE_MESSAGE);
      // Hashed first: timingSafeEqual needs equal lengths, and the digest hides the code's length too.
      if (!timingSafeEqual(digest(given.trim().toLowerCase()), expected)) {
        failures.fail(keys);
        throw forbidden(SETUP_CODE_MESSAGE);
      }
    },
  };
}
export type SetupGate = ReturnType<typeof setupGate>;
