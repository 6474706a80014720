// happy-dom helpers for the shell's UI tests. Import this FIRST: it registers the DOM before react-dom loads.
import { GlobalRegistrator } from '@happy-dom/global-registrator';

if (!(globalThis as { document?: unknown }).document) GlobalRegistrator.register({ url: 'http://localhost:3000/' });
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const { act } = await import('react');
const { createRoot } = await import('react-dom/client');
const { setShopConfig } = await import('../shop-config.js');
// What a test server serves by default (GET /api/auth/config), so screens format dates and GST as in the app.
setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09 });

export { act };

export interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}
export type Reply = { status: number; body?: unknown; statusText?: string } | 'network-error' | Promise<never>;

/** The fetch calls made since the last mockFetch(). */
export let calls: Call[] = [];

/** Replaces fetch: each call is recorded and answered by `reply` (JSON), or fails like a dropped connection. */
export function mockFetch(reply: (call: Call) => Reply | Promise<Reply>) {
  calls = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const call: Call = { url: String(url), method: init?.method ?? 'GET', headers, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const r = await reply(call);
    if (r === 'network-error') throw new TypeError('Failed to fetch');
    const res = r as { status: number; body?: unknown; statusText?: string };
    const hasBody = res.body !== undefined;
    return new Response(hasBody ? JSON.stringify(res.body) : null, {
      status: res.status,
      statusText: res.statusText ?? '',
      headers: hasBody ? { 'content-type': 'application/json' } : {},
    });
  }) as typeof fetch;
}

let root: ReturnType<typeof createRoot> | null = null;
let container: HTMLElement | null = null;

/** Renders a React node into a fresh container (unmounting any previous one). */
export async function render(node: React.ReactNode) {
  await unmount();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const r = root;
  await act(async () => r.render(node));
  return container;
}

/** Unmounts what render() mounted. */
export async function unmount() {
  if (root) {
    const r = root;
    await act(async () => r.unmount());
  }
  container?.remove();
  root = null;
  container = null;
}

/** Lets promises, effects and timers of `ms` settle inside act(). */
export const flush = (ms = 0) =>
  act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });

/** Waits (up to 2 s) until `check` stops throwing / returns truthy. */
export async function waitFor<T>(check: () => T, timeoutMs = 2000): Promise<T> {
  const start = Date.now();
  let last: unknown;
  while (Date.now() - start < timeoutMs) {
    try {
      const v = check();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    await flush(10);
  }
  throw last instanceof Error ? last : new Error('waitFor timed out');
}

/** The body's visible text. */
export const text = () => document.body.textContent ?? '';

/** The first element for a selector (throws when missing). */
export function $<T extends Element = HTMLElement>(sel: string): T {
  const el = document.querySelector(sel);
  if (!el) throw new Error(`no element ${sel}`);
  return el as unknown as T;
}

/** The button whose trimmed text is exactly `label` (throws when missing). */
export function button(label: string): HTMLButtonElement {
  const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.trim() === label);
  if (!b) throw new Error(`no button "${label}"`);
  return b as HTMLButtonElement;
}

/** Types into a React-controlled input (native setter + input event, as a browser does). */
export async function typeInto(el: HTMLInputElement, value: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set;
    setter ? setter.call(el, value) : (el.value = value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Clicks an element inside act(). */
export async function click(el: HTMLElement) {
  await act(async () => el.click());
}

/** Moves the browser location (what wouter reads) without rendering. */
export function setPath(path: string) {
  history.replaceState(null, '', path);
}
