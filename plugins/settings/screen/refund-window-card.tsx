// The shop's refund policy (#26.4): how many days after a sale a cashier may take goods back without a manager;
// older sales (and returns without the receipt) need an admin's password at the till. 0 turns the window off.
import { useEffect, useState, type FormEvent } from 'react';
import { useUnsaved } from './unsaved.js';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { errorText } from './field-errors.js';
import type { ShopSettings } from './types.js';

/** A whole number of days 0..3650, else the message to show. */
export function refundWindowProblem(text: string): string | null {
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < 0 || n > 3650) return 'Enter whole days from 0 (no window) to 3650';
  return null;
}

/** 'Refund window (days)' and its own 'Save Refund Window' button. */
export function RefundWindowCard({ settings, onSaved }: { settings: ShopSettings; onSaved: (s: ShopSettings) => void }) {
  const [text, setText] = useState(String(settings.refund_window_days));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setText(String(settings.refund_window_days)), [settings.refund_window_days]);
  useUnsaved('Returns', text.trim() !== String(settings.refund_window_days));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = refundWindowProblem(text);
    setError(problem);
    if (problem || saving) return;
    setSaving(true);
    try {
      const res = await api.patch<{ settings: ShopSettings }>('/api/settings', { refund_window_days: Number(text) });
      toast.success('Settings saved successfully!');
      onSaved(res.settings);
    } catch (err) {
      toast.error(errorText(err, 'Failed to save settings'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <article className="refund-window">
      <header><h3>Returns</h3></header>
      <p className="muted">Staff take goods back without a manager up to this many days after the sale, with the receipt. An older sale, or a return without the receipt, needs an admin&apos;s password at the till. 0: no time limit.</p>
      <form noValidate onSubmit={submit}>
        <label htmlFor="settings-refund_window_days">
          Refund window (days)
          <input
            id="settings-refund_window_days" type="number" min={0} max={3650} step={1} inputMode="numeric" value={text}
            aria-invalid={error ? true : undefined} onChange={(e) => setText(e.target.value)} style={{ maxWidth: '10rem' }}
          />
          {error ? <small className="field-error">{error}</small> : null}
        </label>
        <button type="submit" disabled={saving} aria-busy={saving || undefined} style={{ width: 'auto' }}>
          {saving ? 'Saving...' : 'Save Refund Window'}
        </button>
      </form>
    </article>
  );
}
