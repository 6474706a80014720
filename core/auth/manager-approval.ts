// A manager's approval typed at the till (e.g. a discount above the staff limit): the same password check as
// sign-in, counted by the same rate limiter, so guessing an owner's password at the till is no easier than at login.
import { forbidden, tooManyRequests } from '../errors.js';
import type { loginLimiter } from './login-limiter.js';
import { verifyPassword } from './password.js';
import type { UsersRepo } from './users.js';

export interface Approver {
  id: number;
  username: string;
}
export type ApproveAsManager = (ip: string, username: string, password: string) => Approver;

export const APPROVAL_FAILED = 'Manager approval failed: wrong username or password, or not an active admin';

/** Checks that username/password belong to an active ADMIN; 403 otherwise (counted as a failed sign-in), 429 when rate-limited. */
export function managerApproval(users: UsersRepo, limiter: ReturnType<typeof loginLimiter>): ApproveAsManager {
  return (ip, username, password) => {
    const wait = limiter.blockedFor(ip, username);
    if (wait > 0) throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60000)} minute(s).`);
    const row = users.findByUsername(username.trim());
    // One message for every failure, so the till never tells which usernames exist or which are admins.
    if (!row || !verifyPassword(password, row.password_hash) || row.active !== 1 || row.role !== 'ADMIN') {
      limiter.fail(ip, username);
      throw forbidden(APPROVAL_FAILED);
    }
    limiter.succeed(ip, username);
    return { id: row.id, username: row.username };
  };
}
