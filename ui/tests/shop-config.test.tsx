// #18: GET /api/auth/config once per page load. The app asks before its first render; the login screen's demo
// box and the POS's GST rate come from that one reply; a screen mounting later asks again only when the answer
// is over a minute old or the configuration was set by hand (a settings save).
import { $, calls, flush, mockFetch, render, setPath, unmount, waitFor } from './dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const { App } = await import('../app.js');
const session = await import('../session.js');
const { loadShopConfig, setShopConfig, shopConfig, useShopConfig, SHOP_CONFIG_FRESH_MS } = await import('../shop-config.js');

const CONFIG = {
  demo: true,
  demoAccounts: [{ username: 'staff', password: 'staff123', role: 'USER' }],
  timeZone: 'Asia/Tokyo',
  gstRate: 0.1,
  cashRounding: true,
  pricesIncludeGst: false,
};
const configCalls = () => calls.filter((c) => c.url === '/api/auth/config').length;

function GstShown() {
  const config = useShopConfig();
  return <p id="gst">{config ? `GST ${config.gstRate * 100}%` : 'none'}</p>;
}

test.after.each(async () => {
  await unmount();
  setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09 });
});

test('page load, login screen and a screen using the GST rate: one request between them', async () => {
  mockFetch((c) => (c.url === '/api/auth/config' ? { status: 200, body: CONFIG } : { status: 404, body: { error: 'not found' } }));
  setShopConfig(null);
  localStorage.clear();
  session.user.value = null;
  session.authStatus.value = 'ready';

  await loadShopConfig(); // ui/start.tsx, before the first render
  assert.is(shopConfig.value?.timeZone, 'Asia/Tokyo');
  setPath('/login');
  await render(<App screens={[{ path: '/', label: 'POS', navOrder: 10, load: async () => ({ default: GstShown }) }]} />);
  await waitFor(() => document.querySelector('.demo-box'));
  assert.ok($('.demo-box').textContent!.includes('staff / staff123'), 'the demo accounts from the same reply');
  await unmount();

  await render(<GstShown />);
  await flush(5);
  assert.is($('#gst').textContent, 'GST 10%');
  assert.is(configCalls(), 1, 'asked once');
});

test('a screen mounting after a settings save (configuration set by hand) asks again; a forced reload always asks', async () => {
  mockFetch((c) => (c.url === '/api/auth/config' ? { status: 200, body: CONFIG } : { status: 404, body: {} }));
  await loadShopConfig();
  await render(<GstShown />);
  await flush(5);
  assert.is(configCalls(), 1, 'fresh answer: no second request');
  await unmount();

  setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09 });
  await render(<GstShown />);
  await waitFor(() => $('#gst').textContent === 'GST 10%');
  assert.is(configCalls(), 2, 'set by hand: the mount asks the server');

  await loadShopConfig();
  assert.is(configCalls(), 3, 'without ifOlderThanMs (a refused sale) it always asks');
  assert.is(SHOP_CONFIG_FRESH_MS, 60_000);
});

test.run();
