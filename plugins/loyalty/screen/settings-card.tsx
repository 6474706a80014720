// Loyalty's four settings (#29) on the Settings screen (settings' slot 'settings-card', ADMIN): points per $1 paid,
// the value of a point, the minimum to pay with points and the expiry. PATCH /api/settings with loyalty's keys only;
// the server checks them again.
import { useEffect, useState, type FormEvent } from 'react';
import { useSettingsSave } from '../../../ui/use-settings-save.js';
import type { ShopSettings } from '../../../core/settings.js';
import type { LoyaltySettings } from './types.js';

/**
 * Settings' SettingsCardProps (plugins/settings/schemas.ts), restated: loyalty does not depend on the settings
 * plugin (an app may run without its screen); the two shapes are the same.
 */
interface SettingsCardProps {
  settings: ShopSettings;
  onSaved: (settings: ShopSettings) => void;
}

type Key = keyof LoyaltySettings;
type Texts = Record<Key, string>;

const KEYS: Key[] = ['loyalty_points_per_dollar', 'loyalty_point_value', 'loyalty_min_redeem_points', 'loyalty_expiry_months'];

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** Each field's problem (as the server words its checks), none when the form can be saved. */
export function loyaltyProblems(t: Texts): Partial<Texts> {
  const out: Partial<Texts> = {};
  const num = (k: Key) => (t[k].trim() === '' ? Number.NaN : Number(t[k]));
  const perDollar = num('loyalty_points_per_dollar');
  if (!(perDollar >= 0 && perDollar <= 1000 && twoDecimals(perDollar))) {
    out.loyalty_points_per_dollar = 'Points per dollar must be from 0 (no earning) to 1000, with at most 2 decimals';
  }
  const value = num('loyalty_point_value');
  if (!(value >= 0.01 && value <= 1000 && twoDecimals(value))) out.loyalty_point_value = 'A point must be worth from $0.01 to $1,000.00, in whole cents';
  const min = num('loyalty_min_redeem_points');
  if (!(Number.isInteger(min) && min >= 0 && min <= 100_000_000))
    out.loyalty_min_redeem_points = 'The minimum points to pay with must be a whole number, 0 or more';
  const months = num('loyalty_expiry_months');
  if (!(Number.isInteger(months) && months >= 0 && months <= 120))
    out.loyalty_expiry_months = 'Points expiry must be a whole number of months from 0 (never) to 120';
  return out;
}

const FIELDS: { key: Key; label: string; input: { min: number; max: number; step: string; inputMode: 'decimal' | 'numeric' } }[] = [
  { key: 'loyalty_points_per_dollar', label: 'Points per $1 paid', input: { min: 0, max: 1000, step: '0.01', inputMode: 'decimal' } },
  { key: 'loyalty_point_value', label: 'Value of a point ($)', input: { min: 0.01, max: 1000, step: '0.01', inputMode: 'decimal' } },
  { key: 'loyalty_min_redeem_points', label: 'Minimum points to pay with', input: { min: 0, max: 100_000_000, step: '1', inputMode: 'numeric' } },
  { key: 'loyalty_expiry_months', label: 'Points expiry (months)', input: { min: 0, max: 120, step: '1', inputMode: 'numeric' } },
];

function textsOf(s: Partial<LoyaltySettings>): Texts {
  return Object.fromEntries(KEYS.map((k) => [k, String(s[k] ?? '')])) as Texts;
}

export default function LoyaltySettingsCard({ settings, onSaved }: SettingsCardProps) {
  const saved = settings as Partial<LoyaltySettings>;
  const savedKey = KEYS.map((k) => saved[k]).join('|');
  const [texts, setTexts] = useState<Texts>(() => textsOf(saved));
  const [errors, setErrors] = useState<Partial<Texts>>({});
  const { saving, save } = useSettingsSave(onSaved);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved values change
  useEffect(() => setTexts(textsOf(saved)), [savedKey]);
  // An app without loyalty has none of these keys: nothing to show.
  if (saved.loyalty_point_value === undefined) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = loyaltyProblems(texts);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    await save(Object.fromEntries(KEYS.map((k) => [k, Number(texts[k])])));
  };

  return (
    <article className="loyalty-settings">
      <header>
        <h3>Loyalty points</h3>
      </header>
      <p className="muted">
        Customers earn points on what they pay (after discounts, GST included; not on gift cards sold or the part paid with points), and pay with them at the
        till. 0 points per $1 turns earning off; an expiry of 0 months keeps points for good.
      </p>
      <form noValidate onSubmit={submit}>
        <div className="grid">
          {FIELDS.map((f) => (
            <label key={f.key} htmlFor={`settings-${f.key}`}>
              {f.label}
              <input
                id={`settings-${f.key}`}
                type="number"
                {...f.input}
                value={texts[f.key]}
                aria-invalid={errors[f.key] ? true : undefined}
                onChange={(e) => setTexts((t) => ({ ...t, [f.key]: e.target.value }))}
              />
              {errors[f.key] ? <small className="field-error">{errors[f.key]}</small> : null}
            </label>
          ))}
        </div>
        <button type="submit" disabled={saving} aria-busy={saving || undefined} style={{ width: 'auto', minHeight: 44 }}>
          {saving ? 'Saving...' : 'Save Loyalty Settings'}
        </button>
      </form>
    </article>
  );
}
