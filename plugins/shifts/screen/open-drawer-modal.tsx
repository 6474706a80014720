// 'Open Drawer': the cash drawer opened without a sale (change for a note, a mistake put right), with the reason.
// The server kicks it through the receipt printer and records who, when and why on the shift's X/Z report (#25).
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { FormModal } from '../../../ui/components/form-modal.js';
import { toast } from '../../../ui/toast.js';

/** The form: Reason, then Open. */
export function OpenDrawerModal({ till, onClose }: { till: string; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!reason.trim()) {
      setError('Please enter a reason');
      return;
    }
    return (async () => {
      try {
        await api.post('/api/drawer/open', { reason: reason.trim() });
        toast.success(`Drawer opened at ${till}`);
        onClose();
      } catch (err) {
        toast.error(`Failed to open the drawer: ${err instanceof Error ? err.message : String(err)}`);
      }
    })();
  };

  return (
    <FormModal title={`Open Drawer — ${till}`} formId="open-drawer-form" onClose={onClose} onSubmit={submit} submitLabel="Open Drawer" busyLabel="Opening...">
      <label>
        Reason
        <input
          type="text"
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="e.g. Change for a $50 note"
          aria-invalid={error ? true : undefined}
        />
      </label>
      {error ? (
        <small role="alert" className="text-danger">
          {error}
        </small>
      ) : null}
    </FormModal>
  );
}
