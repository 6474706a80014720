// Staff accounts API: ADMIN only, validation, the self and last-admin rules, sessions ended on disable/reset.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import settingsPlugin from './index.js';
import { updateUser } from './actions/update-user.js';
import type { AppError } from '../../core/errors.js';

let t: TestApp;
test.before(async () => {
  t = await testApp({ plugins: [settingsPlugin] });
});
test.after(async () => {
  await t.close();
});

const idOf = async (username: string) => {
  const r = await t.admin.get('/api/users');
  return (r.body.users as { id: number; username: string }[]).find((u) => u.username === username)!.id;
};

test('list: ADMIN sees accounts without password hashes; USER 403, anonymous 401', async () => {
  const r = await t.admin.get('/api/users');
  assert.is(r.status, 200);
  assert.equal(
    r.body.users.map((u: { username: string }) => u.username),
    ['admin', 'staff'],
  );
  assert.equal(Object.keys(r.body.users[0]).sort(), ['active', 'created_at', 'id', 'role', 'username']);
  assert.equal(r.body.pagination, { page: 1, pageSize: 50, total: 2 });
  assert.not.match(JSON.stringify(r.body), /scrypt|password/);
  assert.is((await t.staff.get('/api/users')).status, 403);
  assert.is((await t.anon.get('/api/users')).status, 401);
  const paged = await t.admin.get('/api/users?page=2&pageSize=1');
  assert.equal(
    paged.body.users.map((u: { username: string }) => u.username),
    ['staff'],
  );
  assert.is((await t.admin.get('/api/users?pageSize=500')).status, 400);
});

test('add a USER who can then sign in; duplicates 409; bad input 400', async () => {
  const r = await t.admin.post('/api/users', { username: 'cashier1', password: 'till-pass-1', role: 'USER' });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(r.body.user.username, 'cashier1');
  assert.is(r.body.user.role, 'USER');
  assert.is(r.body.user.active, true);
  const c = await t.login('cashier1', 'till-pass-1');
  assert.is((await c.get('/api/settings')).status, 200);
  assert.is((await c.get('/api/users')).status, 403);

  const dup = await t.admin.post('/api/users', { username: 'CASHIER1', password: 'another-1', role: 'USER' });
  assert.is(dup.status, 409);
  assert.is(dup.body.error, 'Username CASHIER1 is already taken');
  const cases: [Record<string, unknown>, string][] = [
    [{ username: 'x', password: 'secret-1', role: 'USER' }, 'username'],
    [{ username: 'bad name', password: 'secret-1', role: 'USER' }, 'username'],
    [{ username: 'ok.name', password: 'short', role: 'USER' }, 'password'],
    [{ username: 'ok.name', password: 'secret-1', role: 'OWNER' }, 'role'],
    [{ username: 'ok.name', password: 'secret-1' }, 'role'],
    [{ username: 'ok.name', password: 'secret-1', role: 'USER', admin: true }, 'admin'],
  ];
  for (const [body, field] of cases) {
    const bad = await t.admin.post('/api/users', body);
    assert.is(bad.status, 400, JSON.stringify(body));
    assert.is(bad.body.details.field, field, JSON.stringify(bad.body));
  }
  assert.is((await t.staff.post('/api/users', { username: 'sneaky', password: 'secret-1', role: 'ADMIN' })).status, 403);
  const names = (await t.admin.get('/api/users')).body.users.map((u: { username: string }) => u.username);
  assert.equal(names, ['admin', 'cashier1', 'staff']);
});

test('disabling an account ends its session at once (401) and blocks sign-in; enabling restores it', async () => {
  const session = await t.login('cashier1', 'till-pass-1');
  const id = await idOf('cashier1');
  const r = await t.admin.patch(`/api/users/${id}`, { active: false });
  assert.is(r.status, 200);
  assert.is(r.body.user.active, false);
  assert.is((await session.get('/api/settings')).status, 401);
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'cashier1', password: 'till-pass-1' } });
  assert.is(login.statusCode, 403);
  assert.is((await t.admin.patch(`/api/users/${id}`, { active: true })).body.user.active, true);
  const again = await t.login('cashier1', 'till-pass-1');
  assert.is((await again.get('/api/settings')).status, 200);
});

