// /setup (#26.8): the first run in the browser. `kedai serve` on a new shop prints a link with a one-time code;
// this page checks it (GET /api/setup?code=), then asks for the owner's account and the shop's details and sends
// them in one go (POST /api/setup). The server signs the owner in (the login reply), and the page lands on the POS.
// Public (no session): the server answers 403 without the right code and 404 once the shop has an owner.
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { api, ApiError } from '../../../ui/api.js';
import { saveSession } from '../../../ui/session.js';
import { loadShopConfig } from '../../../ui/shop-config.js';
import { toast } from '../../../ui/toast.js';
import type { LoginReply } from '../../../core/auth/schemas.js';
import { errorText, fieldError, type FieldErrors } from './field-errors.js';
import { paynowUenProblem, validateNewUser } from './form-rules.js';

/** What the page shows: the link being checked, the form, or why there is no form. */
type LinkState = { kind: 'checking' } | { kind: 'ready' } | { kind: 'invalid' } | { kind: 'done' } | { kind: 'error'; message: string };

export interface SetupValues {
  username: string;
  password: string;
  confirm: string;
  shop_name: string;
  address: string;
  gst_reg_no: string;
  paynow_uen: string;
  prices_include_gst: boolean;
  cash_rounding: boolean;
}

const EMPTY: SetupValues = {
  username: '',
  password: '',
  confirm: '',
  shop_name: '',
  address: '',
  gst_reg_no: '',
  paynow_uen: '',
  prices_include_gst: true,
  cash_rounding: true,
};

/** The checks the browser can make before asking the server (which checks them again, and more). */
export function validateSetup(v: SetupValues): FieldErrors {
  const errors = validateNewUser(v);
  if (!v.shop_name.trim()) errors.shop_name = 'Shop name is required';
  if (!/^[A-Za-z0-9-]*$/.test(v.gst_reg_no.trim())) errors.gst_reg_no = 'GST registration number may contain only letters, digits and -';
  const uen = paynowUenProblem(v.paynow_uen);
  if (uen) errors.paynow_uen = uen;
  return errors;
}

/** The form fields in the order they are shown: the first with an error gets the focus. */
const ORDER: (keyof SetupValues)[] = ['username', 'password', 'confirm', 'shop_name', 'address', 'gst_reg_no', 'paynow_uen'];

const css = `
.setup-page { max-width: 44rem; padding-block: 2rem 3rem; }
.setup-page > header { margin-bottom: 1.5rem; }
.setup-page > header h1 { margin-bottom: .25rem; }
.setup-page > header p { margin: 0; color: var(--pico-muted-color); }
.setup-page fieldset { margin-bottom: 1.25rem; }
.setup-page legend { font-weight: 600; font-size: 1.1rem; margin-bottom: .25rem; }
.setup-page fieldset > p { margin: 0 0 .75rem; color: var(--pico-muted-color); font-size: .9rem; }
.setup-page input:not([type='checkbox']), .setup-page textarea, .setup-page button { min-height: 2.75rem; }
.setup-page a[role='button'] { display: inline-flex; align-items: center; justify-content: center; min-height: 2.75rem; }
.setup-page .grid { row-gap: 0; }
.setup-page .hint { display: block; margin-top: -.5rem; margin-bottom: .75rem; color: var(--pico-muted-color); font-size: .85rem; }
.setup-page .switch + .hint { margin: 0 0 1rem 3rem; }
.setup-page .password-row .toggle-password { min-width: 4.5rem; }
.setup-page label.switch { display: flex; align-items: center; gap: .75rem; min-height: 2.75rem; margin-bottom: .1rem; cursor: pointer; }
.setup-page label.switch input { margin: 0; flex: 0 0 auto; }
.setup-page button[type='submit'] { width: 100%; }
.setup-page .setup-state { text-align: center; }
.setup-page .setup-state h2 { font-size: 1.35rem; margin-bottom: .75rem; }
@media (min-width: 768px) { .setup-page button[type='submit'] { width: auto; min-width: 14rem; } }
`;

