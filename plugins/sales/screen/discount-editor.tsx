// A discount typed as % or $: the sale's (in the checkout modal) and a cart line's (in the cart panel).
// The arithmetic is sales/pricing.ts's, through the cart store; these only edit what was typed.
import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { DiscountKind } from '../pricing.js';
import { itemKey, type CartItem, type CartStore } from './cart-store.js';

// Inline: the cart panel renders these without the checkout modal's stylesheet; Pico would make them full width.
// Finger-sized (#26.6): at least 44 x 44 px like every control a cashier taps.
const SMALL = { width: 'auto', margin: 0, padding: '.1rem .3rem', height: 'auto', minHeight: 44, minWidth: 44, fontSize: '.9rem' } as const;

const KINDS: { value: DiscountKind; label: string }[] = [
  { value: 'PERCENT', label: '%' },
  { value: 'AMOUNT', label: '$' },
];

/** A typed number that waits for a valid value (an emptied box means 0). */
function numberOf(text: string): number | null {
  if (text.trim() === '') return 0;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** The sale discount: '%' or '$' and the amount ('Sale discount type', 'Sale discount'). */
export function SaleDiscountEditor({ store }: { store: CartStore }) {
  useSignals();
  const amount = store.invoiceDiscountAmount.value;
  const percent = store.invoiceDiscount.value;
  const [kind, setKind] = useState<DiscountKind>(amount > 0 ? 'AMOUNT' : 'PERCENT');
  const value = kind === 'AMOUNT' ? amount : percent;
  const set = (k: DiscountKind, n: number) => (k === 'AMOUNT' ? store.setInvoiceDiscountAmount(n) : store.setInvoiceDiscount(n));
  return (
    <div className="discount-editor">
      <label>
        Type
        <select
          aria-label="Sale discount type"
          value={kind}
          onChange={(e) => {
            const k = e.target.value as DiscountKind;
            setKind(k);
            // The typed number moves to the new kind; the store clears the other kind.
            if (value > 0) set(k, value);
          }}
        >
          {KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Sale discount
        <input
          type="number"
          inputMode="decimal"
          min={0}
          max={kind === 'PERCENT' ? 100 : undefined}
          step="0.01"
          value={value === 0 ? '' : value}
          placeholder="0"
          onChange={(e) => {
            const n = numberOf(e.target.value);
            if (n !== null) set(kind, n);
          }}
        />
      </label>
    </div>
  );
}

/** A cart line's discount: a small 'Discount' button opens '%'/'$' and the amount ('Discount for <name>'). */
export function LineDiscountEditor({ item, store }: { item: CartItem; store: CartStore }) {
  const key = itemKey(item);
  const [open, setOpen] = useState(Boolean(item.discount));
  const [text, setText] = useState(item.discount ? String(item.discount.value) : '');
  const savedValue = item.discount?.value;
  useEffect(() => setText(savedValue === undefined ? '' : String(savedValue)), [savedValue]);
  const kind = item.discount?.kind ?? 'PERCENT';
  if (!open) {
    return (
      <button
        type="button"
        className="secondary outline line-discount-toggle"
        style={{ ...SMALL, padding: '.1rem .45rem' }}
        onClick={() => setOpen(true)}
        aria-label={`Discount for ${item.name}`}
        title="Discount"
      >
        %
      </button>
    );
  }
  return (
    <span className="line-discount" style={{ display: 'inline-flex', alignItems: 'center', gap: '.25rem' }}>
      <select
        style={SMALL}
        aria-label={`Discount type for ${item.name}`}
        value={kind}
        onChange={(e) => store.setLineDiscount(key, { kind: e.target.value as DiscountKind, value: item.discount?.value ?? 0 })}
      >
        {KINDS.map((k) => (
          <option key={k.value} value={k.value}>
            {k.label}
          </option>
        ))}
      </select>
      <input
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        aria-label={`Discount for ${item.name}`}
        value={text}
        placeholder="0"
        style={{ ...SMALL, width: '4.5rem' }}
        onChange={(e) => {
          setText(e.target.value);
          const n = numberOf(e.target.value);
          if (n !== null) store.setLineDiscount(key, { kind, value: n });
        }}
        onBlur={() => {
          if (!item.discount) setOpen(false);
        }}
      />
    </span>
  );
}
