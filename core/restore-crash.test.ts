// Issues 13.8 and 13.9 with real processes. A restore killed (SIGKILL, like a power cut) at each step of its
// swap is finished or rolled back by the next `kedai serve` (or `kedai restore`), which says so; the database
// and the images always match, and no journal or .restore-* folder is left. A backup killed half-way leaves
// private (0600) temp files that the next start sweeps. The data folder is 0700 and its files 0600.
// KEDAI_TEST_CRASH_AT=<step> makes the process kill itself at that step (backup-journal.ts: crashPoint).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { testApp } from '../tests/helpers/app.js';
import { bundleServer, startServer, type Runner } from '../tests/reliability/support-server.js';
import { createBackup } from './backup.js';
import { BACKUP_TEMP_PATTERN, sweepBackupLeftovers } from './backup-files.js';
import { RESTORE_JOURNAL } from './backup-journal.js';
import { dataPaths, ensureDataDir } from './data-dir.js';

const env = { ...process.env, KEDAI_SCRYPT_LOG_N: '10', PORT: '', HOST: '', DATA_DIR: '', KEDAI_DEMO: '', KEDAI_AUTO_BACKUP: '0', LOG_LEVEL: 'warn' };
let runner: Runner;
let removeBundle = () => {};
let archive = '';
const made: string[] = [];
const tmp = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `kedai-${name}-`));
  made.push(dir);
  return dir;
};
const cli = (args: string[], extra: NodeJS.ProcessEnv = {}) => {
  if (runner.kind !== 'bundle') throw new Error('bundle expected');
  return spawnSync(process.execPath, [runner.file, ...args], { env: { ...env, ...extra }, encoding: 'utf8', timeout: 120_000 });
};
const mode = (file: string) => fs.statSync(file).mode & 0o777;

/** A data folder (accounts, a marker row, one image) made by the app itself. */
async function folder(marker: string, image: string, dir = tmp(marker)) {
  const t = await testApp({ dataDir: dir });
  t.app.db.prepare("INSERT INTO core_setting (key, value) VALUES ('marker', ?)").run(JSON.stringify(marker));
  fs.writeFileSync(path.join(t.app.paths.images, image), `image ${marker}`);
  return t;
}

function state(dir: string) {
  const db = new Database(path.join(dir, 'kedai.db'), { readonly: true });
  try {
    const row = db.prepare("SELECT value FROM core_setting WHERE key = 'marker'").get() as { value: string } | undefined;
    return {
      marker: row ? JSON.parse(row.value) : undefined,
      images: fs.readdirSync(path.join(dir, 'images')).sort(),
      leftovers: fs.readdirSync(dir).filter((n) => n.startsWith('.restore-') || n.startsWith(RESTORE_JOURNAL)),
      integrity: (db.pragma('integrity_check') as { integrity_check: string }[])[0].integrity_check,
    };
  } finally {
    db.close();
  }
}

test.before(async () => {
  const b = await bundleServer();
  runner = b.runner;
  removeBundle = b.remove;
  const t = await folder('new', 'new.webp');
  archive = path.join(tmp('archive'), 'new.tar.gz');
  await createBackup({ paths: t.app.paths, outFile: archive, db: t.app.db });
  await t.close();
});

