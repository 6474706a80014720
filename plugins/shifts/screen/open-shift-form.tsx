// Opening the till's shift: the float counted into the drawer, then 'Open Shift'.
import { useState, type FormEvent } from 'react';
import { api } from '../../../ui/api.js';
import { money } from '../../../ui/format.js';
import { toast } from '../../../ui/toast.js';
import { parseAmount } from '../../../core/money.js';
import type { ShiftReply } from './types.js';

/** 'Opening float' and 'Open Shift'; `onOpened` after the server opened it. */
export function OpenShiftForm({ till, onOpened }: { till: string; onOpened: () => void }) {
  const [float, setFloat] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const cents = parseAmount(float.trim() === '' ? '0' : float.trim());
    if (cents === null) {
      toast.error('Please enter a valid opening float');
      return;
    }
    setBusy(true);
    try {
      const r = await api.post<ShiftReply>('/api/shifts', { till, opening_float: cents / 100 });
      toast.success(`Shift opened on ${till} with a float of ${money(r.shift.opening_float)}`);
      onOpened();
    } catch (err) {
      toast.error(`Failed to open shift: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <label>
        Opening float
        <input type="number" min={0} step={0.01} placeholder="0.00" value={float} onChange={(e) => setFloat(e.target.value)} />
      </label>
      <button type="submit" disabled={busy} aria-busy={busy || undefined}>
        Open Shift
      </button>
      <span className="muted">No open shift.</span>
    </form>
  );
}
