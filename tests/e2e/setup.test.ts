// First run in the browser (#26.8), end to end at 1024x768 and on a phone (390x844): the real program
// (`npm run kedai -- serve`, what the executable runs) on an empty data folder prints its setup link; Chromium
// opens the login page (it says the shop is not set up), then the printed link, fills the owner's account and the
// shop's details, and lands signed in on the POS; the link is dead afterwards. Every control of the form is at
// least 44x44 px and nothing overflows the phone's width. Screenshots: tests/e2e/screenshots/ (harness `shot`), and
// docs/screens/setup-<w>x<h>.png and setup-done-<w>x<h>.png when KEDAI_UPDATE_SCREENS=1 (committed; as till.test.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { ensureUiBuilt, openBrowser, shot, step, type TestBrowser } from './harness.js';

const ROOT = path.resolve('.');
const DOCS = path.join(ROOT, 'docs/screens');
const SETUP_LINK = /Open (http:\/\/\S+\/setup\?code=[a-z2-7]{16}) {2}to set up the shop/;

interface Kedai {
  link: string;
  base: string;
  child: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}
const running: Kedai[] = [];

/** `npm run kedai -- serve` on a new, empty data folder (127.0.0.1, a free port); resolves with the link it printed. */
async function startKedai(): Promise<Kedai> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-e2e-setup-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    KEDAI_UI_DIR: path.join(ROOT, 'dist/ui'),
    KEDAI_SCRYPT_LOG_N: '10',
    KEDAI_AUTO_BACKUP: '0',
    LOG_LEVEL: 'warn',
  };
  for (const name of ['PORT', 'HOST', 'DATA_DIR', 'KEDAI_DEMO']) delete env[name];
  const child = spawn(
    process.execPath,
    ['--import', './core/dev/register.mjs', '--import', 'tsx', 'app/server.ts', 'serve', '--data', dataDir, '--port', '0', '--host', '127.0.0.1'],
    { cwd: ROOT, env },
  );
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const link = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no setup link within 60 s:\n${out}`));
    }, 60_000);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`kedai serve exited:\n${out}`));
    });
    child.stdout!.on('data', () => {
      const m = SETUP_LINK.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  const k: Kedai = {
    link,
    base: new URL(link).origin,
    child,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  running.push(k);
  return k;
}

let b: TestBrowser;
test.before(async () => {
  await ensureUiBuilt();
  b = await openBrowser();
});
test.after(async () => {
  await b?.close();
  for (const k of running) await k.stop();
});

/** Into tests/e2e/screenshots (the harness's shot), and into docs/screens when KEDAI_UPDATE_SCREENS=1. */
async function screenshot(page: Page, name: string) {
  await shot(page, name);
  if (process.env.KEDAI_UPDATE_SCREENS === '1') {
    fs.mkdirSync(DOCS, { recursive: true });
    await page.screenshot({ path: path.join(DOCS, `${name}.png`), fullPage: true });
  }
}

/** Controls smaller than 44x44 px (a switch counts by its label, the whole row), and whether the page is wider than the screen. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        '.setup-page input:not([type="checkbox"]), .setup-page textarea, .setup-page button, .setup-page a[role="button"], .setup-page label.switch',
      ),
    ];
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.height < 44 || r.width < 44)
        problems.push(`${el.tagName.toLowerCase()}#${el.id || el.textContent?.trim()}: ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push(`page ${document.documentElement.scrollWidth} px wide in ${window.innerWidth}`);
    return problems;
  });
}

