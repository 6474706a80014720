// Salted scrypt password hashes: "scrypt$logN$r$p$salt$hash" (base64), so the cost can rise later.
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;

/** Hashes a password with a fresh 16-byte salt. */
export function hashPassword(password: string, logN = 17): string {
  const salt = randomBytes(16);
  const N = 2 ** logN;
  const r = 8;
  const p = 1;
  const hash = scryptSync(password, salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r });
  return ['scrypt', logN, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** True when the password matches the stored hash (constant-time compare). */
export function verifyPassword(password: string, stored: string): boolean {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const logN = Number(parts[1]);
  const r = Number(parts[2]);
  const p = Number(parts[3]);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  const N = 2 ** logN;
  const actual = scryptSync(password, salt, expected.length, { N, r, p, maxmem: 256 * N * r });
  return timingSafeEqual(actual, expected);
}
