// The till's discount rule: how much staff (USER) may discount a sale before an ADMIN must approve it at checkout.
import { NumberSettingCard } from './number-setting-card.js';
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
  return (
    <NumberSettingCard
      settings={settings}
      onSaved={onSaved}
      field="max_staff_discount_percent"
      className="discount-limit"
      title="Discounts"
      note="Staff can give up to this discount on a sale; above it, an admin approves at the till with their password."
      label="Max staff discount (%)"
      saveLabel="Save Discount Limit"
      problem={discountLimitProblem}
      input={{ min: 0, max: 100, step: '0.01', inputMode: 'decimal' }}
    />
  );
}
