// The login screen: required fields, show/hide password, 'Signing in...', error-message mapping, demo box, redirects.
import { $, act, button, calls, click, flush, mockFetch, render, setPath, text, typeInto, unmount, waitFor, type Reply } from './dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const { App } = await import('../app.js');
const session = await import('../session.js');
const { toasts, clearToasts } = await import('../toast.js');
const { loginErrorMessage } = await import('../login/login-error.js');
const { ApiError } = await import('../api.js');

const SCREENS = [{ path: '/', label: 'POS', navOrder: 10, load: async () => ({ default: () => <p>POS screen</p> }) }];
const DEMO = {
  demo: true,
  demoAccounts: [
    { username: 'admin', password: 'admin123', role: 'ADMIN' },
    { username: 'staff', password: 'staff123', role: 'USER' },
  ],
};

let loginReply: (body: { username: string; password: string }) => Reply | Promise<Reply>;
let demo = false;
let setup = false;

function answerApi() {
  mockFetch((c) => {
    if (c.url === '/api/auth/config') return { status: 200, body: demo ? DEMO : { demo: false, demoAccounts: [], setup } };
    if (c.url === '/api/auth/login') return loginReply(c.body as { username: string; password: string });
    return { status: 404, statusText: 'Not Found', body: { error: 'not found' } };
  });
}

async function openLogin() {
  await unmount();
  setPath('/login');
  await render(<App screens={SCREENS} />);
  await flush(5);
}

const username = () => $<HTMLInputElement>('#login-username');
const password = () => $<HTMLInputElement>('#login-password');
const toastTexts = () => toasts.value.map((t) => t.message);
const loginCalls = () => calls.filter((c) => c.url === '/api/auth/login');

async function submit(u: string, p: string) {
  await typeInto(username(), u);
  await typeInto(password(), p);
  await click(button('Sign in'));
  await flush(5);
}

test.before.each(() => {
  localStorage.clear();
  session.user.value = null;
  session.authStatus.value = 'ready';
  demo = false;
  setup = false;
  loginReply = () => ({ status: 200, body: { token: 'h.p.s', user: { username: 'admin', role: 'ADMIN' } } });
  answerApi();
  clearToasts();
});
test.after.each(async () => {
  await unmount();
  clearToasts();
});

test('form: Username, Password (hidden), Sign in; both fields required', async () => {
  await openLogin();
  assert.is(document.querySelector('label[for="login-username"]')?.textContent, 'Username');
  assert.is(document.querySelector('label[for="login-password"]')?.textContent, 'Password');
  assert.is(password().type, 'password');
  assert.ok(username().required && password().required);
  await click(button('Sign in'));
  assert.is(loginCalls().length, 0);
  assert.is(username().getAttribute('aria-invalid'), 'true');
  await typeInto(username(), 'admin');
  await click(button('Sign in'));
  assert.is(loginCalls().length, 0, 'password still missing');
  assert.is(password().getAttribute('aria-invalid'), 'true');
  await typeInto(username(), '   ');
  await typeInto(password(), 'x');
  await click(button('Sign in'));
  assert.is(loginCalls().length, 0, 'blank username counts as missing');
});

test('show/hide password toggle', async () => {
  await openLogin();
  await click(button('Show'));
  assert.is(password().type, 'text');
  await click(button('Hide'));
  assert.is(password().type, 'password');
});

test("'Signing in...' while busy, then success: token stored, 'Welcome, admin!' toast, sent to /", async () => {
  let release!: () => void;
  loginReply = () =>
    new Promise<Reply>((resolve) => {
      release = () => resolve({ status: 200, body: { token: 'h.p.s', user: { username: 'admin', role: 'ADMIN' } } });
    });
  await openLogin();
  await submit('admin', 'admin123');
  const busy = button('Signing in...');
  assert.ok(busy.disabled);
  assert.equal(loginCalls()[0].body, { username: 'admin', password: 'admin123' });
  await act(async () => release());
  await waitFor(() => location.pathname === '/');
  assert.is(localStorage.getItem('token'), 'h.p.s');
  assert.equal(JSON.parse(localStorage.getItem('user')!), { username: 'admin', role: 'ADMIN' });
  assert.ok(toastTexts().includes('Welcome, admin!'));
  await waitFor(() => text().includes('POS screen'));
});