test.after(() => {
  removeBundle();
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

const STEPS: [step: string, outcome: 'rolled back' | 'finished'][] = [
  ['journal-written', 'rolled back'],
  ['images-kept', 'rolled back'],
  ['images-swapped', 'rolled back'],
  ['db-kept', 'rolled back'],
  ['committed', 'finished'],
];

for (const [step, outcome] of STEPS) {
  test(`restore killed at "${step}": the next start ${outcome === 'finished' ? 'finishes it' : 'rolls it back'} and says so`, async () => {
    const t = await folder('old', 'old.webp');
    const dir = t.dataDir;
    await t.close();
    const r = cli(['restore', archive, '--data', dir], { KEDAI_TEST_CRASH_AT: step });
    assert.is(r.signal, 'SIGKILL', `${r.stdout}${r.stderr}`);
    assert.ok(fs.existsSync(path.join(dir, RESTORE_JOURNAL)), 'the journal is there after the crash');
    assert.ok(fs.existsSync(path.join(dir, 'kedai.lock')), "and the dead restore's lock");

    const server = await startServer(runner, dir);
    assert.is((await fetch(`${server.url}/api/health`)).status, 200);
    const stopped = await server.stop();
    assert.is(stopped, 0);
    const log = server.output();
    assert.match(log, outcome === 'finished' ? /interrupted restore .* was finished/ : /interrupted restore .* was rolled back/);
    const s = state(dir);
    assert.equal(
      s,
      outcome === 'finished'
        ? { marker: 'new', images: ['new.webp'], leftovers: [], integrity: 'ok' }
        : { marker: 'old', images: ['old.webp'], leftovers: [], integrity: 'ok' },
    );
    assert.not.ok(fs.existsSync(path.join(dir, 'kedai.lock')), 'lock released');
    const kept = fs.readdirSync(path.join(dir, 'backups'));
    if (outcome === 'finished') {
      const keptDb = kept.find((n) => /^pre-restore-.*\.db$/.test(n))!;
      assert.ok(keptDb, 'the replaced database is kept');
      const old = new Database(path.join(dir, 'backups', keptDb), { readonly: true });
      assert.is(JSON.parse((old.prepare("SELECT value FROM core_setting WHERE key = 'marker'").get() as { value: string }).value), 'old');
      old.close();
    } else {
      assert.equal(
        kept.filter((n) => n.startsWith('pre-restore-')),
        [],
        'nothing kept from a restore that did not happen',
      );
    }
  });
}

test('kedai restore after a crash: rolls the interrupted one back, says so, then restores', () => {
  return (async () => {
    const t = await folder('old', 'old.webp');
    const dir = t.dataDir;
    await t.close();
    assert.is(cli(['restore', archive, '--data', dir], { KEDAI_TEST_CRASH_AT: 'images-swapped' }).signal, 'SIGKILL');
    const again = cli(['restore', archive, '--data', dir]);
    assert.is(again.status, 0, again.stderr);
    assert.match(again.stdout, /interrupted restore .* was rolled back/);
    assert.match(again.stdout, /Restored /);
    assert.equal(state(dir), { marker: 'new', images: ['new.webp'], leftovers: [], integrity: 'ok' });
  })();
});

test('data folder 0700, kedai.db/-wal/-shm, secret.key, images and backups 0600; old folders are tightened', async () => {
  const dir = path.join(tmp('modes'), 'data');
  const t = await folder('m', 'a.webp', dir);
  const out = path.join(t.app.paths.backups, 'b.tar.gz');
  await createBackup({ paths: t.app.paths, outFile: out, db: t.app.db });
  for (const d of [dir, t.app.paths.images, t.app.paths.backups]) assert.is(mode(d), 0o700, d);
  for (const f of ['kedai.db', 'kedai.db-wal', 'kedai.db-shm', 'secret.key', 'backups/b.tar.gz']) assert.is(mode(path.join(dir, f)), 0o600, f);
  await t.close();
  // A folder made by an older Kedai (world-readable) is made private at the next start.
  for (const d of [dir, t.app.paths.images, t.app.paths.backups]) fs.chmodSync(d, 0o755);
  for (const f of ['kedai.db', 'secret.key', 'images/a.webp', 'backups/b.tar.gz']) fs.chmodSync(path.join(dir, f), 0o644);
  ensureDataDir(dir);
  for (const d of [dir, t.app.paths.images, t.app.paths.backups]) assert.is(mode(d), 0o700, d);
  for (const f of ['kedai.db', 'secret.key', 'images/a.webp', 'backups/b.tar.gz']) assert.is(mode(path.join(dir, f)), 0o600, f);
});

for (const step of ['backup-snapshot', 'backup-partial']) {
  test(`kedai backup killed at "${step}": its temp files are private, and the next start sweeps them`, async () => {
    const t = await folder('b', 'b.webp');
    const dir = t.dataDir;
    await t.close();
    const r = cli(['backup', '--data', dir], { KEDAI_TEST_CRASH_AT: step });
    assert.is(r.signal, 'SIGKILL', `${r.stdout}${r.stderr}`);
    const backups = path.join(dir, 'backups');
    const left = fs.readdirSync(backups).filter((n) => BACKUP_TEMP_PATTERN.test(n));
    assert.ok(
      left.some((n) => n.endsWith('.db')),
      `a snapshot was left: ${left}`,
    );
    if (step === 'backup-partial')
      assert.ok(
        left.some((n) => n.endsWith('.partial')),
        `a partial archive was left: ${left}`,
      );
    for (const n of left) assert.is(mode(path.join(backups, n)), 0o600, n);
    const server = await startServer(runner, dir);
    assert.is((await fetch(`${server.url}/api/health`)).status, 200);
    assert.is(await server.stop(), 0);
    assert.equal(
      fs.readdirSync(backups).filter((n) => BACKUP_TEMP_PATTERN.test(n)),
      [],
    );
  });
}

test('sweep: leftovers of a dead process go, those of a live one stay; each backup sweeps its folder first', async () => {
  const dir = tmp('sweep');
  const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
  const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  try {
    const ms = Date.now();
    const deadFiles = ['x.tar.gz', 'y.bak'].flatMap((a) => ['db', 'db-wal', 'db-shm', 'partial'].map((s) => `${a}.${dead}-${ms}.${s}`));
    const liveFiles = [`z.tar.gz.${sleeper.pid}-${ms}.db`, `z.tar.gz.${sleeper.pid}-${ms}.partial`];
    const others = ['kedai-auto-20250101-020000.tar.gz', 'notes.db', 'a.1-2.db'];
    for (const n of [...deadFiles, ...liveFiles, ...others]) fs.writeFileSync(path.join(dir, n), 'x');
    assert.equal(sweepBackupLeftovers(dir).sort(), deadFiles.sort());
    assert.equal(fs.readdirSync(dir).sort(), [...liveFiles, ...others].sort());
    // A day-old file is stale whoever its pid now belongs to.
    const old = (Date.now() - 25 * 3600_000) / 1000;
    fs.utimesSync(path.join(dir, liveFiles[0]), old, old);
    assert.equal(sweepBackupLeftovers(dir), [liveFiles[0]]);

    // createBackup sweeps the folder it writes into.
    const t = await testApp({ dataDir: tmp('sweep-data') });
    for (const n of deadFiles) fs.writeFileSync(path.join(t.app.paths.backups, n), 'x');
    await createBackup({ paths: dataPaths(t.dataDir), outFile: path.join(t.app.paths.backups, 'now.tar.gz'), db: t.app.db });
    assert.equal(fs.readdirSync(t.app.paths.backups), ['now.tar.gz']);
    await t.close();
  } finally {
    sleeper.kill('SIGKILL');
  }
});

test.run();