/** The first-run setup page. */
export default function SetupScreen() {
  const search = useSearch();
  const code = new URLSearchParams(search).get('code') ?? '';
  const [, navigate] = useLocation();
  const [state, setState] = useState<LinkState>({ kind: 'checking' });
  const [values, setValues] = useState<SetupValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  /** Turns a refusal of the setup link into what the page shows; false when the refusal is about something else. */
  const linkRefused = useCallback((err: unknown): boolean => {
    if (!(err instanceof ApiError)) return false;
    if (err.status === 404) setState({ kind: 'done' });
    else if (err.status === 403) setState({ kind: 'invalid' });
    else if (err.status === 429) setState({ kind: 'error', message: err.message });
    else return false;
    return true;
  }, []);

  useEffect(() => {
    let live = true;
    api
      .get('/api/setup', { code })
      .then(() => live && setState({ kind: 'ready' }))
      .catch((err) => {
        if (!live || linkRefused(err)) return;
        setState({ kind: 'error', message: 'Could not reach the Kedai server. Check that it is running, then reload this page.' });
      });
    return () => {
      live = false;
    };
  }, [code, linkRefused]);

  const focusFirst = (found: FieldErrors) => {
    const first = ORDER.find((k) => found[k]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = validateSetup(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setBusy(true);
    try {
      const { confirm: _confirm, ...rest } = values;
      const body = { ...rest, code, username: values.username.trim() };
      const res = await api.post<LoginReply>('/api/setup', body);
      saveSession(res.token, res.user);
      // The price mode and cash rounding just chosen: the POS must price with them from its first sale.
      await loadShopConfig();
      toast.success(`Welcome, ${res.user.username}! Your shop is set up.`);
      navigate('/', { replace: true });
    } catch (err) {
      setBusy(false);
      if (linkRefused(err)) {
        toast.error(errorText(err, 'Setup failed'));
        return;
      }
      const f = fieldError(err);
      const named = f ? { [f.field]: f.message } : err instanceof ApiError && err.code === 'USERNAME_TAKEN' ? { username: err.message } : null;
      if (named) {
        setErrors(named);
        focusFirst(named);
      }
      toast.error(errorText(err, 'Setup failed. Please try again.'));
    }
  };

  const set = <K extends keyof SetupValues>(key: K, value: SetupValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: '' }));
  };
  const text = (key: keyof SetupValues) => ({
    id: `setup-${key}`,
    name: key,
    value: values[key] as string,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `setup-${key}-error` : undefined,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });
  const error = (key: keyof SetupValues) =>
    errors[key] ? (
      <small id={`setup-${key}-error`} className="field-error">
        {errors[key]}
      </small>
    ) : null;

  let content: ReactNode;
  if (state.kind === 'checking') {
    content = (
      <p className="setup-state" aria-busy="true">
        Checking the setup link...
      </p>
    );
  } else if (state.kind === 'done') {
    content = (
      <article className="setup-state">
        <h2>This shop is already set up</h2>
        <p>Sign in with the owner's account or a staff account.</p>
        <Link href="/login" role="button">
          Go to sign in
        </Link>
      </article>
    );
  } else if (state.kind === 'invalid') {
    content = (
      <article className="setup-state">
        <h2>This setup link is not valid</h2>
        <p>Open the link the Kedai server printed when it last started: every start prints a new one until the shop is set up.</p>
      </article>
    );
  } else if (state.kind === 'error') {
    content = (
      <article className="setup-state">
        <h2>Setup is not available right now</h2>
        <p>{state.message}</p>
      </article>
    );
  } else {
    content = (
      <form ref={form} noValidate onSubmit={submit}>
        <fieldset>
          <legend>Owner account</legend>
          <p>The owner (ADMIN) can do everything, including adding staff accounts in Settings.</p>
          <label htmlFor="setup-username">Username *</label>
          <input {...text('username')} type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} maxLength={40} required autoFocus />
          {error('username')}
          <div className="grid">
            <div>
              <label htmlFor="setup-password">Password *</label>
              {/* biome-ignore lint/a11y/useSemanticElements: Pico CSS lays out role="group" (joined controls); a fieldset would bring Pico's fieldset margin and width instead */}
              <div className="password-row" role="group">
                <input {...text('password')} type={showPassword ? 'text' : 'password'} autoComplete="new-password" maxLength={200} required />
                <button type="button" className="secondary outline toggle-password" aria-pressed={showPassword} onClick={() => setShowPassword((s) => !s)}>
                  {showPassword ? 'Hide' : 'Show'}
                </button>
              </div>
              {error('password') ?? <small className="hint">At least 8 characters, not a common password.</small>}
            </div>
            <div>
              <label htmlFor="setup-confirm">Repeat password *</label>
              <input {...text('confirm')} type={showPassword ? 'text' : 'password'} autoComplete="new-password" maxLength={200} required />
              {error('confirm')}
            </div>
          </div>
        </fieldset>

        <fieldset>
          <legend>Shop details</legend>
          <p>Printed on receipts and tax invoices. You can change them later in Settings.</p>
          <label htmlFor="setup-shop_name">Shop name *</label>
          <input {...text('shop_name')} type="text" autoComplete="organization" maxLength={200} required />
          {error('shop_name')}
          <label htmlFor="setup-address">Address</label>
          <textarea {...text('address')} rows={3} maxLength={500} autoComplete="street-address" />
          {error('address')}
          <div className="grid">
            <div>
              <label htmlFor="setup-gst_reg_no">GST registration no.</label>
              <input {...text('gst_reg_no')} type="text" maxLength={30} placeholder="M2-1234567-8" autoCapitalize="characters" spellCheck={false} />
              {error('gst_reg_no') ?? <small className="hint">Leave empty if the shop is not GST-registered.</small>}
            </div>
            <div>
              <label htmlFor="setup-paynow_uen">PayNow UEN</label>
              <input {...text('paynow_uen')} type="text" maxLength={10} placeholder="201912345K" autoCapitalize="characters" spellCheck={false} />
              {error('paynow_uen') ?? <small className="hint">The UEN your bank registered for PayNow.</small>}
            </div>
          </div>
        </fieldset>

        <fieldset>
          <legend>Prices and cash</legend>
          <label htmlFor="setup-prices_include_gst" className="switch">
            <input
              id="setup-prices_include_gst"
              name="prices_include_gst"
              type="checkbox"
              role="switch"
              checked={values.prices_include_gst}
              aria-checked={values.prices_include_gst}
              onChange={(e) => set('prices_include_gst', e.target.checked)}
            />
            Selling prices include GST
          </label>
          <small className="hint">
            {values.prices_include_gst
              ? 'A $109.00 price is what the customer pays (GST $9.00 inside).'
              : 'GST is added at the till: a $100.00 price sells for $109.00.'}
          </small>
          <label htmlFor="setup-cash_rounding" className="switch">
            <input
              id="setup-cash_rounding"
              name="cash_rounding"
              type="checkbox"
              role="switch"
              checked={values.cash_rounding}
              aria-checked={values.cash_rounding}
              onChange={(e) => set('cash_rounding', e.target.checked)}
            />
            Round cash sales to the nearest 5 cents
          </label>
          <small className="hint">NETS, PayNow and credit are never rounded.</small>
        </fieldset>

        <button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Setting up...' : 'Set up shop'}
        </button>
      </form>
    );
  }

  return (
    <main className="container setup-page">
      <style>{css}</style>
      <header>
        <h1>Set up Kedai</h1>
        {state.kind === 'ready' ? <p>Create the owner's account and tell Kedai about your shop.</p> : null}
      </header>
      {content}
    </main>
  );
}
