// Inventory's setting (#30.3) on the Settings screen (settings' slot 'settings-card', ADMIN): the shop's GS1
// company prefix, which generated EAN-13 barcodes start with; empty = none, codes come from the in-store range
// 20-29. PATCH /api/settings {gs1_company_prefix}; the server checks it again (settings.ts).
import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import type { ShopSettings } from '../../../core/settings.js';

/** Settings' SettingsCardProps (plugins/settings/schemas.ts), restated: inventory does not depend on settings. */
interface SettingsCardProps {
  settings: ShopSettings;
  onSaved: (settings: ShopSettings) => void;
}

/** 6-10 digits, not starting with 2 (the in-store range), or empty; else the message to show. */
export function prefixProblem(text: string): string | null {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d{6,10}$/.test(t)) return 'Enter 6 to 10 digits, or leave empty';
  if (t.startsWith('2')) return 'A GS1 company prefix does not start with 2 (20-29 is the in-store range)';
  return null;
}

export default function BarcodePrefixCard({ settings, onSaved }: SettingsCardProps) {
  const saved = settings.gs1_company_prefix;
  const [text, setText] = useState(saved ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setText(saved ?? ''), [saved]);
  // An app without inventory's setting has no such key: nothing to show.
  if (saved === undefined) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = prefixProblem(text);
    setError(problem);
    if (problem || saving) return;
    setSaving(true);
    try {
      const res = await api.patch<{ settings: ShopSettings }>('/api/settings', { gs1_company_prefix: text.trim() });
      toast.success('Settings saved successfully!');
      onSaved(res.settings);
    } catch (err) {
      toast.error(err instanceof ApiError && err.message ? err.message : 'Failed to save settings');
    } finally {
      setSaving(false);
    }
  };

  return (
    <article className="barcode-prefix">
      <header>
        <h3>Barcodes</h3>
      </header>
      <p className="muted">
        Generated EAN-13 barcodes start with the shop's GS1 company prefix. Without one, Kedai uses the in-store range (codes starting with 20), which only your
        own tills read. Codes already printed keep their number.
      </p>
      <form noValidate onSubmit={submit}>
        <label htmlFor="settings-gs1-company-prefix">
          GS1 company prefix
          <input
            id="settings-gs1-company-prefix"
            type="text"
            inputMode="numeric"
            maxLength={10}
            placeholder="none (in-store codes 20...)"
            autoComplete="off"
            value={text}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setText(e.target.value)}
            style={{ maxWidth: '16rem', minHeight: 44 }}
          />
          {error ? <small className="field-error">{error}</small> : null}
        </label>
        <button type="submit" disabled={saving} aria-busy={saving || undefined} style={{ width: 'auto', minHeight: 44 }}>
          {saving ? 'Saving...' : 'Save Barcode Prefix'}
        </button>
      </form>
    </article>
  );
}
