// The till's discount rule: how much staff (USER) may discount a sale before an ADMIN must approve it at checkout.
import { useEffect, useState, type FormEvent } from 'react';
import { useUnsaved } from './unsaved.js';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { errorText } from './field-errors.js';
import type { ShopSettings } from './types.js';

/** 0..100 with at most 2 decimals, else the message to show. */
export function discountLimitProblem(text: string): string | null {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n < 0 || n > 100 || Math.round(n * 100) !== n * 100) {
    return 'Enter a percent from 0 to 100 (at most 2 decimals)';
  }
  return null;
}

/** 'Max staff discount (%)' and its own 'Save Discount Limit' button. */
export function DiscountLimitCard({ settings, onSaved }: { settings: ShopSettings; onSaved: (s: ShopSettings) => void }) {
  const [text, setText] = useState(String(settings.max_staff_discount_percent));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setText(String(settings.max_staff_discount_percent)), [settings.max_staff_discount_percent]);
  useUnsaved('Discounts', (text ?? '').trim() !== String(settings.max_staff_discount_percent));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = discountLimitProblem(text);
    setError(problem);
    if (problem || saving) return;
    setSaving(true);
    try {
      const res = await api.patch<{ settings: ShopSettings }>('/api/settings', { max_staff_discount_percent: Number(text) });
      toast.success('Settings saved successfully!');
      onSaved(res.settings);
    } catch (err) {
      toast.error(errorText(err, 'Failed to save settings'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <article className="discount-limit">
      <header><h3>Discounts</h3></header>
      <p className="muted">Staff can give up to this discount on a sale; above it, an admin approves at the till with their password.</p>
      <form noValidate onSubmit={submit}>
        <label htmlFor="settings-max_staff_discount_percent">
          Max staff discount (%)
          <input
            id="settings-max_staff_discount_percent" type="number" min={0} max={100} step="0.01" inputMode="decimal" value={text}
            aria-invalid={error ? true : undefined} onChange={(e) => setText(e.target.value)} style={{ maxWidth: '10rem' }}
          />
          {error ? <small className="field-error">{error}</small> : null}
        </label>
        <button type="submit" disabled={saving} aria-busy={saving || undefined} style={{ width: 'auto' }}>
          {saving ? 'Saving...' : 'Save Discount Limit'}
        </button>
      </form>
    </article>
  );
}