test('server errors: Wrong username / Wrong password as sent; others "Account doesn\'t exist"', async () => {
  await openLogin();
  loginReply = () => ({ status: 401, statusText: 'Unauthorized', body: { error: 'Wrong username' } });
  await submit('nobody', 'x');
  assert.equal(toastTexts(), ['Wrong username']);
  await act(async () => clearToasts());
  loginReply = () => ({ status: 401, statusText: 'Unauthorized', body: { error: 'Wrong password' } });
  await submit('admin', 'bad');
  assert.equal(toastTexts(), ['Wrong password']);
  assert.is(password().getAttribute('aria-invalid'), 'true');
  await act(async () => clearToasts());
  loginReply = () => ({ status: 403, statusText: 'Forbidden', body: { error: 'This account is disabled' } });
  await submit('old', 'x');
  assert.equal(toastTexts(), ["Account doesn't exist"]);
  assert.is(location.pathname, '/login');
  assert.ok(button('Sign in'), 'button back to Sign in after a failure');
});

test("network failure: 'Login failed. Please try again.'", async () => {
  await openLogin();
  loginReply = () => 'network-error';
  await submit('admin', 'admin123');
  assert.equal(toastTexts(), ['Login failed. Please try again.']);
  assert.is(localStorage.getItem('token'), null);
});

test('loginErrorMessage mapping', () => {
  assert.is(loginErrorMessage(new ApiError('Wrong username', 401)), 'Wrong username');
  assert.is(loginErrorMessage(new ApiError('Wrong password', 401)), 'Wrong password');
  assert.is(loginErrorMessage(new ApiError('Internal Server Error', 500)), "Account doesn't exist");
  assert.is(loginErrorMessage(new ApiError('username: must NOT have more than 100 characters', 400)), "Account doesn't exist");
  assert.is(loginErrorMessage(new TypeError('Failed to fetch')), 'Login failed. Please try again.');
});

test('demo box lists the accounts only when the server says demo; a click fills the form', async () => {
  await openLogin();
  assert.is(document.querySelector('.demo-box'), null);
  await unmount();
  demo = true;
  await openLogin();
  await waitFor(() => document.querySelector('.demo-box'));
  const box = $('.demo-box').textContent!;
  assert.ok(box.includes('admin / admin123') && box.includes('staff / staff123'), box);
  const staffButton = [...document.querySelectorAll('.demo-box button')].find((b) => b.textContent!.includes('staff')) as HTMLElement;
  await click(staffButton);
  assert.is(username().value, 'staff');
  assert.is(password().value, 'staff123');
});

test('a shop not set up yet (no owner): the login screen says where its setup link is', async () => {
  await openLogin();
  assert.not.ok(text().includes('not set up yet'));
  await unmount();
  setup = true;
  await openLogin();
  const note = await waitFor(() => document.querySelector('.setup-note'));
  assert.is(note!.textContent, 'This shop is not set up yet: open the setup link printed by the server.');
  assert.ok(button('Sign in'), 'the form stays: `kedai init` may have made the owner since');
});

test("'Checking authentication...' while the session is checked; a signed-in user is sent to /", async () => {
  session.authStatus.value = 'checking';
  await openLogin();
  assert.ok(text().includes('Checking authentication...'));
  assert.not.ok(text().includes('Sign in'));
  await unmount();
  localStorage.setItem('token', 't');
  session.user.value = { username: 'staff', role: 'USER' };
  session.authStatus.value = 'ready';
  await openLogin();
  await waitFor(() => location.pathname === '/');
});

test.run();
