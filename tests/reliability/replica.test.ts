// The off-site copy with real parts: `kedai serve --replicate` (a separate process, with Litestream as its child),
// a file:// replica and an S3 store (s3rver on the loopback, path-style, keys S3RVER/S3RVER). Four tills sell; the
// server and Litestream are killed with SIGKILL in a random order; `kedai restore --from-replica` rebuilds a fresh
// folder: every sale acknowledged more than a second before the kill (sync interval 200 ms, set with
// KEDAI_REPLICATE_SYNC_INTERVAL, plus Litestream's WAL poll of 200 ms and the upload) is there, and the restored
// database passes the same checks as the crash test. Also: a killed Litestream is started again; Kedai dead
// (even by kill -9) leaves no Litestream behind, which ships every acknowledged sale on its way out; a wrong bucket or wrong keys show in /api/health while selling
// goes on; an unknown scheme refuses to start; a folder holding data is not restored over. KEDAI_SEED repeats a run.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createRequire } from 'node:module';
import S3rver from 's3rver';
import sharp from 'sharp';
import {
  ADMIN,
  NoAnswer,
  ROOT,
  TILL,
  bundleServer,
  call,
  createAccounts,
  random,
  runSeed,
  signIn,
  startServer,
  tempDataDir,
  type Runner,
  type Server,
} from './support-server.js';
import { checkDatabase, queryDatabase } from './support-db-checks.js';

const SEED = runSeed();
const rng = random(SEED);
const SYNC = { KEDAI_REPLICATE_SYNC_INTERVAL: '200ms' };
/** Sales acknowledged longer ago than this before the kill must be in the replica (200 ms poll + 200 ms sync + upload). */
const SAFE_MS = 1000;
const BUCKET = 'kedai-test';
/** Pause between one till's sales in the S3 run (see the test). */
const S3_PAUSE_MS = 20;
/**
 * Pause between one till's sales in the file run: four tills selling with no pause at all kept both cores busy, and
 * Litestream (200 ms sync) then fell 1.35 s behind once in four CI runs. Still hundreds of sales a second, far
 * above any shop; the 1 s bound itself is unchanged.
 */
const FILE_PAUSE_MS = 5;

let runner: Runner;
let removeBundle = () => {};
let s3: S3rver;
let s3Endpoint = '';
const made: string[] = [];
const servers: Server[] = [];
const figures: string[] = [];

const temp = (name: string) => {
  const dir = tempDataDir(name);
  made.push(dir);
  return dir;
};

/** Processes whose parent is `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(name));
    } catch {
      /* gone */
    }
  }
  return out;
}

const comm = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return comm(pid) !== '' && !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
};

/** The Litestream process under a server (server -> sh guard -> litestream). */
function litestreamOf(serverPid: number): number | null {
  for (const guard of childrenOf(serverPid)) for (const c of childrenOf(guard)) if (comm(c) === 'litestream') return c;
  return null;
}

async function until<T>(what: string, fn: () => Promise<T | undefined | null | false> | T | undefined | null | false, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v as T;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An ADMIN token per server: the replica's details in /api/health are for a signed-in ADMIN (#25.4). */
const adminTokens = new Map<Server, Promise<string>>();

/** /api/health as the owner's Settings screen reads it (signed in as ADMIN): the replica's error and photos too. */
async function health(server: Server) {
  if (!adminTokens.has(server)) adminTokens.set(server, signIn(server.url, ADMIN));
  const token = await adminTokens.get(server)!;
  return (await call(server.url, 'GET', '/api/health', { token })).body as {
    ok: boolean;
    replica?: { ok: boolean; lag_seconds: number; last_error: string | null; photos_pending?: number };
  };
}

async function serve(dataDir: string, url: string, env: NodeJS.ProcessEnv = {}, extra: string[] = []): Promise<Server> {
  const server = await startServer(runner, dataDir, ['--replicate', url, ...extra], { ...SYNC, ...env });
  servers.push(server);
  return server;
}

interface Ack {
  number: string;
  at: number;
}

/** A shop: accounts, three products; returns the tokens and product ids. */
async function openShop(server: Server) {
  const owner = await signIn(server.url, ADMIN);
  const till = await signIn(server.url, TILL);
  const products: number[] = [];
  for (let i = 1; i <= 3; i++) {
    const r = await call(server.url, 'POST', '/api/products', {
      token: owner,
      body: { item_name: `Replica Sandal ${i}`, selling_price: 19.9 + i, cost: 8, stock_qty: 1_000_000 },
    });
    assert.is(r.status, 201, JSON.stringify(r.body));
    products.push(r.body.product.id);
    // A photo per product: the restore must bring these back too (the images' own queue, not Litestream).
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: `#${(0x203040 * i).toString(16).slice(-6)}` } })
      .jpeg()
      .toBuffer();
    const up = await call(server.url, 'POST', '/api/ecommerce/upload/proxy', {
      token: owner,
      body: { productId: r.body.product.id, fileData: photo.toString('base64'), fileName: `sandal-${i}.jpg`, contentType: 'image/jpeg' },
    });
    assert.is(up.status, 201, JSON.stringify(up.body));
  }
  return { owner, till, products };
}

