// Backups and restores on real data folders: archive format, consistency, refusals, the kept previous database.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { once } from 'node:events';
import Database from 'better-sqlite3';
import { testApp } from '../tests/helpers/app.js';
import { dataPaths, ensureDataDir } from './data-dir.js';
import { BackupError, createBackup, extractBackup, pruneAutoBackups, listAutoBackups, restoreBackup } from './backup.js';
import { TarWriter, readTar, tarHeader } from './backup-tar.js';
import { autoBackupDue, runAutoBackup } from './backup-schedule.js';
import { openDb } from './db.js';

const ENTRY = ['--import', './core/dev/register.mjs', '--import', 'tsx', 'app/server.ts'];
const env = { ...process.env, KEDAI_SCRYPT_LOG_N: '10', PORT: '', HOST: '', DATA_DIR: '', KEDAI_DEMO: '', KEDAI_AUTO_BACKUP: '0' };
const kedai = (args: string[], input?: string) => spawnSync(process.execPath, [...ENTRY, ...args], { env, input, encoding: 'utf8', timeout: 120_000 });
const made: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-backup-'));
  made.push(dir);
  return dir;
};
test.after(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A data folder with settings rows, two images (one in a subfolder) and a closed database. */
async function seededFolder(rows = 50) {
  const t = await testApp({ dataDir: tmp() });
  const put = t.app.db.prepare('INSERT INTO core_setting (key, value) VALUES (?, ?)');
  t.app.db.transaction(() => {
    for (let i = 0; i < rows; i++) put.run(`row-${i}`, JSON.stringify(i));
  })();
  fs.mkdirSync(path.join(t.app.paths.images, 'p1'), { recursive: true });
  fs.writeFileSync(path.join(t.app.paths.images, 'p1', 'a.png'), PNG);
  fs.writeFileSync(path.join(t.app.paths.images, 'b.webp'), Buffer.from('RIFF0000WEBP'));
  return t;
}

/** Passes when fn rejects with an error whose message matches (or that the predicate accepts). */
async function rejects(fn: () => Promise<unknown>, expected: RegExp | ((e: Error) => boolean)) {
  let error: Error | undefined;
  try {
    await fn();
  } catch (err) {
    error = err as Error;
  }
  if (!error) assert.unreachable('expected a rejection');
  const ok = expected instanceof RegExp ? expected.test(error!.message) : expected(error!);
  assert.ok(ok, `unexpected error: ${error!.message}`);
}

const countRows = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM core_setting WHERE key LIKE 'row-%'").get() as { n: number }).n;
  } finally {
    db.close();
  }
};

test('tar: long names, round trip, and the system tar reads our archives', async () => {
  const dir = tmp();
  const file = path.join(dir, 'x.tar.gz');
  const long = `images/${'d'.repeat(90)}/${'f'.repeat(80)}.png`;
  const gzip = zlib.createGzip();
  const out = fs.createWriteStream(file);
  gzip.pipe(out);
  const w = new TarWriter(gzip);
  await w.addBuffer('hello.txt', Buffer.from('hello'));
  await w.addDir('images');
  await w.addBuffer(long, Buffer.alloc(1000, 7));
  await w.finish();
  await once(out, 'close');
  const listed = spawnSync('tar', ['-tzf', file], { encoding: 'utf8' });
  assert.is(listed.status, 0, listed.stderr);
  assert.equal(listed.stdout.trim().split('\n'), ['hello.txt', 'images/', long]);
  const seen: [string, number][] = [];
  await readTar(fs.createReadStream(file).pipe(zlib.createGunzip()), async (e, chunks) => {
    let n = 0;
    for await (const c of chunks) n += c.length;
    seen.push([e.name, n]);
  });
  assert.equal(seen, [
    ['hello.txt', 5],
    ['images', 0],
    [long, 1000],
  ]);
  const bad = tarHeader('x', 1);
  bad[0] = 'y'.charCodeAt(0);
  await rejects(
    () =>
      readTar(
        (async function* () {
          yield bad;
        })(),
        async () => {},
      ),
    /checksum/,
  );
});

