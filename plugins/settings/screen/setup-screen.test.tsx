// happy-dom tests of the first-run /setup page (#26.8): the link's check (good, not valid, already set up), the
// browser's own checks, the server's field errors under their field, and success: signed in, on the POS.
import { $, button, calls, click, flush, mockFetch, render, setPath, text, typeInto, unmount, waitFor, type Call } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ScreenDef } from '../../../ui/screen-def.js';

const { App } = await import('../../../ui/app.js');
const session = await import('../../../ui/session.js');
const { toasts, clearToasts } = await import('../../../ui/toast.js');
const { shopConfig } = await import('../../../ui/shop-config.js');
const { screens } = await import('./index.js');
const { validateSetup } = await import('./setup-screen.js');

const SCREENS: ScreenDef[] = [{ path: '/', label: 'POS', navOrder: 10, load: async () => ({ default: () => <p>POS screen</p> }) }, ...screens];
const CODE = 'abcdefghijkmnpqr';

let state: 'open' | 'done' = 'open';
let setupReply: (c: Call) => { status: number; body: unknown } = () => ({ status: 201, body: { token: 'h.p.s', user: { username: 'siti', role: 'ADMIN' } } });

function fakeServer() {
  mockFetch((c) => {
    if (c.url === '/api/auth/config')
      return {
        status: 200,
        body: {
          demo: false,
          demoAccounts: [],
          setup: state === 'open',
          timeZone: 'Asia/Singapore',
          gstRate: 0.09,
          cashRounding: state === 'done',
          pricesIncludeGst: state === 'done',
        },
      };
    if (c.url.startsWith('/api/setup')) {
      if (state === 'done') return { status: 404, body: { error: 'This shop is already set up. Sign in instead.', code: 'NOT_FOUND' } };
      const code = c.method === 'GET' ? new URL(c.url, 'http://x').searchParams.get('code') : (c.body as { code?: string }).code;
      if (code !== CODE)
        return {
          status: 403,
          body: { error: 'This setup link is not valid. Open the link the Kedai server printed when it last started.', code: 'FORBIDDEN' },
        };
      if (c.method === 'GET') return { status: 200, body: { ok: true } };
      const reply = setupReply(c);
      if (reply.status === 201) state = 'done';
      return reply;
    }
    return { status: 404, body: { error: 'not found' } };
  });
}

async function open(path: string) {
  await unmount();
  setPath(path);
  await render(<App screens={SCREENS} />);
  await flush(20);
}
const field = (name: string) => $<HTMLInputElement>(`[name="${name}"]`);
const errorOf = (name: string) => document.querySelector(`#setup-${name}-error`)?.textContent ?? null;
const setupPosts = () => calls.filter((c) => c.url === '/api/setup' && c.method === 'POST');

test.before.each(() => {
  localStorage.clear();
  session.user.value = null;
  session.authStatus.value = 'ready';
  state = 'open';
  fakeServer();
  clearToasts();
});
test.after.each(async () => {
  await unmount();
  clearToasts();
});

test('manifest: /setup is a public screen (no role, no nav label), loaded lazily', () => {
  const s = screens.find((x) => x.path === '/setup')!;
  assert.ok(s);
  assert.equal([s.public, s.label, s.role], [true, undefined, undefined]);
});

test('a link without the right code: not valid, and no form', async () => {
  await open('/setup?code=wrongcode');
  await waitFor(() => text().includes('This setup link is not valid'));
  assert.ok(text().includes('every start prints a new one'));
  assert.is(document.querySelector('form'), null);
  await open('/setup');
  await waitFor(() => text().includes('This setup link is not valid'));
});

test('a shop already set up: says so, with the way to sign in', async () => {
  state = 'done';
  await open(`/setup?code=${CODE}`);
  await waitFor(() => text().includes('This shop is already set up'));
  assert.is($('a[href="/login"]').textContent, 'Go to sign in');
  assert.is(document.querySelector('form'), null);
});

test('rules the browser checks: owner name, password length and repeat, shop name, GST number, PayNow UEN', () => {
  const ok = {
    username: 'siti',
    password: 'kasut-2024',
    confirm: 'kasut-2024',
    shop_name: 'Kasut',
    address: '',
    gst_reg_no: '',
    paynow_uen: '',
    prices_include_gst: true,
    cash_rounding: true,
  };
  assert.equal(validateSetup(ok), {});
  assert.equal(Object.keys(validateSetup({ ...ok, username: 'a b', password: 'short', shop_name: ' ', gst_reg_no: 'M2 1;', paynow_uen: '123' })).sort(), [
    'gst_reg_no',
    'password',
    'paynow_uen',
    'shop_name',
    'username',
  ]);
  assert.equal(validateSetup({ ...ok, confirm: 'kasut-2025' }), { confirm: 'The passwords do not match' });
});