/** Four tills sell until stopped or the server dies; every 201 is recorded with the moment it arrived. */
function sell(server: Server, till: string, products: number[], acks: Ack[], pauseMs = 0) {
  let stop = false;
  const one = async () => {
    while (!stop) {
      if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      const body = { items: [{ productId: rng.pick(products), qty: rng.int(1, 2) }] };
      try {
        const r = await call(server.url, 'POST', '/api/checkout', { token: till, body, headers: { 'idempotency-key': randomUUID() } });
        if (r.status === 201) acks.push({ number: r.body.number, at: Date.now() });
        else throw new Error(`checkout -> ${r.status} ${JSON.stringify(r.body)}`);
      } catch (err) {
        if (err instanceof NoAnswer) return;
        throw err;
      }
    }
  };
  const loops = Promise.all([one(), one(), one(), one()]);
  return {
    stop: async () => {
      stop = true;
      await loops;
    },
    done: loops,
  };
}

/** Runs the CLI without blocking this process (s3rver answers from it); resolves with its exit code and output. */
function kedaiAsync(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [runnerFile(), ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: '', KEDAI_REPLICATE: '' } });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    err += d;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
}

const runnerFile = () => (runner.kind === 'bundle' ? runner.file : (assert.unreachable('bundle runner expected') as never));

/** Restores `url` into a fresh folder with the CLI; returns the folder and the seconds it took. */
async function restoreInto(url: string, args: string[] = [], credentials?: string): Promise<{ dir: string; seconds: number; out: string }> {
  const dir = temp('restored');
  if (credentials) fs.writeFileSync(path.join(dir, 'replica-credentials'), credentials, { mode: 0o600 });
  const started = performance.now();
  const r = await kedaiAsync(['restore', '--from-replica', url, '--data', dir, ...args]);
  assert.is(r.code, 0, `restore from ${url}: ${r.out}${r.err}`);
  return { dir, seconds: (performance.now() - started) / 1000, out: r.out };
}