test('password reset: the old password and old sessions stop working, the new one signs in', async () => {
  const session = await t.login('cashier1', 'till-pass-1');
  const id = await idOf('cashier1');
  const r = await t.admin.patch(`/api/users/${id}`, { password: 'new-pass-22' });
  assert.is(r.status, 200);
  assert.is((await session.get('/api/settings')).status, 401);
  const old = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'cashier1', password: 'till-pass-1' } });
  assert.is(old.statusCode, 401);
  await t.login('cashier1', 'new-pass-22');
  const short = await t.admin.patch(`/api/users/${id}`, { password: 'abc' });
  assert.is(short.status, 400);
  assert.is(short.body.details.field, 'password');
});

test('role change: a USER promoted to ADMIN reaches ADMIN routes with a new session', async () => {
  const id = await idOf('cashier1');
  const r = await t.admin.patch(`/api/users/${id}`, { role: 'ADMIN' });
  assert.is(r.body.user.role, 'ADMIN');
  const c = await t.login('cashier1', 'new-pass-22');
  assert.is((await c.get('/api/users')).status, 200);
  assert.is((await t.admin.patch(`/api/users/${id}`, { role: 'USER' })).status, 200);
});

test('an admin cannot disable or demote themselves (409); another admin can, while one active ADMIN remains', async () => {
  const me = await idOf('admin');
  const self1 = await t.admin.patch(`/api/users/${me}`, { active: false });
  assert.is(self1.status, 409);
  assert.is(self1.body.error, 'You cannot disable your own account');
  const self2 = await t.admin.patch(`/api/users/${me}`, { role: 'USER' });
  assert.is(self2.status, 409);
  assert.is(self2.body.error, 'You cannot remove your own ADMIN role');

  await t.admin.post('/api/users', { username: 'owner2', password: 'owner-pass-2', role: 'ADMIN' });
  const o2 = await idOf('owner2');
  const owner2 = await t.login('owner2', 'owner-pass-2');
  // Two active admins: owner2 may demote admin; admin's old session ends (its role changed).
  assert.is((await owner2.patch(`/api/users/${me}`, { role: 'USER' })).status, 200);
  assert.is((await t.admin.get('/api/users')).status, 401);
  const stillOwner2 = await owner2.patch(`/api/users/${o2}`, { active: false });
  assert.is(stillOwner2.status, 409, 'owner2, the last ADMIN, cannot disable themselves');
  assert.is((await owner2.patch(`/api/users/${me}`, { role: 'ADMIN' })).status, 200);
  t.admin = await t.login('admin', 'admin123');
  assert.is((await t.admin.patch(`/api/users/${o2}`, { active: false })).status, 200);
});

test('last-admin rule: two admins disabling each other at the same time leave one active (409 for the second)', async () => {
  const t2 = await testApp({ plugins: [settingsPlugin] });
  const boss = (await t2.admin.post('/api/users', { username: 'boss', password: 'boss-pass-1', role: 'ADMIN' })).body.user.id;
  const adminId = (await t2.admin.get('/api/users')).body.users.find((u: { username: string }) => u.username === 'admin').id;
  // Both requests passed the session check before either wrote: admin disables boss, then boss disables admin.
  await updateUser(t2.app.db, 10, adminId, boss, { active: false });
  let error: Error | undefined;
  try {
    await updateUser(t2.app.db, 10, boss, adminId, { active: false });
  } catch (err) {
    error = err as Error;
  }
  assert.is((error as AppError | undefined)?.statusCode, 409);
  assert.is(error?.message, 'At least one active ADMIN account is required');
  await updateUser(t2.app.db, 10, boss, adminId, { role: 'USER' }).then(
    () => assert.unreachable('demoted the last admin'),
    (err: Error) => assert.match(err.message, /At least one active ADMIN/),
  );
  const raw = t2.app.db.prepare("SELECT COUNT(*) AS n FROM core_user WHERE role = 'ADMIN' AND active = 1").get() as { n: number };
  assert.is(raw.n, 1);
  await t2.close();
});

test('unknown account 404, bad id 400, unknown field 400', async () => {
  const r = await t.admin.patch('/api/users/9999', { active: false });
  assert.is(r.status, 404);
  assert.is(r.body.error, 'User not found');
  assert.is((await t.admin.patch('/api/users/abc', { active: false })).status, 400);
  const extra = await t.admin.patch(`/api/users/${await idOf('staff')}`, { username: 'renamed' });
  assert.is(extra.status, 400);
  assert.is(extra.body.details.field, 'username');
  assert.is((await t.admin.patch(`/api/users/${await idOf('staff')}`, { active: 'no' })).status, 400);
});

test.run();
