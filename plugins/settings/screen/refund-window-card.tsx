// The shop's refund policy (#26.4): how many days after a sale a cashier may take goods back without a manager;
// older sales (and returns without the receipt) need an admin's password at the till. 0 turns the window off.
import { NumberSettingCard } from './number-setting-card.js';
import type { ShopSettings } from './types.js';

/** A whole number of days 0..3650, else the message to show. */
export function refundWindowProblem(text: string): string | null {
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < 0 || n > 3650) return 'Enter whole days from 0 (no window) to 3650';
  return null;
}

/** 'Refund window (days)' and its own 'Save Refund Window' button. */
export function RefundWindowCard({ settings, onSaved }: { settings: ShopSettings; onSaved: (s: ShopSettings) => void }) {
  return (
    <NumberSettingCard
      settings={settings}
      onSaved={onSaved}
      field="refund_window_days"
      className="refund-window"
      title="Returns"
      note="Staff take goods back without a manager up to this many days after the sale, with the receipt. An older sale, or a return without the receipt, needs an admin's password at the till. 0: no time limit."
      label="Refund window (days)"
      saveLabel="Save Refund Window"
      problem={refundWindowProblem}
      input={{ min: 0, max: 3650, step: '1', inputMode: 'numeric' }}
    />
  );
}
