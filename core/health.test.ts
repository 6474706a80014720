// #25.4: GET /api/health over a real port. Anyone gets CONTRACT's {ok: true, version, db: "ok"} and, while the
// off-site copy runs, only its `ok` and `lag_seconds`; a signed-in ADMIN (Bearer token) also gets the details
// (the error's text, which can name a key file, a bucket, an endpoint; the photos waiting). A USER, a bad token
// or an expired session get the anonymous view, never a 401.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../tests/helpers/app.js';
import { listenHttp, httpRequest, type HttpApp } from '../tests/helpers/http.js';
import { VERSION } from './version.js';

let t: TestApp;
let h: HttpApp;

const SECRET_ERROR = 'Cannot read the key file /srv/kedai/data/replica-credentials for bucket s3://acme-shop-backups at https://s3.ap-southeast-1.example.com';
const failing = { ok: false, lag_seconds: 42, last_error: SECRET_ERROR };

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
});
test.after(async () => {
  t.app.replicaStatus = null;
  await t.close();
});

test('replication off: everyone gets exactly {ok: true, version, db: "ok"}', async () => {
  for (const who of [h.anon, h.staff, h.admin]) {
    const r = await who.get('/api/health');
    assert.is(r.status, 200);
    assert.equal(r.body, { ok: true, version: VERSION, db: 'ok' });
  }
});

test('anonymous: the replica as ok and lag_seconds only; no error text, path, bucket or endpoint on the wire', async () => {
  t.app.replicaStatus = () => failing;
  const r = await h.anon.get('/api/health');
  assert.is(r.status, 200);
  assert.equal(r.body, { ok: true, version: VERSION, db: 'ok', replica: { ok: false, lag_seconds: 42 } });
  assert.equal(Object.keys(r.body.replica), ['ok', 'lag_seconds']);
  const raw = r.raw.toString('utf8');
  for (const secret of [
    'last_error',
    'photos_pending',
    'key file',
    'replica-credentials',
    '/srv/kedai',
    'acme-shop-backups',
    's3.ap-southeast-1',
    'https://',
  ]) {
    assert.not.ok(raw.includes(secret), secret);
  }
});

test('a signed-in ADMIN (Bearer) gets the full details, the error text included', async () => {
  t.app.replicaStatus = () => failing;
  const r = await h.admin.get('/api/health');
  assert.is(r.status, 200);
  // photos_pending: the images plugin's off-site queue (nothing waiting here).
  assert.equal(r.body, { ok: true, version: VERSION, db: 'ok', replica: { ok: false, lag_seconds: 42, last_error: SECRET_ERROR, photos_pending: 0 } });
  t.app.replicaStatus = () => ({ ok: true, lag_seconds: 0, last_error: null });
  assert.equal((await h.admin.get('/api/health')).body.replica, { ok: true, lag_seconds: 0, last_error: null, photos_pending: 0 });
  assert.equal((await h.anon.get('/api/health')).body.replica, { ok: true, lag_seconds: 0 });
});

test('a USER, a bad token, a malformed header, a signed-out session: the anonymous view, 200', async () => {
  t.app.replicaStatus = () => failing;
  const anonymous = { ok: true, version: VERSION, db: 'ok', replica: { ok: false, lag_seconds: 42 } };
  const staff = await h.staff.get('/api/health');
  assert.is(staff.status, 200);
  assert.equal(staff.body, anonymous);
  const forged = t.admin.token.slice(0, -4) + (t.admin.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
  for (const authorization of [`Bearer ${forged}`, 'Bearer not-a-jwt', 'Basic YWRtaW46YWRtaW4xMjM=', 'Bearer']) {
    const r = await httpRequest(h.port, 'GET', '/api/health', undefined, { authorization });
    assert.is(r.status, 200, authorization);
    assert.equal(r.body, anonymous, authorization);
  }
  // An ADMIN who signed out: that token shows nothing more.
  const session = await t.login('admin', 'admin123');
  assert.equal((await h.client(session.token).get('/api/health')).body.replica.last_error, SECRET_ERROR);
  assert.is((await h.client(session.token).post('/api/auth/logout', {})).status, 200);
  assert.equal((await h.client(session.token).get('/api/health')).body, anonymous);
  // The session cookie alone is no sign-in here (cookies count only on downloads).
  const login = await httpRequest(h.port, 'POST', '/api/auth/login', { username: 'admin', password: 'admin123' });
  const cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0];
  assert.equal((await httpRequest(h.port, 'GET', '/api/health', undefined, { cookie })).body, anonymous);
});

test.run();
