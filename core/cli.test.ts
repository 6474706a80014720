// The real CLI in a child process: messages and exit codes a shop owner sees.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

const ENTRY = ['--import', './core/dev/register.mjs', '--import', 'tsx', 'core/main.ts'];
const env = { ...process.env, KEDAI_SCRYPT_LOG_N: '10', PORT: '', HOST: '', DATA_DIR: '', KEDAI_DEMO: '' };
const kedai = (args: string[], input?: string) => spawnSync(process.execPath, [...ENTRY, ...args], { env, input, encoding: 'utf8', timeout: 60_000 });
const made: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-cli-'));
  made.push(dir);
  return dir;
};
test.after(() => { for (const dir of made) fs.rmSync(dir, { recursive: true, force: true }); });

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

test('serve on a new database without demo asks for kedai init and exits 1', () => {
  const dir = tmp();
  const r = kedai(['serve', '--data', dir, '--port', '0']);
  assert.is(r.status, 1);
  assert.match(r.stderr, /kedai init --admin NAME/);
  assert.not.match(r.stderr, /at .*\.ts:\d+/);
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
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
  });
  const health = await (await fetch(`${url}/api/health`)).json();
  assert.equal(health, { ok: true, version: JSON.parse(fs.readFileSync('package.json', 'utf8')).version, db: 'ok' });
  const cfg = await (await fetch(`${url}/api/auth/config`)).json();
  assert.is(cfg.demo, true);
  assert.equal(cfg.demoAccounts.map((a: { username: string }) => a.username), ['admin', 'staff']);
  const second = kedai(['serve', '--data', dir, '--port', '0']);
  assert.is(second.status, 1);
  assert.match(second.stderr, /Another Kedai server/);
  const code = await new Promise<number | null>((resolve) => { child.on('exit', resolve); child.kill('SIGTERM'); });
  assert.is(code, 0);
  assert.not.ok(fs.existsSync(path.join(dir, 'kedai.lock')));
});

test.run();
