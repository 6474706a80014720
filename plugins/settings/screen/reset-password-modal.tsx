// The Reset Password modal: a new password, typed twice; the account's open sessions end.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { FormModal, hasErrors } from '../../../ui/components/form-modal.js';
import type { StaffUser } from './types.js';
import { MIN_PASSWORD } from './form-rules.js';
import { errorText, type FieldErrors } from './field-errors.js';

/** Sets a new password for `user`; `onDone` runs after the server accepted it. */
export function ResetPasswordModal({ user, onClose, onDone }: { user: StaffUser; onClose: () => void; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = () => {
    const found: FieldErrors = {};
    if (password.length < MIN_PASSWORD) found.password = `Password must be at least ${MIN_PASSWORD} characters`;
    else if (password !== confirm) found.confirm = 'The passwords do not match';
    return hasErrors(found, setErrors) ? undefined : save();
  };
  const save = async () => {
    try {
      await api.patch(`/api/users/${user.id}`, { password });
      toast.success(`Password reset for ${user.username}`);
      onDone();
    } catch (err) {
      toast.error(errorText(err, 'Failed to reset password'));
    }
  };

  return (
    <FormModal
      title={`Reset Password for ${user.username}`}
      formId="reset-password-form"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Reset Password"
      busyLabel="Saving..."
    >
      <p className="muted">{user.username} will be signed out everywhere and must use the new password.</p>
      <label htmlFor="reset-password">
        New Password *
        <input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          maxLength={200}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={errors.password ? true : undefined}
        />
        {errors.password ? <small className="field-error">{errors.password}</small> : null}
      </label>
      <label htmlFor="reset-confirm">
        Confirm Password *
        <input
          id="reset-confirm"
          type="password"
          autoComplete="new-password"
          maxLength={200}
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          aria-invalid={errors.confirm ? true : undefined}
        />
        {errors.confirm ? <small className="field-error">{errors.confirm}</small> : null}
      </label>
    </FormModal>
  );
}
