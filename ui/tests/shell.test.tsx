// The shell: access guard (verifying, redirect, Access Denied), layout + nav by role, not found, crash screen,
// session verify at start and logout.
import { $, act, button, calls, click, flush, mockFetch, render, setPath, text, unmount, waitFor } from './dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ScreenDef } from '../screen-def.js';

const { App } = await import('../app.js');
const session = await import('../session.js');
const { withDefaults, navLinks, placeholderPos } = await import('../shell/screen-list.js');
const { clearToasts } = await import('../toast.js');

const screen = (label: string) => async () => ({ default: () => <p>{label} screen</p> });
const SCREENS: ScreenDef[] = [
  { path: '/customers', label: 'Customers', navOrder: 40, load: screen('Customers') },
  { path: '/inventory', label: 'Inventory', navOrder: 20, role: 'ADMIN', load: screen('Inventory') },
  { path: '/', label: 'POS', navOrder: 10, load: screen('POS') },
  { path: '/admin/images', role: 'ADMIN', load: screen('Images') },
  { path: '/welcome', public: true, load: screen('Public') },
  {
    path: '/boom',
    load: async () => ({
      default: () => {
        throw new Error('kaboom');
      },
    }),
  },
];

function signedIn(username: string, role: 'ADMIN' | 'USER') {
  localStorage.setItem('token', `${username}-token`);
  localStorage.setItem('user', JSON.stringify({ username, role }));
  session.user.value = { username, role };
  session.authStatus.value = 'ready';
}

function answerApi() {
  mockFetch((c) => {
    if (c.url === '/api/auth/config') return { status: 200, body: { demo: false, demoAccounts: [] } };
    if (c.url === '/api/auth/logout') return { status: 200, body: { ok: true } };
    if (c.url === '/api/auth/verify') {
      return c.headers.authorization === 'Bearer good-token'
        ? { status: 200, body: { user: { username: 'admin', role: 'ADMIN' } } }
        : { status: 401, statusText: 'Unauthorized', body: { error: 'Session expired or invalid. Please sign in again.' } };
    }
    return { status: 404, statusText: 'Not Found', body: { error: 'not found' } };
  });
}

async function show(path: string) {
  await unmount(); // before moving the location, so the old tree does not re-render outside act()
  setPath(path);
  await render(<App screens={SCREENS} />);
  await flush(5);
}

test.before.each(() => {
  localStorage.clear();
  session.user.value = null;
  session.authStatus.value = 'ready';
  answerApi();
});
test.after.each(async () => {
  await unmount();
  clearToasts();
});

test('while the session is verified: Verifying authentication...', async () => {
  session.authStatus.value = 'checking';
  await show('/customers');
  assert.ok(text().includes('Verifying authentication...'));
  assert.not.ok(text().includes('Customers screen'));
});

test('unauthenticated visitor is redirected to /login', async () => {
  await show('/inventory');
  await waitFor(() => location.pathname === '/login');
  await waitFor(() => button('Sign in'));
  assert.not.ok(text().includes('Inventory screen'));
});

test('signed in without the role: Access Denied inside the layout', async () => {
  signedIn('staff', 'USER');
  await show('/inventory');
  await waitFor(() => text().includes('Access Denied'));
  assert.ok(text().includes("You don't have permission to access this page."));
  assert.not.ok(text().includes('Inventory screen'));
  assert.is($('.welcome').textContent, 'Welcome, staff');
  // Also for routes that are not in the nav.
  await show('/admin/images');
  await waitFor(() => text().includes('Access Denied'));
});

test('admin opens the admin screen (lazy loaded)', async () => {
  signedIn('admin', 'ADMIN');
  await show('/inventory');
  await waitFor(() => text().includes('Inventory screen'));
  assert.not.ok(text().includes('Access Denied'));
});

test('layout: Kedai, System v1.0, Welcome + role badge, nav filtered by role and sorted', async () => {
  signedIn('staff', 'USER');
  await show('/customers');
  await waitFor(() => text().includes('Customers screen'));
  assert.is($('.brand strong').textContent, 'Kedai');
  assert.is($('.brand-label').textContent, 'System v1.0');
  assert.is($('.role-badge').textContent, 'USER');
  const nav = () => [...document.querySelectorAll('nav.main-nav a')].map((a) => a.textContent);
  assert.equal(nav(), ['POS', 'Customers']);
  assert.is(document.querySelector('nav.main-nav a[aria-current="page"]')?.textContent, 'Customers');
  assert.ok($('footer.app-footer').textContent?.trim());
  await unmount();
  signedIn('admin', 'ADMIN');
  await show('/');
  await waitFor(() => text().includes('POS screen'));
  assert.equal(nav(), ['POS', 'Inventory', 'Customers']);
  assert.is($('.role-badge').textContent, 'ADMIN');
});

