// The checkout modal's keys: Enter completes the sale; with the focus outside a text box, 1 / 5 / 0 add a
// $10 / $50 / $100 note to the cash tendered and E tenders the exact total. (Esc cancels: the Modal's own.)
import { useEffect, useRef } from 'react';
import { toDollars } from '../../../core/money.js';
import type { TillKeys } from '../schemas.js';
import { addCash, EXACT_KEY, QUICK_CASH } from './checkout-rules.js';

/** The keys' inputs (sales' schemas.ts: the exchange's dialog gets this hook too, through the till it is lent). */
export type CheckoutKeys = TillKeys;

const TEXT_INPUT = /^(text|number|search|password|email|tel|url)$/;

/** True when a key typed into `el` belongs to it (a text box, a list, a button that Enter would press). */
function ownsKey(el: EventTarget | null, key: string): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (key === 'Enter') {
    // Enter presses a focused button or link, and runs the customer search; in the cash box it completes.
    if (el instanceof HTMLButtonElement || el instanceof HTMLAnchorElement || el.tagName === 'SUMMARY') return true;
    if (el instanceof HTMLInputElement && el.type === 'search') return true;
    return false;
  }
  return el instanceof HTMLInputElement && TEXT_INPUT.test(el.type);
}

/** Listens on the document while the modal is open. */
export function useCheckoutKeys(k: CheckoutKeys) {
  const latest = useRef(k);
  latest.current = k;
  useEffect(() => {
    if (!k.open) return;
    const onKey = (e: KeyboardEvent) => {
      const s = latest.current;
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if (ownsKey(e.target, e.key)) return;
      if (e.key === 'Enter') {
        e.preventDefault();
        s.onEnter();
        return;
      }
      if (!s.cash) return;
      const note = QUICK_CASH.find((q) => q.key === e.key);
      if (note) {
        e.preventDefault();
        s.onTendered(addCash(s.tendered, note.cents));
      } else if (e.key.toLowerCase() === EXACT_KEY) {
        e.preventDefault();
        s.onTendered(toDollars(s.totalCents).toFixed(2));
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [k.open]);
}
