// happy-dom tests of the Settings screen: shop details load and save (only changed fields, server errors under
// their field), staff list with the self row protected, add user, disable with confirmation, reset password.
import {
  act,
  $,
  calls,
  click as clickNode,
  flush,
  mockFetch,
  render as renderNode,
  typeInto,
  unmount as unmountNode,
  type Call as DomCall,
} from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const { default: SettingsScreen } = await import('./settings-screen.js');
const { validateShopDetails } = await import('./shop-details-form.js');
const { validateNewUser } = await import('./form-rules.js');
const { screens } = await import('./index.js');
const { toasts, clearToasts } = await import('../../../ui/toast.js');
const { user } = await import('../../../ui/session.js');

type Call = DomCall & { body: any };

let container: HTMLElement;
async function render() {
  container = await renderNode(<SettingsScreen />);
  await flush(20);
}
async function unmount() {
  await unmountNode();
  clearToasts();
}
const buttons = (text: string, scope: ParentNode = document) =>
  [...scope.querySelectorAll('button')].filter((x) => x.textContent?.trim() === text) as HTMLButtonElement[];
const button = (text: string, scope: ParentNode = document) => {
  const b = buttons(text, scope)[0];
  if (!b) throw new Error(`no button "${text}"`);
  return b;
};
const type = (el: HTMLInputElement | HTMLTextAreaElement, value: string) => typeInto(el as HTMLInputElement, value);
async function choose(el: HTMLSelectElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
const click = async (el: HTMLElement) => {
  await clickNode(el);
  await flush(10);
};
const toastTexts = () => toasts.value.map((t) => `${t.kind}: ${t.message}`);

const SETTINGS = {
  shop_name: 'Kedai Footwear',
  address: '1 Orchard Road',
  phone: '+65 6123 4567',
  email: 'hello@kedai.example',
  gst_reg_no: 'M2-1234567-8',
  uen: '201912345K',
  receipt_footer: 'Thank you!',
  gst_rate: 0.09,
  max_staff_discount_percent: 10,
};
let users = [
  { id: 1, username: 'admin', role: 'ADMIN', active: true, created_at: '2025-01-02T03:00:00.000Z' },
  { id: 2, username: 'staff', role: 'USER', active: true, created_at: '2025-01-03T03:00:00.000Z' },
];

/** A small fake server for the screen's calls. */
function fakeServer(overrides: (c: Call) => { status: number; body: unknown } | undefined = () => undefined) {
  mockFetch((call) => {
    const c = call as Call;
    const o = overrides(c);
    if (o) return o;
    if (c.url === '/api/settings' && c.method === 'GET') return { status: 200, body: { settings: SETTINGS } };
    if (c.url === '/api/settings' && c.method === 'PATCH') return { status: 200, body: { settings: { ...SETTINGS, ...c.body } } };
    if (c.url.startsWith('/api/users?') && c.method === 'GET')
      return { status: 200, body: { users, pagination: { page: 1, pageSize: 50, total: users.length } } };
    if (c.url === '/api/users' && c.method === 'POST') {
      const u = { id: users.length + 1, username: c.body.username, role: c.body.role, active: true, created_at: '2025-02-01T00:00:00.000Z' };
      users = [...users, u];
      return { status: 201, body: { user: u } };
    }
    const m = /^\/api\/users\/(\d+)$/.exec(c.url);
    if (m && c.method === 'PATCH') {
      users = users.map((u) =>
        u.id === Number(m[1]) ? { ...u, ...('active' in c.body ? { active: c.body.active } : {}), ...('role' in c.body ? { role: c.body.role } : {}) } : u,
      );
      return { status: 200, body: { user: users.find((u) => u.id === Number(m[1])) } };
    }
    return { status: 404, body: { error: 'not found' } };
  });
}

test('manifest: /settings, nav label Settings, order 90, ADMIN only; /setup public (setup-screen.test.tsx)', () => {
  assert.equal(
    screens.map((s) => [s.path, s.label, s.navOrder, s.role, s.public]),
    [
      ['/settings', 'Settings', 90, 'ADMIN', undefined],
      ['/setup', undefined, undefined, undefined, true],
    ],
  );
});

test('rules: shop name required, e-mail and phone formats; new user name, length, confirmation', () => {
  const ok = { shop_name: 'A', address: '', phone: '', email: '', gst_reg_no: '', uen: '', receipt_footer: '' };
  assert.equal(validateShopDetails(ok), {});
  assert.equal(Object.keys(validateShopDetails({ ...ok, shop_name: ' ', email: 'x@', phone: 'abc' })).sort(), ['email', 'phone', 'shop_name']);
  assert.equal(validateNewUser({ username: 'cashier1', password: 'secret12', confirm: 'secret12' }), {});
  assert.equal(validateNewUser({ username: 'a b', password: 'abc', confirm: 'abc' }), {
    username: 'Username must be 2-40 letters, digits, dots, dashes or underscores',
    password: 'Password must be at least 8 characters',
  });
  assert.equal(validateNewUser({ username: 'ok', password: 'secret12', confirm: 'secret22' }), { confirm: 'The passwords do not match' });
});

test('shop details: loaded into the form; Save sends only what changed; toast', async () => {
  user.value = { username: 'admin', role: 'ADMIN' };
  fakeServer();
  await render();
  assert.is($<HTMLInputElement>('#settings-shop_name').value, 'Kedai Footwear');
  assert.is($<HTMLInputElement>('#settings-gst_rate').value, '9%');
  await type($<HTMLInputElement>('#settings-phone'), '6000 1234');
  await type($<HTMLTextAreaElement>('#settings-receipt_footer'), 'Exchange within 14 days');
  await click(button('Save Settings'));
  const patch = calls.find((c) => c.method === 'PATCH');
  assert.equal(patch?.body, { phone: '6000 1234', receipt_footer: 'Exchange within 14 days' });
  assert.ok(toastTexts().includes('success: Settings saved successfully!'));
  await unmount();
});

test('shop details: browser checks block the save; a server refusal shows under its field', async () => {
  fakeServer((c) =>
    c.method === 'PATCH'
      ? { status: 400, body: { error: 'UEN may contain only letters and digits', code: 'VALIDATION', details: { field: 'uen' } } }
      : undefined,
  );
  await render();
  await type($<HTMLInputElement>('#settings-shop_name'), '  ');
  await click(button('Save Settings'));
  assert.not.ok(calls.some((c) => c.method === 'PATCH'));
  assert.match(container.textContent!, /Shop name is required/);
  await type($<HTMLInputElement>('#settings-shop_name'), 'Kedai');
  await type($<HTMLInputElement>('#settings-uen'), '2019-1');
  await click(button('Save Settings'));
  assert.ok(calls.some((c) => c.method === 'PATCH'));
  assert.match($('label[for="settings-uen"]').textContent!, /UEN may contain only letters and digits/);
  assert.ok(toastTexts().includes('error: UEN may contain only letters and digits'));
  await unmount();
});

test('staff list: roles, statuses, own row cannot be disabled or demoted', async () => {
  fakeServer();
  await render();
  const rows = [...document.querySelectorAll('tr[data-user]')];
  assert.equal(
    rows.map((r) => r.getAttribute('data-user')),
    ['admin', 'staff'],
  );
  const mine = $('tr[data-user="admin"]');
  assert.match(mine.textContent!, /admin \(you\)/);
  assert.ok(button('Disable', mine).disabled);
  assert.ok(button('Make USER', mine).disabled);
  assert.not.ok(button('Reset Password', mine).disabled);
  const staff = $('tr[data-user="staff"]');
  assert.match(staff.textContent!, /USER/);
  assert.match(staff.textContent!, /Active/);
  assert.not.ok(button('Disable', staff).disabled);
  await unmount();
});

test('disable asks first; cancelled does nothing, confirmed sends active=false and shows Disabled', async () => {
  fakeServer();
  await render();
  let answer = false;
  const questions: string[] = [];
  window.confirm = (q?: string) => {
    questions.push(String(q));
    return answer;
  };
  await click(button('Disable', $('tr[data-user="staff"]')));
  assert.not.ok(calls.some((c) => c.method === 'PATCH'));
  answer = true;
  await click(button('Disable', $('tr[data-user="staff"]')));
  assert.match(questions[0], /Disable staff\?/);
  assert.equal(calls.find((c) => c.method === 'PATCH')?.body, { active: false });
  await flush(20);
  assert.match($('tr[data-user="staff"]').textContent!, /Disabled/);
  assert.ok(toastTexts().includes('success: staff disabled'));
  assert.ok(button('Enable', $('tr[data-user="staff"]')));
  await unmount();
});

test('a 409 from the server (last ADMIN) is toasted with its message', async () => {
  fakeServer((c) => (c.method === 'PATCH' ? { status: 409, body: { error: 'At least one active ADMIN account is required', code: 'LAST_ADMIN' } } : undefined));
  users = users.map((u) => (u.username === 'staff' ? { ...u, role: 'ADMIN', active: true } : u));
  await render();
  window.confirm = () => true;
  await click(button('Make USER', $('tr[data-user="staff"]')));
  assert.ok(toastTexts().includes('error: At least one active ADMIN account is required'));
  await unmount();
});

test('add user: modal checks, POST with role, list reloads', async () => {
  fakeServer();
  await render();
  await click(button('+ Add User'));
  assert.match($('dialog').textContent!, /Add User/);
  await type($<HTMLInputElement>('#new-username'), 'cashier1');
  await type($<HTMLInputElement>('#new-password'), 'till-pass');
  await type($<HTMLInputElement>('#new-confirm'), 'till-pasz');
  await click(button('Add User', $('dialog')));
  assert.match($('dialog').textContent!, /The passwords do not match/);
  assert.not.ok(calls.some((c) => c.method === 'POST'));
  await type($<HTMLInputElement>('#new-confirm'), 'till-pass');
  await choose($<HTMLSelectElement>('#new-role'), 'ADMIN');
  await click(button('Add User', $('dialog')));
  assert.equal(calls.find((c) => c.method === 'POST')?.body, { username: 'cashier1', password: 'till-pass', role: 'ADMIN' });
  await flush(20);
  assert.ok(toastTexts().includes('success: User cashier1 added successfully!'));
  assert.is(document.querySelector('dialog'), null);
  assert.ok(document.querySelector('tr[data-user="cashier1"]'));
  await unmount();
});

test('reset password: typed twice, PATCH with the password only', async () => {
  fakeServer();
  await render();
  await click(button('Reset Password', $('tr[data-user="staff"]')));
  assert.match($('dialog').textContent!, /Reset Password for staff/);
  await type($<HTMLInputElement>('#reset-password'), 'new-pass-1');
  await type($<HTMLInputElement>('#reset-confirm'), 'new-pass-1');
  await click(button('Reset Password', $('dialog')));
  const patch = calls.find((c) => c.method === 'PATCH');
  assert.ok(patch?.url.endsWith('/api/users/2'));
  assert.equal(patch?.body, { password: 'new-pass-1' });
  assert.ok(toastTexts().includes('success: Password reset for staff'));
  await unmount();
});

test('backup: a download link to the admin backup route', async () => {
  fakeServer();
  await render();
  const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Download Backup')!;
  assert.is(link.getAttribute('href'), '/api/admin/backup');
  assert.ok(link.hasAttribute('download'));
  await unmount();
});

test('discount limit (#16): loaded, a bad percent is refused in the browser, a good one is saved with a toast', async () => {
  user.value = { username: 'admin', role: 'ADMIN' };
  fakeServer();
  await render();
  const box = $<HTMLInputElement>('#settings-max_staff_discount_percent');
  assert.is(box.value, '10');
  const before = calls.filter((c) => c.method === 'PATCH').length;
  await type(box, '120');
  await click(button('Save Discount Limit'));
  assert.is(calls.filter((c) => c.method === 'PATCH').length, before);
  assert.match(container.textContent!, /Enter a percent from 0 to 100/);
  await type(box, '15');
  await click(button('Save Discount Limit'));
  const patch = calls.filter((c) => c.method === 'PATCH').at(-1) as Call;
  assert.equal(patch.body, { max_staff_discount_percent: 15 });
  assert.ok(toastTexts().includes('success: Settings saved successfully!'));
  await unmount();
});

test("settings keep what you type (#26.9): saving one card keeps another card's edits; the screen names them; leaving by a link asks first", async () => {
  user.value = { username: 'admin', role: 'ADMIN' };
  fakeServer();
  await render();
  const shopName = $<HTMLInputElement>('#settings-shop_name');
  await type(shopName, 'Kedai Shoes Tampines');
  await type($<HTMLInputElement>('#settings-max_staff_discount_percent'), '12');
  assert.match(container.textContent!, /Unsaved changes: Shop Details, Discounts/);
  await click(button('Save Discount Limit'));
  assert.is(shopName.value, 'Kedai Shoes Tampines', "another card's save keeps what is typed here");
  assert.match(container.textContent!, /Unsaved changes: Shop Details\./);
  // A link out asks first; cancelled, the page stays.
  const link = document.createElement('a');
  link.href = '/reports';
  link.textContent = 'Reports';
  container.appendChild(link);
  const asked: string[] = [];
  const original = window.confirm;
  window.confirm = ((q: string) => {
    asked.push(q);
    return false;
  }) as typeof window.confirm;
  try {
    let navigated = false;
    link.addEventListener('click', (e) => {
      if (!e.defaultPrevented) navigated = true;
    });
    await click(link);
    assert.equal(asked, ['You have unsaved changes in Settings. Leave without saving them?']);
    assert.not.ok(navigated);
  } finally {
    window.confirm = original;
    link.remove();
  }
  await unmount();
});

test('off-site copy (#19): hidden when replication is off; "N seconds behind"; alarm past 5 minutes or on failure', async () => {
  const cardOf = () => document.querySelector('.replica-card');
  fakeServer((c) => (c.url === '/api/health' ? { status: 200, body: { ok: true, version: '1', db: 'ok' } } : undefined));
  await render();
  assert.is(cardOf(), null);
  await unmount();
  fakeServer((c) =>
    c.url === '/api/health' ? { status: 200, body: { ok: true, version: '1', db: 'ok', replica: { ok: true, lag_seconds: 2, last_error: null } } } : undefined,
  );
  await render();
  assert.ok(cardOf()!.textContent!.includes('Off-site copy: 2 seconds behind'));
  assert.is(cardOf()!.querySelector('[role="alert"]'), null);
  assert.not.ok(cardOf()!.textContent!.includes('Photos waiting'), 'no photo line when none wait');
  await unmount();
  fakeServer((c) =>
    c.url === '/api/health'
      ? { status: 200, body: { ok: true, version: '1', db: 'ok', replica: { ok: true, lag_seconds: 0, last_error: null, photos_pending: 4 } } }
      : undefined,
  );
  await render();
  assert.ok(cardOf()!.textContent!.includes('Photos waiting to go off-site: 4'));
  await unmount();
  fakeServer((c) =>
    c.url === '/api/health'
      ? { status: 200, body: { ok: true, version: '1', db: 'ok', replica: { ok: false, lag_seconds: 301, last_error: null } } }
      : undefined,
  );
  await render();
  assert.ok(cardOf()!.textContent!.includes('Off-site copy: 301 seconds behind'));
  assert.match(cardOf()!.querySelector('[role="alert"]')!.textContent!, /more than 5 minutes behind/);
  await unmount();
  fakeServer((c) =>
    c.url === '/api/health'
      ? {
          status: 200,
          body: {
            ok: true,
            version: '1',
            db: 'ok',
            replica: { ok: false, lag_seconds: 12, last_error: 'The bucket does not exist at the store (NoSuchBucket)' },
          },
        }
      : undefined,
  );
  await render();
  assert.is(cardOf()!.querySelector('[role="alert"]')!.textContent, 'The off-site copy is failing: The bucket does not exist at the store (NoSuchBucket)');
  await unmount();
});

test.run();
