// The till's hardware: a LAN ESC/POS receipt printer (host:port; empty = the browser prints) and the cash drawer kick.
import { useEffect, useState, type FormEvent } from 'react';
import { useUnsaved } from './unsaved.js';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import type { ShopSettings } from './types.js';
import { errorText, fieldError } from './field-errors.js';

/** The server's own message for a bad address (plugins/settings/validate.ts), shown before asking it. */
export const PRINTER_FORMAT = 'Receipt printer must be host:port (e.g. 192.168.1.50:9100), or empty to print through the browser';
const HOST_PORT = /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252}[A-Za-z0-9])?:(\d{1,5})$/;

/** Null when the address is empty or host:port with a port 1-65535, else the message. */
export function printerProblem(text: string): string | null {
  const v = text.trim();
  if (!v) return null;
  const m = HOST_PORT.exec(v);
  return m && Number(m[1]) >= 1 && Number(m[1]) <= 65_535 ? null : PRINTER_FORMAT;
}

/** The card; saves both fields together. */
export function PrinterForm({ settings, onSaved }: { settings: ShopSettings; onSaved: (s: ShopSettings) => void }) {
  const [address, setAddress] = useState(settings.receipt_printer);
  const [drawer, setDrawer] = useState(settings.open_drawer_on_cash);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setAddress(settings.receipt_printer);
    setDrawer(settings.open_drawer_on_cash);
  }, [settings.receipt_printer, settings.open_drawer_on_cash]);
  useUnsaved('Receipt Printer', (address ?? '').trim() !== (settings.receipt_printer ?? '') || Boolean(drawer) !== Boolean(settings.open_drawer_on_cash));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = printerProblem(address);
    setError(problem);
    if (problem || saving) return;
    setSaving(true);
    try {
      const res = await api.patch<{ settings: ShopSettings }>('/api/settings', { receipt_printer: address.trim(), open_drawer_on_cash: drawer });
      toast.success('Printer settings saved');
      onSaved(res.settings);
    } catch (err) {
      const f = fieldError(err);
      if (f) setError(f.message);
      toast.error(errorText(err, 'Failed to save printer settings'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <article className="printer-settings">
      <header>
        <h3>Receipt Printer</h3>
      </header>
      <p className="muted">Leave the address empty to print the 80 mm receipt through the browser (Chrome with --kiosk-printing prints it silently).</p>
      <form noValidate onSubmit={submit}>
        <label htmlFor="settings-receipt_printer">
          Receipt printer address (host:port)
          <input
            id="settings-receipt_printer"
            name="receipt_printer"
            type="text"
            maxLength={100}
            placeholder="192.168.1.50:9100"
            value={address}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'settings-receipt_printer-error' : undefined}
            onChange={(e) => setAddress(e.target.value)}
          />
          {error ? (
            <small id="settings-receipt_printer-error" className="field-error">
              {error}
            </small>
          ) : null}
        </label>
        <label htmlFor="settings-open_drawer_on_cash">
          <input
            id="settings-open_drawer_on_cash"
            type="checkbox"
            role="switch"
            checked={drawer}
            aria-checked={drawer}
            onChange={(e) => setDrawer(e.target.checked)}
          />
          Open the cash drawer when a cash sale's receipt prints
        </label>
        <button type="submit" disabled={saving} aria-busy={saving || undefined} style={{ width: 'auto' }}>
          {saving ? 'Saving...' : 'Save Printer Settings'}
        </button>
      </form>
    </article>
  );
}
