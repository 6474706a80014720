// The in-place approval prompt (checkout, exchange and return dialogs, the till's void): shown when the server
// answers 403 APPROVAL_REQUIRED, it takes a manager's (ADMIN's) username and password and the reason; in checkout,
// Approve goes back to the payment (the cash tendered still editable, #26.9) and Complete sends the same sale again
// with `approval`. Its CSS is in ui/styles.css.
import { useEffect, useRef } from 'react';

export interface ApprovalInput {
  username: string;
  password: string;
  reason: string;
}

export interface ManagerApprovalProps {
  /** The server's refusal, e.g. "Discount above 10% needs a manager's approval". */
  message: string;
  value: ApprovalInput;
  onChange: (v: ApprovalInput) => void;
  onApprove: () => void;
  busy: boolean;
  /** What the reason is for and the button says: the discount's by default; a void at the till (#26.4) says its own;
   * null: no reason asked (a return's reasons are on its lines). */
  reasonLabel?: string | null;
  reasonPlaceholder?: string;
  actionLabel?: string;
  /** The server's answer to the last try (e.g. the failed approval), shown under the fields. */
  error?: string | null;
}

/** Manager username, Manager password, Discount reason and 'Approve'; Enter in any of them approves. */
export function ManagerApproval(props: ManagerApprovalProps) {
  const { message, value, onChange, onApprove, busy, error } = props;
  const { reasonLabel = 'Discount reason', reasonPlaceholder = 'e.g. Damaged box', actionLabel = 'Approve' } = props;
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const ready = value.username.trim() !== '' && value.password !== '' && (reasonLabel === null || value.reason.trim() !== '');
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    e.stopPropagation();
    if (ready && !busy) onApprove();
  };
  return (
    // A fieldset (role group) rather than role="group" on a section: Pico lays [role=group] out as one input row.
    <fieldset className="manager-approval" aria-label="Manager approval" onKeyDown={onKeyDown}>
      <p role="alert">
        <strong>{message}</strong>
      </p>
      <div className="approval-fields">
        <label>
          Manager username
          <input
            ref={first}
            type="text"
            autoComplete="off"
            maxLength={100}
            value={value.username}
            onChange={(e) => onChange({ ...value, username: e.target.value })}
          />
        </label>
        <label>
          Manager password
          <input type="password" autoComplete="off" maxLength={200} value={value.password} onChange={(e) => onChange({ ...value, password: e.target.value })} />
        </label>
      </div>
      {reasonLabel === null ? null : (
        <label>
          {reasonLabel}
          <input
            type="text"
            maxLength={200}
            value={value.reason}
            placeholder={reasonPlaceholder}
            onChange={(e) => onChange({ ...value, reason: e.target.value })}
          />
        </label>
      )}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" onClick={onApprove} disabled={!ready || busy} aria-busy={busy || undefined}>
        {actionLabel}
      </button>
    </fieldset>
  );
}