/** The crash scenario against one replica URL: sell, kill both at random, restore, compare invoice numbers. */
async function killAndRestore(name: string, url: string, env: NodeJS.ProcessEnv, extra: string[], credentials?: string, pauseMs = 0) {
  const dataDir = temp(name);
  createAccounts(runner, dataDir);
  const server = await serve(dataDir, url, env, extra);
  const { till, products } = await openShop(server);
  await until('the replica to be ok, photos sent', async () => {
    const replica = (await health(server)).replica;
    return replica?.ok && replica.photos_pending === 0;
  });
  const acks: Ack[] = [];
  const selling = sell(server, till, products, acks, pauseMs);
  await new Promise((r) => setTimeout(r, rng.int(3000, 6000)));
  const ls = litestreamOf(server.pid);
  assert.ok(ls, 'Litestream runs under the server');
  const order = rng.pick(['Litestream killed first', 'server killed first'] as const);
  const killAt = Date.now();
  const killLitestream = () => {
    try {
      process.kill(ls!, 'SIGKILL');
    } catch {
      /* already stopped by its guard */
    }
  };
  if (order === 'Litestream killed first') killLitestream();
  await server.kill();
  if (order === 'server killed first') killLitestream();
  await selling.done;
  await until('Litestream to be gone', () => !alive(ls!), 5000);

  const restored = await restoreInto(url, [...extra], credentials);
  assert.match(restored.out, /Restored the database from/);
  const db = path.join(restored.dir, 'kedai.db');
  const report = checkDatabase(db);
  assert.equal(report.problems, [], `${name}: the restored database passes the checks`);
  const present = new Set(queryDatabase<{ number: string }>(db, 'SELECT number FROM sales_invoice').map((r) => r.number));
  const safe = acks.filter((a) => a.at < killAt - SAFE_MS);
  const missing = safe.filter((a) => !present.has(a.number));
  assert.equal(
    missing.map((a) => `${a.number} acked ${killAt - a.at} ms before the kill`),
    [],
    `${name}: sales acknowledged more than ${SAFE_MS} ms before the kill`,
  );
  assert.ok(safe.length >= 5, `${name}: only ${safe.length} of ${acks.length} sales to check`);
  const photos = fs
    .readdirSync(path.join(dataDir, 'images'))
    .filter((f) => f.endsWith('.webp'))
    .sort();
  assert.is(photos.length, 6, `${name}: 3 photos, two sizes each, in the shop's folder`);
  assert.equal(
    fs
      .readdirSync(path.join(restored.dir, 'images'))
      .filter((f) => f.endsWith('.webp'))
      .sort(),
    photos,
    `${name}: every photo restored`,
  );
  for (const f of photos)
    assert.ok(fs.readFileSync(path.join(restored.dir, 'images', f)).equals(fs.readFileSync(path.join(dataDir, 'images', f))), `${name}: ${f} byte-equal`);
  const lost = acks.filter((a) => !present.has(a.number));
  const window = lost.length ? Math.max(...lost.map((a) => killAt - a.at)) : 0;
  figures.push(
    `${name} (${order}): ${acks.length} sales acknowledged, ${present.size} restored, ${lost.length} lost (newest ${window} ms before the kill); restore ${restored.seconds.toFixed(2)} s`,
  );
  return { dataDir, acks, restoredDir: restored.dir };
}

/**
 * Two ways s3rver 3.7 differs from S3 (and MinIO, R2), fixed for this test's store only:
 * - it lists with a delimiter wrongly: it never walks two folders below the prefix, so `generations/<id>/` (whose
 *   objects sit in snapshots/ and wal/) is never reported and Litestream finds no backup. Fix: list without the
 *   delimiter and fold the common prefixes here;
 * - a PUT cut short (Litestream killed mid-upload) is stored truncated; S3 stores an object whole or not at all.
 *   Fix: read the whole body first, refuse it when incomplete.
 */
function fixS3rver() {
  type Listed = { objects: { key: string }[]; commonPrefixes: string[]; isTruncated: boolean };
  type Put = { content: unknown; size: number };
  const store = createRequire(import.meta.url)('s3rver/lib/stores/filesystem.js') as {
    prototype: { listObjects(b: string, o: Record<string, unknown>): Promise<Listed>; putObject(o: Put): Promise<unknown> };
  };
  const put = store.prototype.putObject;
  store.prototype.putObject = async function (object) {
    if (!Buffer.isBuffer(object.content)) {
      const req = object.content as AsyncIterable<Buffer> & { complete?: boolean };
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c);
      const body = Buffer.concat(chunks);
      if (req.complete === false || (Number.isFinite(object.size) && body.length !== object.size)) throw new Error('upload cut short');
      object.content = body;
    }
    return put.call(this, object);
  };
  const original = store.prototype.listObjects;
  store.prototype.listObjects = async function (bucket, options) {
    const delimiter = options.delimiter as string | undefined;
    if (!delimiter) return original.call(this, bucket, options);
    const prefix = (options.prefix as string | undefined) ?? '';
    const maxKeys = (options.maxKeys as number | undefined) ?? Infinity;
    const all = await original.call(this, bucket, { ...options, delimiter: '', maxKeys: Infinity });
    const prefixes = new Set<string>();
    const objects: Listed['objects'] = [];
    for (const o of all.objects) {
      const i = o.key.slice(prefix.length).indexOf(delimiter);
      if (i >= 0) prefixes.add(o.key.slice(0, prefix.length + i + 1));
      else objects.push(o);
    }
    return { objects: objects.slice(0, maxKeys), commonPrefixes: [...prefixes].sort(), isTruncated: objects.length > maxKeys };
  };
}

