// The shop's time zone and GST rate, as the server serves them (GET /api/auth/config): the UI keeps no
// copy of its own, so the till's dates and totals follow the server's configuration and settings.
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { localDate } from '../core/clock.js';
import { api } from './api.js';
import type { AuthConfig } from '../core/auth/schemas.js';

/** The zone of the shop's business day (KEDAI_TZ) and GST as a fraction (settings' gst_rate). */
export type ShopConfig = Pick<AuthConfig, 'timeZone' | 'gstRate'> & Partial<Pick<AuthConfig, 'cashRounding' | 'pricesIncludeGst'>>;

/** The server's answer, or null until it has come (the app waits for it before its first render). */
export const shopConfig = signal<ShopConfig | null>(null);

let loading: Promise<ShopConfig | null> | null = null;

/** Asks the server for the shop's time zone and GST rate; keeps the last answer when the server cannot be reached. */
export function loadShopConfig(): Promise<ShopConfig | null> {
  loading ??= api.get<Partial<ShopConfig>>('/api/auth/config')
    .then((r) => {
      if (typeof r.timeZone === 'string' && typeof r.gstRate === 'number') {
        shopConfig.value = { timeZone: r.timeZone, gstRate: r.gstRate, cashRounding: r.cashRounding === true, pricesIncludeGst: r.pricesIncludeGst === true };
      }
      return shopConfig.peek();
    })
    .catch(() => shopConfig.peek())
    .finally(() => { loading = null; });
  return loading;
}

/** Sets the configuration directly (tests, and a screen that just saved new settings). */
export function setShopConfig(config: ShopConfig | null) {
  shopConfig.value = config;
}

/** The shop's time zone; before the server has answered, the browser's own. */
export function shopTimeZone(): string {
  return shopConfig.peek()?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The shop-local calendar date (YYYY-MM-DD) of an instant (now by default), as the server's business date. */
export function shopDate(at: Date = new Date()): string {
  return localDate(at, shopTimeZone());
}

/** React hook: the configuration (re-rendering when it changes), refreshed from the server on mount. */
export function useShopConfig(): ShopConfig | null {
  useSignals();
  useEffect(() => { void loadShopConfig(); }, []);
  return shopConfig.value;
}
