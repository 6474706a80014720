// Singapore money at the till (#17): the PayNow UEN behind the till's QR codes, 5-cent cash rounding, and
// whether selling prices are stored with GST. Switching the price mode never rewrites a price: it only changes
// how the stored prices are read, which the card says before saving.
import { useEffect, useState, type FormEvent } from 'react';
import { useUnsaved } from './unsaved.js';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { errorText, fieldError } from './field-errors.js';
import type { ShopSettings } from './types.js';
import { paynowUenProblem } from './form-rules.js';

/** 'PayNow and cash' card with its own 'Save Money Settings' button. */
export function MoneyRulesCard({ settings, onSaved }: { settings: ShopSettings; onSaved: (s: ShopSettings) => void }) {
  const [uen, setUen] = useState(settings.paynow_uen);
  const [rounding, setRounding] = useState(settings.cash_rounding);
  const [inclusive, setInclusive] = useState(settings.prices_include_gst);
  const [needShift, setNeedShift] = useState(settings.require_open_shift);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setUen(settings.paynow_uen);
    setRounding(settings.cash_rounding);
    setInclusive(settings.prices_include_gst);
    setNeedShift(settings.require_open_shift);
  }, [settings.paynow_uen, settings.cash_rounding, settings.prices_include_gst, settings.require_open_shift]);
  useUnsaved(
    'PayNow and Cash',
    (uen ?? '').trim() !== (settings.paynow_uen ?? '') ||
      Boolean(rounding) !== Boolean(settings.cash_rounding) ||
      Boolean(inclusive) !== Boolean(settings.prices_include_gst) ||
      Boolean(needShift) !== Boolean(settings.require_open_shift),
  );
  const modeChanges = inclusive !== settings.prices_include_gst;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = paynowUenProblem(uen);
    setError(problem);
    if (problem || saving) return;
    setSaving(true);
    try {
      const res = await api.patch<{ settings: ShopSettings }>('/api/settings', {
        paynow_uen: uen.trim(),
        cash_rounding: rounding,
        prices_include_gst: inclusive,
        require_open_shift: needShift,
      });
      toast.success('Settings saved successfully!');
      onSaved(res.settings);
    } catch (err) {
      const f = fieldError(err);
      if (f) setError(f.message);
      toast.error(errorText(err, 'Failed to save settings'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <article className="money-rules">
      <header>
        <h3>PayNow and Cash</h3>
      </header>
      <form noValidate onSubmit={submit}>
        <label htmlFor="settings-paynow_uen">
          PayNow UEN
          <input
            id="settings-paynow_uen"
            name="paynow_uen"
            type="text"
            maxLength={10}
            placeholder="201912345K"
            value={uen}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setUen(e.target.value)}
            style={{ maxWidth: '14rem' }}
          />
          {error ? (
            <small className="field-error">{error}</small>
          ) : (
            <small className="muted">The UEN your bank registered for PayNow; the till's QR codes pay it.</small>
          )}
        </label>
        <label htmlFor="settings-cash_rounding">
          <input
            id="settings-cash_rounding"
            type="checkbox"
            role="switch"
            checked={rounding}
            aria-checked={rounding}
            onChange={(e) => setRounding(e.target.checked)}
          />
          Round cash sales to the nearest 5 cents
        </label>
        <label htmlFor="settings-prices_include_gst">
          <input
            id="settings-prices_include_gst"
            type="checkbox"
            role="switch"
            checked={inclusive}
            aria-checked={inclusive}
            onChange={(e) => setInclusive(e.target.checked)}
          />
          Selling prices include GST
        </label>
        <label htmlFor="settings-require_open_shift">
          <input
            id="settings-require_open_shift"
            type="checkbox"
            role="switch"
            checked={needShift}
            aria-checked={needShift}
            onChange={(e) => setNeedShift(e.target.checked)}
          />
          Tills sell and refund only with an open shift
        </label>
        {modeChanges ? (
          <p className="notice" role="note">
            {inclusive
              ? 'Stored prices will be read as including GST: a $109.00 price will sell for $109.00 (GST $9.00 inside). No price is changed; update your prices if they were entered before GST.'
              : 'Stored prices will be read as before GST: a $109.00 price will sell for $118.81. No price is changed; update your prices if they were entered with GST.'}
          </p>
        ) : null}
        <button type="submit" disabled={saving} aria-busy={saving || undefined} style={{ width: 'auto' }}>
          {saving ? 'Saving...' : 'Save Money Settings'}
        </button>
      </form>
    </article>
  );
}