test("the form: nothing is sent until the browser's checks pass; the first wrong field gets the focus", async () => {
  await open(`/setup?code=${CODE}`);
  await waitFor(() => document.querySelector('form'));
  assert.ok(text().includes('Owner account') && text().includes('Shop details') && text().includes('Prices and cash'));
  assert.is(field('prices_include_gst').checked, true);
  assert.is(field('cash_rounding').checked, true);
  await click(button('Set up shop'));
  assert.is(setupPosts().length, 0);
  assert.match(errorOf('username')!, /Username must be/);
  assert.match(errorOf('password')!, /at least 8/);
  assert.is(errorOf('shop_name'), 'Shop name is required');
  assert.is(document.activeElement, field('username'));
  assert.is(field('username').getAttribute('aria-invalid'), 'true');
});

test("the server's refusal is shown under its field; then setup signs the owner in and lands on the POS", async () => {
  setupReply = (c) =>
    (c.body as { password: string }).password === 'password1'
      ? {
          status: 400,
          body: { error: 'This password is one of the most common passwords. Choose another', code: 'VALIDATION', details: { field: 'password' } },
        }
      : { status: 201, body: { token: 'h.p.s', user: { username: 'siti', role: 'ADMIN' } } };
  await open(`/setup?code=${CODE}`);
  await waitFor(() => document.querySelector('form'));
  await typeInto(field('username'), ' siti ');
  await typeInto(field('password'), 'password1');
  await typeInto(field('confirm'), 'password1');
  await typeInto(field('shop_name'), 'Kasut Bukit Timah');
  await typeInto(field('address') as unknown as HTMLInputElement, '12 Bukit Timah Road');
  await typeInto(field('gst_reg_no'), 'M2-1234567-8');
  await typeInto(field('paynow_uen'), '201912345K');
  await click(field('cash_rounding'));
  await click(button('Set up shop'));
  await waitFor(() => errorOf('password'));
  assert.match(errorOf('password')!, /most common passwords/);
  assert.is(document.activeElement, field('password'));
  assert.ok(toasts.value.some((t) => t.kind === 'error' && /most common/.test(t.message)));
  assert.is(localStorage.getItem('token'), null);

  await typeInto(field('password'), 'kasut-bukit-2024');
  await typeInto(field('confirm'), 'kasut-bukit-2024');
  await click(button('Set up shop'));
  await waitFor(() => location.pathname === '/' && text().includes('POS screen'));
  assert.equal(setupPosts().at(-1)!.body, {
    code: CODE,
    username: 'siti',
    password: 'kasut-bukit-2024',
    shop_name: 'Kasut Bukit Timah',
    address: '12 Bukit Timah Road',
    gst_reg_no: 'M2-1234567-8',
    paynow_uen: '201912345K',
    prices_include_gst: true,
    cash_rounding: false,
  });
  assert.is(localStorage.getItem('token'), 'h.p.s');
  assert.equal(session.user.value, { username: 'siti', role: 'ADMIN' });
  assert.ok(text().includes('Welcome, siti'));
  assert.ok(toasts.value.some((t) => t.kind === 'success' && t.message === 'Welcome, siti! Your shop is set up.'));
  // The POS prices with the mode just chosen: the shop's configuration was asked again after setup.
  assert.is(shopConfig.value?.pricesIncludeGst, true);
});

test('a link that stopped working while the form was open (the server restarted): says so', async () => {
  await open(`/setup?code=${CODE}`);
  await waitFor(() => document.querySelector('form'));
  for (const [name, value] of [
    ['username', 'siti'],
    ['password', 'kasut-2024'],
    ['confirm', 'kasut-2024'],
    ['shop_name', 'Kasut'],
  ])
    await typeInto(field(name), value);
  mockFetch((c) =>
    c.url === '/api/setup'
      ? { status: 403, body: { error: 'This setup link is not valid. Open the link the Kedai server printed when it last started.' } }
      : { status: 404, body: {} },
  );
  await click(button('Set up shop'));
  await waitFor(() => text().includes('This setup link is not valid'));
  assert.is(document.querySelector('form'), null);
});

test.run();
