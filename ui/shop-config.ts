// The shop's time zone and GST rate, as the server serves them (GET /api/auth/config): the UI keeps no
// copy of its own, so the till's dates and totals follow the server's configuration and settings.
// One request serves the whole page load: the app asks before its first render, the login screen reads the
// demo accounts from that same reply, and a screen mounting later asks again only when the answer is over a
// minute old (the POS and its checkout follow a change made on another PC without asking on every sale).
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

/** What the login screen shows from the same reply: the demo accounts box, and whether the shop still waits for its setup. */
export type LoginConfig = Pick<AuthConfig, 'demo' | 'demoAccounts' | 'setup'>;

/** The demo flag and accounts of the same reply (the login screen's demo box), and the setup flag (#26.8). */
export const demoConfig = signal<LoginConfig>({ demo: false, demoAccounts: [], setup: false });

/** How long a served answer counts as current for a screen that mounts. */
export const SHOP_CONFIG_FRESH_MS = 60_000;

let loading: Promise<ShopConfig | null> | null = null;
/** When the server last answered (0: never, or the configuration was set by hand since). */
let answeredAt = 0;

/**
 * Asks the server for the shop's time zone and GST rate; keeps the last answer when the server cannot be reached.
 * `ifOlderThanMs`: skip the request when the last answer is younger (a screen mounting); without it, always ask.
 */
export function loadShopConfig(opts: { ifOlderThanMs?: number } = {}): Promise<ShopConfig | null> {
  if (opts.ifOlderThanMs !== undefined && !loading && answeredAt && Date.now() - answeredAt < opts.ifOlderThanMs) {
    return Promise.resolve(shopConfig.peek());
  }
  loading ??= api
    .get<Partial<AuthConfig>>('/api/auth/config')
    .then((r) => {
      if (typeof r.timeZone === 'string' && typeof r.gstRate === 'number') {
        shopConfig.value = { timeZone: r.timeZone, gstRate: r.gstRate, cashRounding: r.cashRounding === true, pricesIncludeGst: r.pricesIncludeGst === true };
        answeredAt = Date.now();
      }
      demoConfig.value = { demo: r.demo === true, demoAccounts: Array.isArray(r.demoAccounts) ? r.demoAccounts : [], setup: r.setup === true };
      return shopConfig.peek();
    })
    .catch(() => shopConfig.peek())
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Sets the configuration directly (tests, and a screen that just saved new settings); the next mount asks again. */
export function setShopConfig(config: ShopConfig | null) {
  shopConfig.value = config;
  answeredAt = 0;
}

/** The shop's time zone; before the server has answered, the browser's own. */
export function shopTimeZone(): string {
  return shopConfig.peek()?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The shop-local calendar date (YYYY-MM-DD) of an instant (now by default), as the server's business date. */
export function shopDate(at: Date = new Date()): string {
  return localDate(at, shopTimeZone());
}

/** React hook: the configuration (re-rendering when it changes), refreshed on mount when over a minute old. */
export function useShopConfig(): ShopConfig | null {
  useSignals();
  useEffect(() => {
    void loadShopConfig({ ifOlderThanMs: SHOP_CONFIG_FRESH_MS });
  }, []);
  return shopConfig.value;
}

/** React hook for the login screen: the demo flag and accounts and the setup flag, from the app's one request (asked on mount when none came yet). */
export function useDemoConfig(): LoginConfig {
  useSignals();
  useEffect(() => {
    void loadShopConfig({ ifOlderThanMs: SHOP_CONFIG_FRESH_MS });
  }, []);
  return demoConfig.value;
}
