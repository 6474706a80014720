// Changing a staff account (role, enabled, password) without ever locking the shop out of its admin screens.
import { writeTx, type Db } from '../../../core/db.js';
import { conflict, notFound } from '../../../core/errors.js';
import { usersRepo, type UserRow } from '../../../core/auth/users.js';
import { checkPassword } from '../validate.js';
import type { UpdateUserBody } from '../schemas.js';

/**
 * Applies an admin's change to account `id`. Refused with 409: disabling or demoting yourself, and leaving
 * no active ADMIN. Role and status change in one transaction (the last-admin count is read inside it);
 * a new password is hashed outside it so the slow scrypt does not hold the write lock.
 */
export async function updateUser(db: Db, scryptLogN: number, actorId: number, id: number, change: UpdateUserBody): Promise<UserRow> {
  const users = usersRepo(db, scryptLogN);
  if (change.password !== undefined) await checkPassword(change.password, users.findById(id)?.username);
  writeTx(db, () => {
    const user = users.findById(id);
    if (!user) throw notFound('User');
    const demoting = change.role === 'USER' && user.role === 'ADMIN';
    const disabling = change.active === false && user.active === 1;
    if (id === actorId && disabling) throw conflict('SELF_CHANGE', 'You cannot disable your own account');
    if (id === actorId && demoting) throw conflict('SELF_CHANGE', 'You cannot remove your own ADMIN role');
    if ((demoting || disabling) && user.role === 'ADMIN' && user.active === 1) {
      const activeAdmins = users.list().filter((u) => u.role === 'ADMIN' && u.active === 1).length;
      if (activeAdmins <= 1) throw conflict('LAST_ADMIN', 'At least one active ADMIN account is required');
    }
    if (change.role !== undefined && change.role !== user.role) users.setRole(id, change.role);
    if (change.active !== undefined && (change.active ? 1 : 0) !== user.active) users.setActive(id, change.active);
  });
  if (change.password !== undefined) users.setPassword(id, change.password);
  return users.findById(id)!;
}
