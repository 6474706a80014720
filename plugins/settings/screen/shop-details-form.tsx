// The shop's details printed on receipts and invoices: name, address, contacts, GST number, UEN, footer.
import { useEffect, useState, type FormEvent } from 'react';
import { useUnsaved } from './unsaved.js';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { EDITABLE_FIELDS, type EditableSettings, type ShopSettings } from './types.js';
import { errorText, fieldError, type FieldErrors } from './field-errors.js';

const LABELS: Record<keyof EditableSettings, string> = {
  shop_name: 'Shop Name *',
  address: 'Address',
  phone: 'Phone',
  email: 'Email',
  gst_reg_no: 'GST Registration No.',
  uen: 'UEN',
  receipt_footer: 'Receipt Footer',
};

const pick = (s: ShopSettings): EditableSettings => Object.fromEntries(EDITABLE_FIELDS.map((k) => [k, s[k] ?? ''])) as EditableSettings;

/** Checks what the browser can check before asking the server. */
export function validateShopDetails(v: EditableSettings): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.shop_name.trim()) errors.shop_name = 'Shop name is required';
  if (v.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) errors.email = 'Email must be a valid e-mail address';
  if (!/^[0-9+()\- ]*$/.test(v.phone.trim())) errors.phone = 'Phone may contain only digits, spaces and + ( ) -';
  return errors;
}

/** The form; saves only the fields that changed. */
export function ShopDetailsForm({ settings, onSaved }: { settings: ShopSettings; onSaved: (s: ShopSettings) => void }) {
  const [values, setValues] = useState<EditableSettings>(() => pick(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  // Only this card's own saved values reset it: another card's save keeps what is typed here.
  const savedKey = JSON.stringify(pick(settings));
  // biome-ignore lint/correctness/useExhaustiveDependencies: savedKey stands for this card's saved values (settings is a new object on any card's save)
  useEffect(() => setValues(pick(settings)), [savedKey]);
  useUnsaved('Shop Details', JSON.stringify(values) !== savedKey);

  const changed = EDITABLE_FIELDS.filter((k) => values[k] !== (settings[k] ?? ''));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateShopDetails(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || saving) return;
    if (changed.length === 0) {
      toast.info('No changes to save');
      return;
    }
    setSaving(true);
    try {
      const res = await api.patch<{ settings: ShopSettings }>('/api/settings', Object.fromEntries(changed.map((k) => [k, values[k]])));
      toast.success('Settings saved successfully!');
      onSaved(res.settings);
    } catch (err) {
      const f = fieldError(err);
      if (f) setErrors({ [f.field]: f.message });
      toast.error(errorText(err, 'Failed to save settings'));
    } finally {
      setSaving(false);
    }
  };

  const input = (key: keyof EditableSettings, props: Record<string, unknown> = {}) => (
    <label htmlFor={`settings-${key}`}>
      {LABELS[key]}
      {key === 'address' || key === 'receipt_footer' ? (
        <textarea
          id={`settings-${key}`}
          name={key}
          rows={2}
          maxLength={500}
          value={values[key]}
          aria-invalid={errors[key] ? true : undefined}
          onChange={(e) => setValues({ ...values, [key]: e.target.value })}
        />
      ) : (
        <input
          id={`settings-${key}`}
          name={key}
          type="text"
          value={values[key]}
          {...props}
          aria-invalid={errors[key] ? true : undefined}
          onChange={(e) => setValues({ ...values, [key]: e.target.value })}
        />
      )}
      {errors[key] ? <small className="field-error">{errors[key]}</small> : null}
    </label>
  );

  return (
    <article className="shop-details">
      <header>
        <h3>Shop Details</h3>
      </header>
      <p className="muted">Printed on receipts and tax invoices.</p>
      <form noValidate onSubmit={submit}>
        {input('shop_name', { maxLength: 200 })}
        {input('address')}
        <div className="grid">
          {input('phone', { type: 'tel', maxLength: 50, placeholder: '+65 6123 4567' })}
          {input('email', { type: 'email', maxLength: 254 })}
        </div>
        <div className="grid">
          {input('gst_reg_no', { maxLength: 30, placeholder: 'M2-1234567-8' })}
          {input('uen', { maxLength: 20, placeholder: '201912345K' })}
          <label htmlFor="settings-gst_rate">
            GST Rate
            <input id="settings-gst_rate" type="text" value={`${Math.round(settings.gst_rate * 10000) / 100}%`} readOnly disabled />
          </label>
        </div>
        {input('receipt_footer')}
        <button type="submit" disabled={saving} aria-busy={saving || undefined} style={{ width: 'auto' }}>
          {saving ? 'Saving...' : 'Save Settings'}
        </button>
      </form>
    </article>
  );
}
