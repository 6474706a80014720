// Gift cards' setting (#29) on the Settings screen (settings' slot 'settings-card', ADMIN): how many months a card
// sold from now on may be spent; 0 = no expiry. PATCH /api/settings {gift_card_expiry_months}; the server checks
// it again (0..120).
import { useEffect, useState, type FormEvent } from 'react';
import { useSettingsSave } from '../../../ui/use-settings-save.js';
import type { ShopSettings } from '../../../core/settings.js';

/**
 * Settings' SettingsCardProps (plugins/settings/schemas.ts), restated: gift-cards does not depend on the settings
 * plugin (an app may run without its screen); the two shapes are the same.
 */
interface SettingsCardProps {
  settings: ShopSettings;
  onSaved: (settings: ShopSettings) => void;
}

/** Whole months 0..120, else the message to show. */
export function expiryProblem(text: string): string | null {
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < 0 || n > 120) return 'Enter whole months from 0 (no expiry) to 120';
  return null;
}

export default function ExpiryCard({ settings, onSaved }: SettingsCardProps) {
  const saved = settings.gift_card_expiry_months;
  const [text, setText] = useState(String(saved ?? 0));
  const [error, setError] = useState<string | null>(null);
  const { saving, save } = useSettingsSave(onSaved);
  useEffect(() => setText(String(saved ?? 0)), [saved]);
  // An app without gift cards' setting has no such key: nothing to show.
  if (saved === undefined) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = expiryProblem(text);
    setError(problem);
    if (problem) return;
    await save({ gift_card_expiry_months: Number(text) });
  };

  return (
    <article className="gift-card-expiry">
      <header>
        <h3>Gift cards</h3>
      </header>
      <p className="muted">
        How long a gift card sold from now on may be spent, in months from the day it is sold. 0: no expiry. Cards already sold keep their own expiry.
      </p>
      <form noValidate onSubmit={submit}>
        <label htmlFor="settings-gift-card-expiry">
          Gift card expiry (months)
          <input
            id="settings-gift-card-expiry"
            type="number"
            min={0}
            max={120}
            step="1"
            inputMode="numeric"
            value={text}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setText(e.target.value)}
            style={{ maxWidth: '10rem', minHeight: 44 }}
          />
          {error ? <small className="field-error">{error}</small> : null}
        </label>
        <button type="submit" disabled={saving} aria-busy={saving || undefined} style={{ width: 'auto', minHeight: 44 }}>
          {saving ? 'Saving...' : 'Save Gift Card Expiry'}
        </button>
      </form>
    </article>
  );
}
