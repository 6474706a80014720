// Browser-journey harness: the real app over HTTP on 127.0.0.1 (built UI, fresh temp data) and headless Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildUi } from '../../tools/build-ui.js';
import type { KedaiPlugin } from '../../core/plugin.js';
import { testApp, TEST_PASSWORDS, type TestApp } from '../helpers/app.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const UI_DIR = path.join(ROOT, 'dist/ui');
const SCREENSHOTS = path.join(ROOT, 'tests/e2e/screenshots');

export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** The app and its API clients (t.admin, t.staff, t.anon, t.app.db). */
  t: TestApp;
  close(): Promise<void>;
}

let uiBuilt: Promise<unknown> | null = null;
let lastUrl: string | null = null;

/** Builds the UI into dist/ui once per test process. */
export function ensureUiBuilt(): Promise<unknown> {
  uiBuilt ??= buildUi({ outDir: 'dist/ui', minify: true, log: false });
  return uiBuilt;
}

/**
 * Starts the real app on 127.0.0.1 (random port) on a fresh temp data folder; accounts admin and staff exist.
 * `dataDir` and `port`: start it on a folder and port used before (a restart; the folder is then the caller's to remove).
 * `morePlugins`: a test's own plugins added to the app's (one that declares a checkout adjuster).
 */
export async function startServer(opts: { demo?: boolean; dataDir?: string; port?: number; morePlugins?: KedaiPlugin[] } = {}): Promise<TestServer> {
  await ensureUiBuilt();
  const t = await testApp({ demo: opts.demo ?? false, uiDir: UI_DIR, dataDir: opts.dataDir, morePlugins: opts.morePlugins });
  const address = await t.app.listen({ host: '127.0.0.1', port: opts.port ?? 0 });
  const url = address.replace(/\/$/, '');
  lastUrl = url;
  return { url, t, close: () => t.close() };
}

export interface TestBrowser {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far (assert it stays empty). */
  consoleErrors: string[];
  close(): Promise<void>;
}

/** Launches headless Chromium (/usr/bin/chromium) with one page that records console and page errors. */
export async function openBrowser(): Promise<TestBrowser> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // The till prints receipts through a hidden frame's print(): recorded here (its text) instead of a print job.
  await context.addInitScript(() => {
    window.print = () => {
      const top = window.top as unknown as { __printed?: string[] };
      // biome-ignore lint/performance/useDomNodeTextContent: the printout's text as shown (innerText drops hidden parts and keeps line breaks)
      (top.__printed ??= []).push(document.body?.innerText ?? '');
    };
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => consoleErrors.push(`pageerror: ${err.message}`));
  return { browser, context, page, consoleErrors, close: () => browser.close() };
}

/** Completes a checkout by `click`: the checkout reply and the text of the receipt the till printed (#16.4). */
export async function checkoutWithReceipt(
  page: Page,
  click: () => Promise<unknown>,
): Promise<{ reply: { invoiceId: number; invoice: { number: string } }; receipt: string }> {
  const before = await page.evaluate(() => (window as unknown as { __printed?: string[] }).__printed?.length ?? 0);
  const [res] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/checkout') && r.request().method() === 'POST'), click()]);
  const reply = await res.json();
  await page.waitForFunction((n) => ((window as unknown as { __printed?: string[] }).__printed?.length ?? 0) > n, before);
  const receipt = await page.evaluate((n) => (window as unknown as { __printed: string[] }).__printed[n], before);
  return { reply, receipt };
}

/** Follows a nav link by its text, opening its menu first when it sits in a closed one (the 'Stock' menu). */
export async function navTo(page: Page, label: string): Promise<void> {
  const text = new RegExp(`^\\s*${label}\\s*$`);
  const link = page.locator('header.app-header nav a').filter({ hasText: text });
  if (!(await link.isVisible()))
    await page
      .locator('header.app-header nav .nav-menu')
      .filter({ has: page.locator('a').filter({ hasText: text }) })
      .locator('.nav-menu-button')
      .click();
  await link.click();
}

/** Saves a screenshot to tests/e2e/screenshots/<name>.png (call it when a journey step fails). */
export async function shot(page: Page, name: string): Promise<string | null> {
  try {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    const file = path.join(SCREENSHOTS, `${name.replace(/[^\w.-]+/g, '-')}.png`);
    await page.screenshot({ path: file, fullPage: true });
    return file;
  } catch {
    return null; // the page may already be gone
  }
}

/**
 * A screenshot for the docs: into tests/e2e/screenshots (the whole page, or with `viewport` what the screen shows)
 * and, with KEDAI_UPDATE_SCREENS=1, into docs/screens/ as well (committed, looked at).
 */
export async function docShot(page: Page, name: string, o: { viewport?: boolean } = {}): Promise<string | null> {
  const file = await shot(page, name);
  if (!file) return null;
  if (o.viewport) await page.screenshot({ path: file });
  if (process.env.KEDAI_UPDATE_SCREENS === '1') {
    fs.mkdirSync(path.join(ROOT, 'docs/screens'), { recursive: true });
    fs.copyFileSync(file, path.join(ROOT, 'docs/screens', `${name}.png`));
  }
  return file;
}

/** Runs one journey step; on failure saves a screenshot named after it and rethrows. */
export async function step<T>(page: Page, name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const file = await shot(page, name);
    if (file && err instanceof Error) err.message += `\n(screenshot: ${path.relative(ROOT, file)})`;
    throw err;
  }
}

type Account = 'admin' | 'staff';

/**
 * Signs in through the login form and waits for the shell's 'Welcome, <name>'.
 * `signIn(page, url, 'staff')`, or `signIn(page, 'staff')` for the last started server.
 */
export async function signIn(page: Page, urlOrAccount: string, account?: Account): Promise<void> {
  const who: Account = account ?? (urlOrAccount as Account);
  const base = account ? urlOrAccount : lastUrl;
  if (!base) throw new Error('signIn: no server URL (call startServer first or pass the url)');
  await page.goto(`${base.replace(/\/$/, '')}/login`);
  await page.getByLabel('Username').fill(who);
  await page.locator('#login-password').fill(TEST_PASSWORDS[who]);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.locator('.welcome', { hasText: `Welcome, ${who}` }).waitFor();
}