for (const [w, h] of [
  [1024, 768],
  [390, 844],
] as const) {
  test(`${w}x${h}: open the printed link, fill the form, land signed in on the POS`, async () => {
    const kedai = await startKedai();
    const page = await b.context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    try {
      await page.setViewportSize({ width: w, height: h });
      await step(page, `setup-login-${w}x${h}`, async () => {
        await page.goto(`${kedai.base}/login`);
        await page.getByText('This shop is not set up yet: open the setup link printed by the server.').waitFor();
        if (w === 1024) await screenshot(page, `setup-login-${w}x${h}`);
      });

      await step(page, `setup-form-${w}x${h}`, async () => {
        await page.goto(kedai.link);
        await page.getByRole('heading', { name: 'Set up Kedai' }).waitFor();
        await page.getByLabel('Username *').waitFor();
        // The browser's own checks first: nothing sent, the first wrong field focused.
        await page.getByRole('button', { name: 'Set up shop' }).click();
        await page.getByText('Shop name is required').waitFor();
        assert.ok(await page.getByLabel('Username *').evaluate((el) => el === document.activeElement), 'first wrong field focused');
        if (w === 390) await shot(page, `setup-errors-${w}x${h}`);
        assert.equal(await layoutProblems(page), [], 'with the error messages');

        await page.getByLabel('Username *').fill('siti');
        await page.getByLabel('Password *', { exact: true }).fill('kasut-bukit-2024');
        await page.getByLabel('Repeat password *').fill('kasut-bukit-2024');
        await page.getByLabel('Shop name *').fill('Kasut Bukit Timah');
        await page.getByLabel('Address').fill('12 Bukit Timah Road\n#02-01\nSingapore 229900');
        await page.getByLabel('GST registration no.').fill('M2-1234567-8');
        await page.getByLabel('PayNow UEN').fill('201912345K');
        // Prices with GST and 5-cent rounding are on to start with; this shop rounds no cash.
        assert.ok(await page.getByLabel('Selling prices include GST').isChecked());
        await page.getByLabel('Round cash sales to the nearest 5 cents').uncheck();
        assert.equal(await layoutProblems(page), []);
        await screenshot(page, `setup-${w}x${h}`);
      });

      await step(page, `setup-done-${w}x${h}`, async () => {
        const [reply] = await Promise.all([
          page.waitForResponse((r) => new URL(r.url()).pathname === '/api/setup' && r.request().method() === 'POST'),
          page.getByRole('button', { name: 'Set up shop' }).click(),
        ]);
        assert.is(reply.status(), 201);
        await page.locator('.welcome', { hasText: 'Welcome, siti' }).waitFor();
        await page.getByLabel('Scan or search products').waitFor();
        assert.is(new URL(page.url()).pathname, '/');
        const welcome = page.getByText('Welcome, siti! Your shop is set up.');
        await welcome.waitFor();
        // The POS as the owner finds it once the welcome toast (3 s) is gone.
        await welcome.waitFor({ state: 'hidden' });
        await screenshot(page, `setup-done-${w}x${h}`);
      });

      // Signed in like a login: the token in the page's storage, the httpOnly cookie; an ADMIN with the shop's details.
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const cookie = (await b.context.cookies(kedai.base)).find((c) => c.name === 'kedai_session');
      assert.ok(cookie?.httpOnly, 'session cookie, httpOnly');
      assert.is(cookie!.value, token);
      const settings = await (await fetch(`${kedai.base}/api/settings`, { headers: { authorization: `Bearer ${token}` } })).json();
      assert.equal(
        [
          settings.settings.shop_name,
          settings.settings.address,
          settings.settings.gst_reg_no,
          settings.settings.paynow_uen,
          settings.settings.prices_include_gst,
          settings.settings.cash_rounding,
        ],
        ['Kasut Bukit Timah', '12 Bukit Timah Road\n#02-01\nSingapore 229900', 'M2-1234567-8', '201912345K', true, false],
      );
      const users = await (await fetch(`${kedai.base}/api/users`, { headers: { authorization: `Bearer ${token}` } })).json();
      assert.equal(
        users.users.map((u: { username: string; role: string }) => [u.username, u.role]),
        [['siti', 'ADMIN']],
      );
      assert.equal(errors, [], 'no console or page errors');

      // The link is used up.
      await step(page, `setup-used-${w}x${h}`, async () => {
        await page.goto(kedai.link);
        await page.getByRole('heading', { name: 'This shop is already set up' }).waitFor();
        await page.getByRole('button', { name: 'Go to sign in' }).waitFor();
        assert.equal(await layoutProblems(page), []);
        await shot(page, `setup-used-${w}x${h}`);
      });
    } finally {
      await page.close();
      await kedai.stop();
      running.splice(running.indexOf(kedai), 1);
    }
  });
}

test.run();