test('backup with a second connection while the app writes: consistent, integrity ok, images included', async () => {
  const t = await seededFolder();
  const out = path.join(tmp(), 'shop.tar.gz');
  let written = 50;
  const put = t.app.db.prepare('INSERT INTO core_setting (key, value) VALUES (?, ?)');
  const writer = setInterval(() => {
    put.run(`row-${written}`, JSON.stringify(written));
    written++;
  }, 1);
  const before = written;
  const result = await createBackup({ paths: t.app.paths, outFile: out });
  clearInterval(writer);
  assert.is(result.file, out);
  assert.is(result.images, 2);
  const dest = tmp();
  const { manifest, images } = await extractBackup(out, dest);
  assert.is(images, 2);
  assert.is(manifest?.format, 'kedai-backup');
  assert.is(manifest?.schema.core, 2);
  assert.ok(fs.readFileSync(path.join(dest, 'images', 'p1', 'a.png')).equals(PNG));
  const n = countRows(path.join(dest, 'kedai.db'));
  assert.ok(n >= before && n <= written, `snapshot has ${n} rows, expected between ${before} and ${written}`);
  const db = openDb(path.join(dest, 'kedai.db'));
  assert.is((db.pragma('integrity_check') as { integrity_check: string }[])[0].integrity_check, 'ok');
  // Rows form an unbroken prefix: the snapshot is one instant, not a mix.
  const keys = db.prepare("SELECT CAST(substr(key, 5) AS INTEGER) AS i FROM core_setting WHERE key LIKE 'row-%' ORDER BY i").all() as { i: number }[];
  assert.equal(
    keys.map((k) => k.i),
    Array.from({ length: n }, (_, i) => i),
  );
  db.close();
  assert.not.ok(
    fs.readdirSync(path.dirname(out)).some((f) => f !== 'shop.tar.gz'),
    'no temporary files left',
  );
  await t.close();
});

test('the server connection backup (nightly) and restore into a fresh folder keeps everything', async () => {
  const t = await seededFolder(120);
  const out = path.join(t.app.paths.backups, 'kedai-auto-20250101-030000.tar.gz');
  await createBackup({ paths: t.app.paths, outFile: out, db: t.app.db });
  await t.close();
  const fresh = ensureDataDir(path.join(tmp(), 'new-shop'));
  const r = await restoreBackup({ paths: fresh, archive: out, prepare: () => {} });
  assert.is(r.images, 2);
  assert.is(r.previousDb, undefined);
  assert.is(countRows(fresh.db), 120);
  assert.ok(fs.existsSync(path.join(fresh.images, 'p1', 'a.png')));
  assert.not.ok(fs.readdirSync(fresh.root).some((f) => f.startsWith('.restore-')));
  // The restored folder serves: sign in with the accounts of the backup.
  const t2 = await testApp({ dataDir: fresh.root });
  const me = await t2.admin.get('/api/auth/verify');
  assert.is(me.status, 200);
  await t2.close();
});

test('restore over an existing folder keeps the previous database and images in backups/', async () => {
  const a = await seededFolder(10);
  const archive = path.join(tmp(), 'a.tar.gz');
  await createBackup({ paths: a.app.paths, outFile: archive });
  await a.close();
  const b = await seededFolder(33);
  fs.writeFileSync(path.join(b.app.paths.images, 'only-in-b.png'), PNG);
  const paths = b.app.paths;
  await b.close();
  const r = await restoreBackup({ paths, archive, prepare: () => {}, now: new Date('2025-03-04T05:06:07Z') });
  assert.is(r.previousDb, path.join(paths.backups, 'pre-restore-20250304-130607.db'));
  assert.is(countRows(paths.db), 10);
  assert.is(countRows(r.previousDb!), 33);
  assert.not.ok(fs.existsSync(path.join(paths.images, 'only-in-b.png')));
  assert.ok(fs.existsSync(path.join(r.previousImages!, 'only-in-b.png')));
});