test('navLinks: only labelled screens the role may open, by navOrder', () => {
  assert.equal(
    navLinks(SCREENS, 'USER').map((l) => l.path),
    ['/', '/customers'],
  );
  assert.equal(
    navLinks(SCREENS, 'ADMIN').map((l) => l.label),
    ['POS', 'Inventory', 'Customers'],
  );
});

test('placeholder POS only while no screen claims /', () => {
  const noPos = SCREENS.filter((s) => s.path !== '/');
  assert.is(withDefaults(noPos)[0], placeholderPos);
  assert.is(withDefaults(noPos).length, noPos.length + 1);
  assert.is(withDefaults(SCREENS), SCREENS);
});

test('any other path: Page not found. (signed in or not)', async () => {
  signedIn('staff', 'USER');
  await show('/nothing-here');
  assert.ok(text().includes('Page not found.'));
  assert.ok(text().includes('Welcome, staff'));
  await unmount();
  localStorage.clear();
  session.user.value = null;
  await show('/nothing/here');
  assert.ok(text().includes('Page not found.'));
  assert.is(location.pathname, '/nothing/here');
});

test('a public screen (the first-run /setup) opens without signing in, outside the layout; it is never in the nav', async () => {
  await show('/welcome');
  await waitFor(() => text().includes('Public screen'));
  assert.is(location.pathname, '/welcome', 'not sent to /login');
  assert.is(document.querySelector('header.app-header'), null);
  signedIn('admin', 'ADMIN');
  await show('/welcome');
  await waitFor(() => text().includes('Public screen'));
  await show('/');
  await waitFor(() => text().includes('POS screen'));
  assert.not.ok([...document.querySelectorAll('nav a')].some((a) => a.getAttribute('href') === '/welcome'));
});

test('a crashing screen shows the crash screen with details, stack, Reload Page and Try Again', async () => {
  signedIn('staff', 'USER');
  const quiet = console.error;
  console.error = () => undefined; // React reports the caught error; expected here
  try {
    await show('/boom');
    await waitFor(() => text().includes('Something went wrong'));
    assert.ok(text().includes('kaboom'));
    assert.ok($('.crash-stack').textContent!.length > 0);
    button('Reload Page');
    await click(button('Try Again'));
    await waitFor(() => text().includes('Something went wrong'));
    // The header survives a crashed screen.
    assert.ok(text().includes('Welcome, staff'));
  } finally {
    console.error = quiet;
  }
});

test('start: a stored session that fails verification is cleared and sent to /login', async () => {
  localStorage.setItem('token', 'bad-token');
  localStorage.setItem('user', JSON.stringify({ username: 'admin', role: 'ADMIN' }));
  session.authStatus.value = 'checking';
  setPath('/inventory');
  await render(<App screens={SCREENS} />);
  assert.ok(text().includes('Verifying authentication...'));
  await act(() => session.verifySession());
  await waitFor(() => location.pathname === '/login');
  assert.is(localStorage.getItem('token'), null);
  assert.is(localStorage.getItem('user'), null);
  assert.ok(calls.some((c) => c.url === '/api/auth/verify'));
});

test('start: a valid stored session is kept (user from the server)', async () => {
  localStorage.setItem('token', 'good-token');
  localStorage.setItem('user', JSON.stringify({ username: 'admin', role: 'ADMIN' }));
  await act(() => session.verifySession());
  assert.equal(session.user.value, { username: 'admin', role: 'ADMIN' });
  assert.is(session.isAdmin.value, true);
  assert.is(session.authStatus.value, 'ready');
});

test('start: no stored session -> ready, signed out, no verify call', async () => {
  await session.verifySession();
  assert.is(session.user.value, null);
  assert.is(session.authStatus.value, 'ready');
  assert.not.ok(calls.some((c) => c.url === '/api/auth/verify'));
});

test('Logout clears the stored token and user, calls the server and goes to /login', async () => {
  signedIn('staff', 'USER');
  await show('/customers');
  await waitFor(() => text().includes('Customers screen'));
  await click(button('Logout'));
  await flush(5);
  assert.is(location.pathname, '/login');
  assert.is(localStorage.getItem('token'), null);
  assert.is(localStorage.getItem('user'), null);
  assert.is(session.user.value, null);
  assert.ok(calls.some((c) => c.url === '/api/auth/logout' && c.method === 'POST'));
  await waitFor(() => button('Sign in'));
});

test('a 401 from any call signs the user out (guard then redirects)', async () => {
  signedIn('staff', 'USER');
  await show('/customers');
  await waitFor(() => text().includes('Customers screen'));
  const { api } = await import('../api.js');
  await api.get('/api/customers').catch(() => undefined); // answered 404 here: still signed in
  assert.ok(session.user.value);
  mockFetch(() => ({ status: 401, statusText: 'Unauthorized', body: { error: 'Session expired or invalid. Please sign in again.' } }));
  await act(async () => {
    await api.get('/api/customers').catch(() => undefined);
  });
  await flush(5);
  assert.is(session.user.value, null);
  await waitFor(() => location.pathname === '/login');
});

test.run();