test.before(async () => {
  fixS3rver();
  ({ runner, remove: removeBundle } = await bundleServer());
  const store = temp('s3rver');
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: store, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const addr = await s3.run();
  s3Endpoint = `http://127.0.0.1:${addr.port}`;
});

test.after(async () => {
  for (const s of servers) await s.kill();
  s3?.httpServer?.closeAllConnections();
  await s3?.close();
  removeBundle();
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
  console.log(`replica (seed ${SEED}):\n  ${figures.join('\n  ')}`);
});

test('file:// replica: 4 tills, server and Litestream killed (SIGKILL), restore into a fresh folder', async () => {
  const replica = temp('nas');
  const url = `file://${replica}`;
  const { dataDir } = await killAndRestore('file', url, {}, [], undefined, FILE_PAUSE_MS);
  // The killed server's folder holds data: not restored over without --force.
  const r = await kedaiAsync(['restore', '--from-replica', url, '--data', dataDir]);
  assert.is(r.code, 1);
  assert.match(r.err, /is not empty.*--force.*Nothing was changed/s);
  const forced = await kedaiAsync(['restore', '--from-replica', url, '--data', dataDir, '--force']);
  assert.is(forced.code, 0, forced.err);
  assert.match(forced.out, /The database it replaced is kept as/);
  assert.equal(checkDatabase(path.join(dataDir, 'kedai.db')).problems, []);
});

test('S3 replica on s3rver (path-style endpoint): kill and restore; point in time with --timestamp', async () => {
  const url = `s3://${BUCKET}/shop-${SEED}`;
  const keys = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };
  const file = 'AWS_ACCESS_KEY_ID=S3RVER\nAWS_SECRET_ACCESS_KEY=S3RVER\n';
  // s3rver answers from this test's own event loop: the tills pause 20 ms between sales (still ~150 sales a second, far
  // above a shop's) so their HTTP clients do not starve it; flat out, its uploads fell seconds behind on this 2-core box.
  const { acks } = await killAndRestore('s3', url, keys, ['--replicate-endpoint', s3Endpoint], file, S3_PAUSE_MS);
  // As of a moment in the middle: the sales acknowledged a second before it are there, none after it.
  const mid = acks[Math.floor(acks.length / 2)];
  const at = new Date(mid.at).toISOString();
  const pit = await restoreInto(url, ['--replicate-endpoint', s3Endpoint, '--timestamp', at], file);
  const numbers = new Set(queryDatabase<{ number: string }>(path.join(pit.dir, 'kedai.db'), 'SELECT number FROM sales_invoice').map((r) => r.number));
  assert.ok(
    acks.filter((a) => a.at < mid.at - SAFE_MS).every((a) => numbers.has(a.number)),
    'sales well before the timestamp are there',
  );
  assert.ok(numbers.size < acks.length, `a point in time holds fewer sales (${numbers.size} of ${acks.length})`);
  figures.push(`s3 point in time: ${numbers.size} of ${acks.length} sales as of the middle sale`);
});