test('a damaged or truncated backup is refused and the folder is untouched', async () => {
  const a = await seededFolder(5);
  const archive = path.join(tmp(), 'a.tar.gz');
  await createBackup({ paths: a.app.paths, outFile: archive });
  await a.close();
  const target = await seededFolder(7);
  const paths = target.app.paths;
  await target.close();
  const before = fs.readFileSync(paths.db);

  const truncated = path.join(tmp(), 'cut.tar.gz');
  const whole = fs.readFileSync(archive);
  fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
  await rejects(
    () => restoreBackup({ paths, archive: truncated, prepare: () => {} }),
    (e: Error) => e instanceof BackupError && /not a readable Kedai backup/.test(e.message),
  );

  // A backup whose database pages are garbage: unpack, spoil, pack again (as plain tar).
  const unpacked = tmp();
  await extractBackup(archive, unpacked);
  const dbFile = path.join(unpacked, 'kedai.db');
  const bytes = fs.readFileSync(dbFile);
  const pageSize = bytes.readUInt16BE(16) || 65536;
  for (let p = 1; p * pageSize < bytes.length; p++) bytes.fill(0x41, p * pageSize + 8, p * pageSize + 200);
  const spoiled = path.join(tmp(), 'spoiled.tar');
  const out = fs.createWriteStream(spoiled);
  const w = new TarWriter(out);
  await w.addBuffer('kedai.db', bytes);
  await w.finish();
  await once(out, 'close');
  await rejects(
    () => restoreBackup({ paths, archive: spoiled, prepare: () => {} }),
    (e: Error) => e instanceof BackupError && /damaged|cannot be opened/.test(e.message),
  );

  const notBackup = path.join(tmp(), 'notes.tar');
  const o2 = fs.createWriteStream(notBackup);
  const w2 = new TarWriter(o2);
  await w2.addBuffer('../evil.txt', Buffer.from('x'));
  await w2.finish();
  await once(o2, 'close');
  await rejects(() => restoreBackup({ paths, archive: notBackup, prepare: () => {} }), /unsafe path/);
  assert.not.ok(fs.existsSync(path.join(paths.root, '..', 'evil.txt')));

  assert.ok(fs.readFileSync(paths.db).equals(before), 'database unchanged');
  assert.is(fs.readdirSync(paths.backups).filter((f) => f.startsWith('pre-restore')).length, 0);
  assert.not.ok(fs.readdirSync(paths.root).some((f) => f.startsWith('.restore-')));
});

test('a newer schema in the backup is refused by prepare, folder untouched', async () => {
  const a = await seededFolder(3);
  a.app.db.prepare("INSERT INTO schema_migrations (plugin, version, name, applied_at) VALUES ('core', 99, 'future', 'x')").run();
  const archive = path.join(tmp(), 'future.tar.gz');
  await createBackup({ paths: a.app.paths, outFile: archive, db: a.app.db });
  await a.close();
  const paths = ensureDataDir(tmp());
  await rejects(
    () =>
      restoreBackup({
        paths,
        archive,
        prepare: () => {
          throw new Error('newer Kedai');
        },
      }),
    /cannot be restored by this Kedai: newer Kedai/,
  );
  assert.not.ok(fs.existsSync(paths.db));
});

