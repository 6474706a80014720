// Asks the server to price the till's cart whenever it changes (#28: the till shows the promotion lines live):
// POST /api/checkout/quote with the cart as a checkout body, a moment after the last change (a scanner's burst is
// one request), only the latest request's reply counts. Never touches the focus; a failure keeps the till's own
// totals (cart-quote.ts), so selling goes on offline.
import { effect } from '@preact/signals-react';
import { useEffect } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { loadShopConfig, shopConfig } from '../../../ui/shop-config.js';
import type { CheckoutQuote } from '../schemas.js';
import type { CartStore } from './cart-store.js';
import { quoteBody } from './cart-quote.js';
import { settingsChanged } from './checkout-rules.js';
import type { CheckoutBody } from './types.js';

/** How long the cart must stay unchanged before it is quoted (a scan burst, typing a quantity). */
export const QUOTE_DELAY_MS = 120;

/** How long a quote may take before the till stops waiting for it. */
export const QUOTE_TIMEOUT_MS = 3000;

export type FetchQuote = (body: CheckoutBody) => Promise<CheckoutQuote>;

const fetchQuote: FetchQuote = async (body) => (await api.post<{ quote: CheckoutQuote }>('/api/checkout/quote', body)).quote;

/** The server's money rules differ from the till's (GST rate, price mode, cash rounding): the till reloads them. */
function staleRules(err: unknown): boolean {
  const field = err instanceof ApiError ? (err.details as { field?: unknown } | undefined)?.field : undefined;
  return settingsChanged(err) || (err instanceof ApiError && err.status === 400 && field === 'taxRate');
}

/** Starts quoting `store`'s cart on every change; returns the stop. */
export function startCartQuotes(store: CartStore, opts: { fetch?: FetchQuote; delayMs?: number } = {}): () => void {
  const ask = opts.fetch ?? fetchQuote;
  const delay = opts.delayMs ?? QUOTE_DELAY_MS;
  let seq = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopEffect = effect(() => {
    const config = shopConfig.value;
    const items = store.items.value;
    const charges = store.charges.value;
    const cart = {
      items,
      charges,
      invoiceDiscount: store.invoiceDiscount.value,
      invoiceDiscountAmount: store.invoiceDiscountAmount.value,
      customer: store.selectedCustomer.value,
    };
    // An empty cart has nothing to quote. (An exchange's new pairs are quoted too: exchanges run the same pipeline.)
    if (!config || (items.length === 0 && charges.length === 0)) {
      clearTimeout(timer);
      seq++;
      store.quoteWanted.value = null;
      store.quote.value = null;
      return;
    }
    const body = quoteBody(cart, config);
    const key = JSON.stringify(body);
    store.quoteWanted.value = key;
    // Whatever was on its way is for another cart now.
    clearTimeout(timer);
    const mine = ++seq;
    if (store.quote.peek()?.key === key) return;
    timer = setTimeout(() => {
      // A server that does not answer in time counts as failed for now: the till's own totals, Complete not held up.
      // Its answer, if it comes later and is still the latest, is shown then.
      timer = setTimeout(() => {
        if (mine === seq && store.quote.peek()?.key !== key) store.quote.value = { key, quote: null };
      }, QUOTE_TIMEOUT_MS);
      ask(body).then(
        (quote) => {
          if (mine === seq) store.quote.value = { key, quote };
        },
        (err: unknown) => {
          if (mine !== seq) return;
          store.quote.value = { key, quote: null };
          if (staleRules(err)) void loadShopConfig();
        },
      );
    }, delay);
  });
  return () => {
    stopEffect();
    clearTimeout(timer);
    seq++;
  };
}

/** React hook: quotes the cart while the screen is mounted (the POS). */
export function useCartQuote(store: CartStore, fetch?: FetchQuote) {
  useEffect(() => startCartQuotes(store, { fetch }), [store, fetch]);
}
