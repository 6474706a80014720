// Pairing a display to a till: the till asks for a short code (6 characters, 10 minutes, used once), the display
// sends it back and gets a random token bound to that till. Codes live in memory only (a restart forgets them:
// the till asks again); tokens are stored as their SHA-256 (repo.ts), so they survive restarts.
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Letters and digits a person reads off a screen without confusing them: no 0/O, 1/I/L. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 6;
/** A code works for 10 minutes after the till showed it. */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** More live codes than this (tills x unused codes) is not a shop: the oldest are dropped. */
const MAX_CODES = 1000;

/** A new random code (crypto.randomInt: every character equally likely). */
export function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A code as typed: upper case, spaces and hyphens dropped ('k7m 2qx' -> 'K7M2QX'). */
export function normalizeCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]+/g, '');
}

/** A new display token (256 random bits, URL-safe) and the hash the database keeps of it. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token) };
}

/** The SHA-256 (hex) of a token: what display_pairing stores and looks tokens up by. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

interface PendingCode {
  till: string;
  userId: number | null;
  expiresAt: number;
}

/** The codes waiting to be typed on a display: one per till (a new code replaces the till's earlier one). */
export function pairingCodes(now: () => number = Date.now) {
  const byCode = new Map<string, PendingCode>();
  const byTill = new Map<string, string>();
  const drop = (code: string) => {
    const p = byCode.get(code);
    byCode.delete(code);
    if (p && byTill.get(p.till) === code) byTill.delete(p.till);
  };
  const sweep = () => {
    for (const [code, p] of byCode) if (p.expiresAt <= now()) drop(code);
  };
  return {
    /** A new code for the till (its earlier unused code stops working). */
    issue(till: string, userId: number | null): { code: string; expiresAt: number } {
      sweep();
      const earlier = byTill.get(till);
      if (earlier) drop(earlier);
      while (byCode.size >= MAX_CODES) drop(byCode.keys().next().value!);
      let code = newCode();
      while (byCode.has(code)) code = newCode();
      const expiresAt = now() + CODE_TTL_MS;
      byCode.set(code, { till, userId, expiresAt });
      byTill.set(till, code);
      return { code, expiresAt };
    },
    /** The till's code still waiting, if any. */
    pendingFor(till: string): { code: string; expiresAt: number } | null {
      const code = byTill.get(till);
      const p = code ? byCode.get(code) : undefined;
      if (!code || !p || p.expiresAt <= now()) return null;
      return { code, expiresAt: p.expiresAt };
    },
    /** Uses a typed code up: the till it pairs with, or null when it is wrong or expired. */
    take(typed: string): { till: string; userId: number | null } | null {
      const code = normalizeCode(typed);
      const p = byCode.get(code);
      if (!p) return null;
      drop(code);
      return p.expiresAt > now() ? { till: p.till, userId: p.userId } : null;
    },
    /** Forgets the till's waiting code (its display was unpaired). */
    cancel(till: string) {
      const code = byTill.get(till);
      if (code) drop(code);
    },
  };
}
