// Staff accounts: the list, Add User, Reset Password, Make ADMIN / Make USER, Disable / Enable.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { confirmDialog } from '../../../ui/components/confirm.js';
import { DataTable, RowActions } from '../../../ui/components/data-table.js';
import { ListStatus } from '../../../ui/components/list-screen.js';
import { Pager } from '../../../ui/components/pager.js';
import { dateText } from '../../../ui/format.js';
import { signOut } from '../../../ui/session.js';
import { useQuery } from '../../../ui/use-query.js';
import type { StaffUser, UserList } from './types.js';
import { AddUserModal } from './add-user-modal.js';
import { ResetPasswordModal } from './reset-password-modal.js';
import { errorText } from './field-errors.js';

const PAGE_SIZE = 50;
const COLUMNS = ['Username', 'Role', 'Status', 'Created', 'Actions'];

/** The staff list for an ADMIN; `me` is the signed-in username (their own row cannot be disabled or demoted). */
export function StaffAccounts({ me }: { me: string | undefined }) {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<StaffUser | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const list = useQuery(['users', page], () => api.get<UserList>('/api/users', { page, pageSize: PAGE_SIZE }));
  const users = list.data?.users ?? [];

  const change = async (u: StaffUser, body: { active?: boolean; role?: 'ADMIN' | 'USER' }, question: string, done: string) => {
    if (!(await confirmDialog(question))) return;
    setBusyId(u.id);
    try {
      await api.patch(`/api/users/${u.id}`, body);
      toast.success(done);
      await list.reload();
    } catch (err) {
      toast.error(errorText(err, 'Failed to update user'));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <article className="staff-accounts">
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '1rem', flexWrap: 'wrap' }}>
        <h3 style={{ margin: 0 }}>Staff Accounts</h3>
        <button type="button" style={{ width: 'auto', margin: 0 }} onClick={() => setAdding(true)}>
          + Add User
        </button>
      </header>
      <ListStatus query={list} noun="users" rows={users} empty="No users yet" />
      {users.length > 0 ? (
        <DataTable columns={COLUMNS}>
          {users.map((u) => {
            const self = u.username === me;
            const busy = busyId === u.id;
            return (
              <tr key={u.id} data-user={u.username}>
                <td>
                  {u.username}
                  {self ? ' (you)' : ''}
                </td>
                <td>
                  <span className={`role-badge role-${u.role.toLowerCase()}`}>{u.role}</span>
                </td>
                <td>{u.active ? 'Active' : 'Disabled'}</td>
                <td>{dateText(u.created_at)}</td>
                <RowActions>
                  <button type="button" className="secondary outline" disabled={busy} onClick={() => setResetting(u)}>
                    Reset Password
                  </button>
                  <button
                    type="button"
                    className="secondary outline"
                    disabled={busy || self}
                    title={self ? 'You cannot change your own role' : undefined}
                    onClick={() =>
                      void change(
                        u,
                        { role: u.role === 'ADMIN' ? 'USER' : 'ADMIN' },
                        u.role === 'ADMIN'
                          ? `Make ${u.username} a USER? They lose access to the admin screens.`
                          : `Make ${u.username} an ADMIN? They get access to every screen.`,
                        `${u.username} is now ${u.role === 'ADMIN' ? 'USER' : 'ADMIN'}`,
                      )
                    }
                  >
                    {u.role === 'ADMIN' ? 'Make USER' : 'Make ADMIN'}
                  </button>
                  <button
                    type="button"
                    className={u.active ? 'contrast outline' : 'outline'}
                    disabled={busy || self}
                    title={self ? 'You cannot disable your own account' : undefined}
                    onClick={() =>
                      void change(
                        u,
                        { active: !u.active },
                        u.active ? `Disable ${u.username}? They are signed out at once and cannot sign in.` : `Enable ${u.username}? They can sign in again.`,
                        `${u.username} ${u.active ? 'disabled' : 'enabled'}`,
                      )
                    }
                  >
                    {u.active ? 'Disable' : 'Enable'}
                  </button>
                </RowActions>
              </tr>
            );
          })}
        </DataTable>
      ) : null}
      {(list.data?.pagination.total ?? 0) > PAGE_SIZE ? <Pager page={page} pageSize={PAGE_SIZE} total={list.data!.pagination.total} onPage={setPage} /> : null}
      {adding ? (
        <AddUserModal
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            void list.reload();
          }}
        />
      ) : null}
      {resetting ? (
        <ResetPasswordModal
          user={resetting}
          onClose={() => setResetting(null)}
          onDone={() => {
            const self = resetting.username === me;
            setResetting(null);
            // Their own sessions ended with the reset, this one included.
            if (self) void signOut();
          }}
        />
      ) : null}
    </article>
  );
}
