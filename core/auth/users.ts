// Staff accounts: the only SQL that touches core_user.
import { Type, type Static } from 'typebox';
import type { Db } from '../db.js';
import { nowIso } from '../db.js';
import { hashPassword } from './password.js';
import { Role as RoleSchema } from './schemas.js';

export type Role = 'ADMIN' | 'USER';
export const ROLES: Role[] = ['ADMIN', 'USER'];

export interface UserRow {
  id: number;
  username: string;
  password_hash: string;
  role: Role;
  active: number;
  session_epoch: number;
  created_at: string;
  updated_at: string;
}

/** The public view of an account (what the staff routes return). */
export const PublicUser = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  role: RoleSchema,
  active: Type.Boolean(),
  created_at: Type.String(),
});
export type PublicUser = Static<typeof PublicUser>;

export const toPublicUser = (u: UserRow): PublicUser => ({ id: u.id, username: u.username, role: u.role, active: u.active === 1, created_at: u.created_at });

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{2,40}$/;

/** Account queries, prepared once per connection. */
export function usersRepo(db: Db, scryptLogN = 17) {
  const byName = db.prepare('SELECT * FROM core_user WHERE username = ?');
  const byId = db.prepare('SELECT * FROM core_user WHERE id = ?');
  const all = db.prepare('SELECT * FROM core_user ORDER BY username');
  const insert = db.prepare('INSERT INTO core_user (username, password_hash, role, active, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)');
  const count = db.prepare('SELECT COUNT(*) AS n FROM core_user');
  return {
    findByUsername: (username: string) => byName.get(username) as UserRow | undefined,
    findById: (id: number) => byId.get(id) as UserRow | undefined,
    list: () => all.all() as UserRow[],
    count: () => (count.get() as { n: number }).n,
    /** Creates an account; throws if the name is taken or malformed. */
    create(username: string, password: string, role: Role): UserRow {
      if (!USERNAME_PATTERN.test(username)) throw new Error('Username must be 2-40 letters, digits, dots, dashes or underscores');
      if (password.length < 8) throw new Error('Password must be at least 8 characters');
      if (!ROLES.includes(role)) throw new Error(`Role must be one of ${ROLES.join(', ')}`);
      if (byName.get(username)) throw new Error(`User ${username} already exists`);
      const now = nowIso();
      const { lastInsertRowid } = insert.run(username, hashPassword(password, scryptLogN), role, now, now);
      return byId.get(lastInsertRowid) as UserRow;
    },
    /** Sets a new password and ends the account's existing sessions. */
    setPassword(id: number, password: string) {
      if (password.length < 8) throw new Error('Password must be at least 8 characters');
      db.prepare('UPDATE core_user SET password_hash = ?, session_epoch = session_epoch + 1, updated_at = ? WHERE id = ?').run(
        hashPassword(password, scryptLogN),
        nowIso(),
        id,
      );
    },
    /** Enables or disables an account; disabling ends its sessions. */
    setActive(id: number, active: boolean) {
      db.prepare('UPDATE core_user SET active = ?, session_epoch = session_epoch + ?, updated_at = ? WHERE id = ?').run(
        active ? 1 : 0,
        active ? 0 : 1,
        nowIso(),
        id,
      );
    },
    setRole(id: number, role: Role) {
      db.prepare('UPDATE core_user SET role = ?, session_epoch = session_epoch + 1, updated_at = ? WHERE id = ?').run(role, nowIso(), id);
    },
  };
}
export type UsersRepo = ReturnType<typeof usersRepo>;