test('automatic backups: due rule, one per night, keep the newest 14', async () => {
  const tz = 'Asia/Singapore';
  const at = (iso: string) => new Date(iso);
  assert.ok(autoBackupDue(at('2025-01-01T04:00:00Z'), undefined, tz), 'none yet');
  // 12:00 local, last one 10 h ago: wait for the night.
  assert.not.ok(autoBackupDue(at('2025-01-01T04:00:00Z'), at('2024-12-31T18:00:00Z').getTime(), tz));
  // 02:30 local (18:30Z), last one 16 h ago: nightly one.
  assert.ok(autoBackupDue(at('2025-01-01T18:30:00Z'), at('2025-01-01T02:30:00Z').getTime(), tz));
  // 04:30 local, last one at 02:30 the same night: not again.
  assert.not.ok(autoBackupDue(at('2025-01-01T20:30:00Z'), at('2025-01-01T18:30:00Z').getTime(), tz));
  // A day old at any hour (the PC was off at night).
  assert.ok(autoBackupDue(at('2025-01-03T04:00:00Z'), at('2025-01-02T03:59:00Z').getTime(), tz));

  const t = await seededFolder(2);
  for (let i = 0; i < 16; i++) {
    const f = path.join(t.app.paths.backups, `kedai-auto-202501${String(i + 1).padStart(2, '0')}-030000.tar.gz`);
    fs.writeFileSync(f, 'x');
    fs.utimesSync(f, new Date(Date.UTC(2025, 0, i + 1)), new Date(Date.UTC(2025, 0, i + 1)));
  }
  fs.writeFileSync(path.join(t.app.paths.backups, 'pre-restore-20250101-000000.db'), 'keep me');
  const file = await runAutoBackup(t.app, new Date());
  assert.ok(file && fs.existsSync(file));
  const kept = listAutoBackups(t.app.paths).map((b) => path.basename(b.file));
  assert.is(kept.length, 14);
  assert.is(kept[0], path.basename(file!));
  assert.not.ok(kept.includes('kedai-auto-20250102-030000.tar.gz'));
  assert.ok(fs.existsSync(path.join(t.app.paths.backups, 'pre-restore-20250101-000000.db')));
  assert.is(await runAutoBackup(t.app, new Date()), undefined, 'not due right after one');
  assert.equal(pruneAutoBackups(t.app.paths, 14), []);
  await t.close();
});

test('CLI: backup while a server runs, restore refused while it runs, restore after it stops', async () => {
  const dir = tmp();
  const child = spawn(process.execPath, [...ENTRY, 'serve', '--demo', '--data', dir, '--port', '0', '--host', '127.0.0.1'], { env });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    // Generous: at the start of `npm test` this tsx server compiles while every other test file does too.
    const timer = setTimeout(() => reject(new Error(`no start: ${out}`)), 150_000);
    child.stdout.on('data', () => {
      if (/serving on/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const file = path.join(tmp(), 'live.tar.gz');
  const b = kedai(['backup', file, '--data', dir]);
  assert.is(b.status, 0, b.stderr);
  assert.match(b.stdout, /Backup written: .*live\.tar\.gz/);
  const again = kedai(['backup', file, '--data', dir]);
  assert.is(again.status, 1);
  assert.match(again.stderr, /already exists/);
  const refused = kedai(['restore', file, '--data', dir]);
  assert.is(refused.status, 1);
  assert.match(refused.stderr, /A Kedai server \(pid \d+\) is using the data folder/);
  await new Promise((resolve) => {
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });
  const ok = kedai(['restore', file, '--data', dir]);
  assert.is(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /Restored .*live\.tar\.gz/);
  assert.match(ok.stdout, /kept as .*pre-restore-\d{8}-\d{6}\.db/);
  const users = kedai(['user', 'list', '--data', dir]);
  assert.match(users.stdout, /admin\tADMIN\tactive/);
  const missing = kedai(['restore', path.join(dir, 'nope.tar.gz'), '--data', dir]);
  assert.is(missing.status, 1);
  assert.match(missing.stderr, /No backup file at/);
  const noDb = kedai(['backup', '--data', tmp()]);
  assert.is(noDb.status, 1);
  assert.match(noDb.stderr, /no Kedai database/);
  assert.ok(dataPaths(dir).backups);
});

test.run();
