// #26.3 an exchange started from the pairs coming back: the invoice and what comes back are kept here while the
// cashier scans the new pairs (the Exchange dialog closed). The cart shows them as 'Coming back' and its Checkout
// button becomes 'Exchange' (the POS hears it through PosExchangeProps.onWaiting); confirming or cancelling the exchange clears it. Kept across a reload like the cart.
import { signal } from '@preact/signals-react';
import { backRefundCents, type BackItem } from './pos-return-rules.js';
import type { ReturnableInvoice, ReturnableLine } from './types.js';

export interface ExchangeDraft {
  invoice: ReturnableInvoice;
  back: BackItem[];
}

const KEY = 'kedai.exchangeDraft';

function stored(): ExchangeDraft | null {
  try {
    const text = globalThis.sessionStorage?.getItem(KEY);
    return text ? (JSON.parse(text) as ExchangeDraft) : null;
  } catch {
    return null;
  }
}

/** The exchange waiting for its new pairs, or null. */
export const exchangeDraft = signal<ExchangeDraft | null>(stored());

/** Keeps (or clears, with null) the draft. */
export function setExchangeDraft(draft: ExchangeDraft | null) {
  exchangeDraft.value = draft;
  try {
    if (draft) globalThis.sessionStorage?.setItem(KEY, JSON.stringify(draft));
    else globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    // storage full or refused: the draft still lives until a reload
  }
}

/** One pair (line) coming back: what it is, its size, how many and their refund in cents. */
export interface ComingBack {
  line: ReturnableLine;
  qty: number;
  reason: string;
  refundCents: number;
}

/** The lines of a draft with a quantity coming back. */
export function comingBack(draft: ExchangeDraft): ComingBack[] {
  return draft.invoice.items
    .map((line, i) => ({ line, qty: draft.back[i]?.qty ?? 0, reason: draft.back[i]?.reason ?? '' }))
    .filter((c) => c.qty > 0)
    .map((c) => ({ ...c, refundCents: backRefundCents(c.line, c.qty) }));
}