test('supervision: a killed Litestream starts again; a server killed or stopped leaves no Litestream behind', async () => {
  const replica = temp('nas2');
  const dataDir = temp('supervised');
  createAccounts(runner, dataDir);
  let server = await serve(dataDir, `file://${replica}`);
  const first = await until('Litestream', () => litestreamOf(server.pid));
  await until('the replica to be ok', async () => (await health(server)).replica?.ok);
  process.kill(first, 'SIGKILL');
  const h = await until('health to report the dead Litestream', async () => {
    const b = await health(server);
    return b.replica?.last_error ? b : null;
  });
  assert.is(h.replica!.last_error, 'Litestream was killed (SIGKILL); starting it again in 1 s');
  assert.is(h.replica!.ok, false);
  const second = await until('a new Litestream', () => {
    const p = litestreamOf(server.pid);
    return p && p !== first ? p : null;
  });
  const { till, products } = await openShop(server);
  const r = await call(server.url, 'POST', '/api/checkout', { token: till, body: { items: [{ productId: products[0], qty: 1 }] } });
  assert.is(r.status, 201);
  await until('the replica to be ok again', async () => {
    const b = await health(server);
    return b.replica?.ok && b.replica.last_error === null && b.replica.lag_seconds === 0;
  });
  assert.match(server.output(), /Off-site copy: Litestream was killed/);
  // kill -9 of the server right after 20 sales: its Litestream stops by itself (the guard's pipe closed), and
  // ships them first (its output relay outlives Kedai, so its last log lines cannot kill it with SIGPIPE).
  const last: string[] = [];
  for (let i = 0; i < 20; i++) {
    const sale = await call(server.url, 'POST', '/api/checkout', { token: till, body: { items: [{ productId: products[1], qty: 1 }] } });
    assert.is(sale.status, 201);
    last.push(sale.body.number);
  }
  await server.kill();
  await until('the orphaned Litestream to stop', () => !alive(second), 10_000);
  const restored = await restoreInto(`file://${replica}`);
  const present = new Set(queryDatabase<{ number: string }>(path.join(restored.dir, 'kedai.db'), 'SELECT number FROM sales_invoice').map((x) => x.number));
  assert.equal(
    last.filter((n) => !present.has(n)),
    [],
    'the sales acknowledged just before the server died are off-site',
  );
  // A clean stop takes Litestream with it.
  server = await serve(dataDir, `file://${replica}`);
  const third = await until('Litestream', () => litestreamOf(server.pid));
  assert.is(await server.stop(), 0);
  assert.is(alive(third), false, 'Litestream stopped with the server');
});

test('wrong bucket, wrong keys, an open key file: the reason in /api/health, selling goes on; unknown scheme: no start', async () => {
  const cases: { name: string; url: string; env: NodeJS.ProcessEnv; file?: string; reason: RegExp; secret?: string }[] = [
    {
      name: 'bucket',
      url: 's3://no-such-bucket/k',
      env: { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' },
      reason: /The bucket does not exist at the store \(NoSuchBucket/,
    },
    {
      name: 'keys',
      url: `s3://${BUCKET}/k`,
      env: { AWS_ACCESS_KEY_ID: 'WRONGKEY1234', AWS_SECRET_ACCESS_KEY: 'TOPSECRET987' },
      reason: /The store refused the access keys \(InvalidAccessKeyId/,
      secret: 'TOPSECRET987',
    },
    {
      name: 'open file',
      url: `s3://${BUCKET}/k`,
      env: { AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '' },
      file: 'AWS_ACCESS_KEY_ID=S3RVER\nAWS_SECRET_ACCESS_KEY=S3RVER\n',
      reason: /can be read by other users.*chmod 600/,
    },
  ];
  for (const c of cases) {
    const dataDir = temp(`bad-${c.name.replace(' ', '-')}`);
    createAccounts(runner, dataDir);
    if (c.file) {
      fs.writeFileSync(path.join(dataDir, 'replica-credentials'), c.file);
      fs.chmodSync(path.join(dataDir, 'replica-credentials'), 0o644);
    }
    const server = await serve(dataDir, c.url, c.env, ['--replicate-endpoint', s3Endpoint]);
    const { till, products } = await openShop(server);
    const sale = await call(server.url, 'POST', '/api/checkout', { token: till, body: { items: [{ productId: products[0], qty: 1 }] } });
    assert.is(sale.status, 201, `${c.name}: selling goes on`);
    const h = await until(`${c.name}: the error in health`, async () => {
      const b = await health(server);
      return b.replica?.last_error ? b : null;
    });
    assert.is(h.ok, true);
    assert.is(h.replica!.ok, false);
    assert.match(h.replica!.last_error!, c.reason, c.name);
    const anon = (await call(server.url, 'GET', '/api/health')).body;
    assert.equal(anon.replica, { ok: false, lag_seconds: anon.replica.lag_seconds }, `${c.name}: anyone sees no reason`);
    if (c.secret) {
      assert.not.match(h.replica!.last_error!, new RegExp(c.secret));
      assert.not.match(server.output(), new RegExp(c.secret));
    }
    assert.match(server.output(), /Off-site copy: /);
    figures.push(`${c.name}: ${h.replica!.last_error}`);
    await server.stop();
  }
  const bad = await kedaiAsync(['serve', '--data', temp('bad-scheme'), '--replicate', 'ftp://nas/kedai']);
  assert.is(bad.code, 1);
  assert.match(bad.err, /unknown scheme "ftp" \(use s3:\/\/ or file:\/\/\)/);
});

test.run();
