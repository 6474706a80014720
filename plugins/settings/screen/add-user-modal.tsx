// The Add User modal: username, password (twice) and role.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { FormModal, hasErrors } from '../../../ui/components/form-modal.js';
import type { Role, StaffUser } from './types.js';
import { errorText, fieldError, type FieldErrors } from './field-errors.js';
import { validateNewUser } from './form-rules.js';

/** Creates an account; reports it to `onAdded`. */
export function AddUserModal({ onClose, onAdded }: { onClose: () => void; onAdded: (u: StaffUser) => void }) {
  const [values, setValues] = useState({ username: '', password: '', confirm: '', role: 'USER' as Role });
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = () => (hasErrors(validateNewUser(values), setErrors) ? undefined : save());
  const save = async () => {
    try {
      const res = await api.post<{ user: StaffUser }>('/api/users', { username: values.username.trim(), password: values.password, role: values.role });
      toast.success(`User ${res.user.username} added successfully!`);
      onAdded(res.user);
    } catch (err) {
      const f = fieldError(err);
      if (f) setErrors({ [f.field]: f.message });
      else if (err instanceof Error && /taken/.test(err.message)) setErrors({ username: err.message });
      toast.error(errorText(err, 'Failed to add user'));
    }
  };

  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });
  const error = (key: string) => (errors[key] ? <small className="field-error">{errors[key]}</small> : null);
  return (
    <FormModal title="Add User" formId="add-user-form" onClose={onClose} onSubmit={submit} submitLabel="Add User" busyLabel="Saving...">
      <label htmlFor="new-username">
        Username *
        <input
          id="new-username"
          name="username"
          type="text"
          autoComplete="off"
          maxLength={40}
          value={values.username}
          onChange={set('username')}
          aria-invalid={errors.username ? true : undefined}
        />
        {error('username')}
      </label>
      <div className="grid">
        <label htmlFor="new-password">
          Password *
          <input
            id="new-password"
            name="password"
            type="password"
            autoComplete="new-password"
            maxLength={200}
            value={values.password}
            onChange={set('password')}
            aria-invalid={errors.password ? true : undefined}
          />
          {error('password')}
        </label>
        <label htmlFor="new-confirm">
          Confirm Password *
          <input
            id="new-confirm"
            name="confirm"
            type="password"
            autoComplete="new-password"
            maxLength={200}
            value={values.confirm}
            onChange={set('confirm')}
            aria-invalid={errors.confirm ? true : undefined}
          />
          {error('confirm')}
        </label>
      </div>
      <label htmlFor="new-role">
        Role
        <select id="new-role" name="role" value={values.role} onChange={set('role')}>
          <option value="USER">USER (till staff)</option>
          <option value="ADMIN">ADMIN (owner, manager)</option>
        </select>
      </label>
    </FormModal>
  );
}
