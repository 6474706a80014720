// The real CLI in a child process: messages and exit codes a shop owner sees, and the first run of a new shop
// (serve prints the setup link, #26.8).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

const ENTRY = ['--import', './core/dev/register.mjs', '--import', 'tsx', 'app/server.ts'];
const env = { ...process.env, KEDAI_SCRYPT_LOG_N: '10', PORT: '', HOST: '', DATA_DIR: '', KEDAI_DEMO: '' };
const kedai = (args: string[], input?: string) => spawnSync(process.execPath, [...ENTRY, ...args], { env, input, encoding: 'utf8', timeout: 60_000 });
const made: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-cli-'));
  made.push(dir);
  return dir;
};
/** Servers started by serveUntil: a failed assertion must not leave one running (the file would never end). */
const running = new Set<ReturnType<typeof spawn>>();
test.after(() => {
  for (const child of running) child.kill('SIGKILL');
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

test('version prints the package version', () => {
  const r = kedai(['version']);
  assert.is(r.status, 0);
  assert.is(r.stdout.trim(), JSON.parse(fs.readFileSync('package.json', 'utf8')).version);
});

test('empty environment values count as unset; --help prints usage without starting', () => {
  const r = spawnSync(process.execPath, [...ENTRY, '--help'], { env: { ...env, PORT: '' }, encoding: 'utf8', timeout: 60_000 });
  assert.is(r.status, 0);
  assert.match(r.stdout, /Usage: kedai/);
});

/** `kedai serve` on 127.0.0.1 and a free port, until it has printed `until`; stop() sends SIGTERM and gives the exit code. */
async function serveUntil(dir: string, until: RegExp) {
  const child = spawn(process.execPath, [...ENTRY, 'serve', '--data', dir, '--port', '0', '--host', '127.0.0.1'], { env });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no ${until}: ${out}`));
    }, 60_000);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code}: ${out}`));
    });
    child.stdout.on('data', () => {
      const m = until.exec(out);
      if (m && /serving on http:\/\/localhost:\d+/.test(out)) {
        clearTimeout(timer);
        resolve(m);
      }
    });
  });
  const base = `http://127.0.0.1:${/serving on http:\/\/localhost:(\d+)/.exec(out)![1]}`;
  return {
    match,
    base,
    output: () => out,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

// The link and the line after it (read together: the output arrives in chunks).
const SETUP_LINK = /Open (http:\/\/127\.0\.0\.1:\d+)\/setup\?code=([a-z2-7]{16}) {2}to set up the shop\n[^\n]*kedai init --admin NAME --data /;
const json = async (base: string, url: string, init: { method?: string; body?: unknown; token?: string } = {}) => {
  const res = await fetch(base + url, {
    method: init.method ?? 'GET',
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, body: await res.json(), cookie: res.headers.get('set-cookie') };
};

test('serve on a new database without --demo starts in setup mode and prints the setup link; a restart prints a new code; setup over HTTP', async () => {
  const dir = tmp();
  const first = await serveUntil(dir, SETUP_LINK);
  const [, origin, code1] = first.match;
  assert.is(origin, first.base, 'the link points at this server');
  assert.match(first.output(), /kedai init --admin NAME --data /);
  assert.equal((await json(first.base, '/api/auth/config')).body.setup, true);
  assert.equal((await json(first.base, `/api/setup?code=${code1}`)).body, { ok: true });
  assert.is(await first.stop(), 0);

  // Not set up before the restart: a new code, and the old link no longer works.
  const second = await serveUntil(dir, SETUP_LINK);
  const code2 = second.match[2];
  assert.is.not(code2, code1);
  assert.is((await json(second.base, `/api/setup?code=${code1}`)).status, 403);
  const done = await json(second.base, '/api/setup', {
    method: 'POST',
    body: { code: code2, username: 'owner', password: 'kasut-owner-1', shop_name: 'Kasut Joo Chiat', gst_reg_no: 'M9-7654321-0', prices_include_gst: true },
  });
  assert.is(done.status, 201, JSON.stringify(done.body));
  assert.equal(done.body.user, { username: 'owner', role: 'ADMIN' });
  assert.match(String(done.cookie), /kedai_session=.*HttpOnly/);
  assert.equal((await json(second.base, '/api/auth/verify', { token: done.body.token })).body.user, { username: 'owner', role: 'ADMIN' });
  const settings = (await json(second.base, '/api/settings', { token: done.body.token })).body.settings;
  assert.equal([settings.shop_name, settings.gst_reg_no, settings.prices_include_gst], ['Kasut Joo Chiat', 'M9-7654321-0', true]);
  assert.is((await json(second.base, `/api/setup?code=${code2}`)).status, 404);
  assert.is(await second.stop(), 0);

  // Set up: the next start prints no link, and the owner signs in with the password chosen in the browser.
  const third = await serveUntil(dir, /data folder: .*\n/);
  assert.is((await json(third.base, '/api/auth/login', { method: 'POST', body: { username: 'owner', password: 'kasut-owner-1' } })).status, 200);
  assert.is((await json(third.base, '/api/setup?code=anything')).status, 404);
  assert.not.match(third.output(), /setup/, 'everything it printed at start (read after answering)');
  assert.is(await third.stop(), 0);
  // `kedai init` is for a new shop only, as before.
  const init = kedai(['init', '--admin', 'other', '--password-stdin', '--data', dir], 'other-pass-1\n');
  assert.is(init.status, 1);
  assert.match(init.stderr, /already has accounts/);
});

test('after `kedai init`, serve prints no setup link', async () => {
  const dir = tmp();
  assert.is(kedai(['init', '--admin', 'owner', '--password-stdin', '--data', dir], 'owner-pass-1\n').status, 0);
  const s = await serveUntil(dir, /data folder: .*\n/);
  assert.is((await json(s.base, '/api/auth/config')).body.setup, false);
  assert.not.match(s.output(), /setup/);
  assert.is(await s.stop(), 0);
});

test('init creates the first ADMIN from stdin; user add/list/disable', () => {
  const dir = tmp();
  const r = kedai(['init', '--admin', 'owner', '--password-stdin', '--data', dir], 'owner-pass-1\n');
  assert.is(r.status, 0, r.stderr);
  assert.match(r.stdout, /Created ADMIN account owner/);
  const again = kedai(['init', '--admin', 'x', '--password-stdin', '--data', dir], 'whatever1\n');
  assert.is(again.status, 1);
  assert.match(again.stderr, /already has accounts/);
  assert.is(kedai(['user', 'add', 'cashier1', '--role', 'USER', '--password-stdin', '--data', dir], 'cashier-pass\n').status, 0);
  const short = kedai(['user', 'add', 'cashier2', '--password-stdin', '--data', dir], 'abc\n');
  assert.is(short.status, 1);
  assert.match(short.stderr, /at least 8/);
  const common = kedai(['user', 'add', 'cashier2', '--password-stdin', '--data', dir], 'password1\n');
  assert.is(common.status, 1);
  assert.match(common.stderr, /most common passwords/);
  assert.is(kedai(['user', 'disable', 'cashier1', '--data', dir]).status, 0);
  const list = kedai(['user', 'list', '--data', dir]);
  assert.match(list.stdout, /cashier1\tUSER\tdisabled/);
  assert.match(list.stdout, /owner\tADMIN\tactive/);
  const db = new Database(path.join(dir, 'kedai.db'), { readonly: true });
  const hash = (db.prepare("SELECT password_hash FROM core_user WHERE username='owner'").get() as { password_hash: string }).password_hash;
  db.close();
  assert.not.match(hash, /owner-pass-1/);
});

test('a data folder that cannot be written: clear message, exit 1, no stack trace', () => {
  const file = path.join(tmp(), 'a-file');
  fs.writeFileSync(file, 'x');
  const r = kedai(['migrate', '--data', path.join(file, 'sub')]);
  assert.is(r.status, 1);
  assert.match(r.stderr, /cannot be written/);
  assert.not.match(r.stderr, /\n\s+at /);
});

test('bad options and unknown commands exit 1 with a message', () => {
  assert.match(kedai(['serve', '--port', 'abc']).stderr, /Invalid port/);
  const u = kedai(['frobnicate']);
  assert.is(u.status, 1);
  assert.match(u.stderr, /Unknown command/);
});

test('a database from a newer Kedai is refused and left untouched', () => {
  const dir = tmp();
  assert.is(kedai(['migrate', '--data', dir]).status, 0);
  const file = path.join(dir, 'kedai.db');
  const db = new Database(file);
  db.prepare("INSERT INTO schema_migrations (plugin, version, name, applied_at) VALUES ('core', 99, 'future', 'x')").run();
  db.close();
  const before = fs.readFileSync(file);
  const r = kedai(['migrate', '--data', dir]);
  assert.is(r.status, 1);
  assert.match(r.stderr, /newer Kedai/);
  assert.ok(before.equals(fs.readFileSync(file)));
});

test('port already in use: clear message and exit 1', async () => {
  const dir = tmp();
  kedai(['init', '--admin', 'owner', '--password-stdin', '--data', dir], 'owner-pass-1\n');
  const blocker = net.createServer();
  await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
  const port = (blocker.address() as net.AddressInfo).port;
  const r = kedai(['serve', '--data', dir, '--port', String(port), '--host', '127.0.0.1']);
  blocker.close();
  assert.is(r.status, 1);
  assert.match(r.stderr, new RegExp(`Port ${port} is already in use`));
});

test('serve answers health, holds the folder against a second server, and stops cleanly on SIGTERM', async () => {
  const dir = tmp();
  const child = spawn(process.execPath, [...ENTRY, 'serve', '--demo', '--data', dir, '--port', '0', '--host', '127.0.0.1'], { env });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start: ${out}`)), 60_000);
    child.stdout.on('data', () => {
      const m = /serving on (http:\/\/localhost:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  const health = await (await fetch(`${url}/api/health`)).json();
  assert.equal(health, { ok: true, version: JSON.parse(fs.readFileSync('package.json', 'utf8')).version, db: 'ok' });
  const cfg = await (await fetch(`${url}/api/auth/config`)).json();
  assert.is(cfg.demo, true);
  assert.equal(
    cfg.demoAccounts.map((a: { username: string }) => a.username),
    ['admin', 'staff'],
  );
  const second = kedai(['serve', '--data', dir, '--port', '0']);
  assert.is(second.status, 1);
  assert.match(second.stderr, /Another Kedai server/);
  const code = await new Promise<number | null>((resolve) => {
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });
  assert.is(code, 0);
  assert.not.ok(fs.existsSync(path.join(dir, 'kedai.lock')));
});

test.run();
