// The replication parts that need no process: options, keys, Litestream's config, the lag rule, redaction.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, ConfigError } from '../config.js';
import { readReplicaCredentials, ReplicaCredentialsError } from './credentials.js';
import { litestreamConfig, redact, syncInterval, durationMs, findLitestream } from './litestream.js';
import { LagTracker, parseMetrics, type LitestreamMetrics } from './lag.js';
import { explainError } from './supervisor.js';
import { holdsData, replicaTimestamp } from './restore.js';
import { dataPaths } from '../data-dir.js';
import { parseReplicaTarget } from './target.js';

const made: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-replica-unit-'));
  made.push(dir);
  return dir;
};
test.after(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

test('--replicate / KEDAI_REPLICATE and the endpoint reach the config; flags win; off by default', () => {
  assert.is(loadConfig([], {}).replica, null);
  const c = loadConfig(['--replicate', 's3://shop-a/kedai', '--replicate-endpoint', 'http://127.0.0.1:9000'], { KEDAI_REPLICATE: 'file:///mnt/x' });
  assert.equal(c.replica, { kind: 's3', url: 's3://shop-a/kedai', bucket: 'shop-a', prefix: 'kedai', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1' });
  const e = loadConfig([], { KEDAI_REPLICATE: 'file:///mnt/nas/kedai', KEDAI_REPLICATE_ENDPOINT: '' });
  assert.equal(e.replica, { kind: 'file', url: 'file:///mnt/nas/kedai', dir: '/mnt/nas/kedai' });
});

test('an unknown scheme stops the start with a clear ConfigError', () => {
  assert.throws(
    () => loadConfig(['--replicate', 'ftp://nas/kedai'], {}),
    (e: Error) => e instanceof ConfigError && /unknown scheme "ftp"/.test(e.message),
  );
});

test('credentials: environment first, else a private file; a file others may read is refused', () => {
  const dir = tmp();
  assert.is(readReplicaCredentials(dir, {}), null);
  const file = path.join(dir, 'replica-credentials');
  fs.writeFileSync(file, 'AWS_ACCESS_KEY_ID=AKIDFILE\nAWS_SECRET_ACCESS_KEY="s3cr3t/file"\n', { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  assert.equal(readReplicaCredentials(dir, {}), { accessKeyId: 'AKIDFILE', secretAccessKey: 's3cr3t/file' });
  assert.equal(readReplicaCredentials(dir, { AWS_ACCESS_KEY_ID: 'A', AWS_SECRET_ACCESS_KEY: 'B' }), { accessKeyId: 'A', secretAccessKey: 'B' });
  fs.chmodSync(file, 0o644);
  assert.throws(
    () => readReplicaCredentials(dir, {}),
    (e: Error) => e instanceof ReplicaCredentialsError && /chmod 600/.test(e.message) && !e.message.includes('s3cr3t'),
  );
});

test('Litestream config: s3 with endpoint is path-style; file replica; sync interval from the environment', () => {
  const s3 = JSON.parse(
    litestreamConfig({
      dbFile: '/d/kedai.db',
      target: parseReplicaTarget('s3://shop-a/k', { endpoint: 'http://127.0.0.1:9000' }),
      sync: '200ms',
      addr: '127.0.0.1:1234',
    }),
  );
  assert.equal(s3.dbs[0].replicas[0], {
    name: 'offsite',
    type: 's3',
    bucket: 'shop-a',
    path: 'k',
    region: 'us-east-1',
    'sync-interval': '200ms',
    endpoint: 'http://127.0.0.1:9000',
    'force-path-style': true,
  });
  assert.is(s3.dbs[0]['monitor-interval'], '200ms');
  assert.is(s3.addr, '127.0.0.1:1234');
  const file = JSON.parse(litestreamConfig({ dbFile: '/d/kedai.db', target: parseReplicaTarget('file:///mnt/nas'), sync: '1s' }));
  assert.equal(file.dbs[0].replicas[0], { name: 'offsite', type: 'file', path: '/mnt/nas', 'sync-interval': '1s' });
  assert.is(syncInterval({}), '1s');
  assert.is(syncInterval({ KEDAI_REPLICATE_SYNC_INTERVAL: '200ms' }), '200ms');
  assert.throws(() => syncInterval({ KEDAI_REPLICATE_SYNC_INTERVAL: 'fast' }), /200ms/);
  assert.is(durationMs('2m'), 120_000);
  assert.ok(findLitestream({}).file, 'litestream found in node_modules');
});

const m = (syncCount: number, shadow: [number, number], replica: [number, number] | null): LitestreamMetrics => ({
  syncCount,
  syncErrorCount: 0,
  shadowIndex: shadow[0],
  shadowSize: shadow[1],
  replicaIndex: replica?.[0] ?? null,
  replicaOffset: replica?.[1] ?? null,
});

test('metrics text is parsed (labels ignored)', () => {
  const text =
    '# HELP x\nlitestream_sync_count{db="/d/kedai.db"} 14\nlitestream_shadow_wal_index{db="/d"} 2\nlitestream_shadow_wal_size{db="/d"} 20632\n' +
    'litestream_replica_wal_index{db="/d",name="offsite"} 2\nlitestream_replica_wal_offset{db="/d",name="offsite"} 20632\n';
  assert.equal(parseMetrics(text), m(14, [2, 20632], [2, 20632]));
  assert.equal(parseMetrics('').replicaIndex, null);
});

test('lag: a change is held only after two shadow syncs past the first reading AND the replica at the shadow end', () => {
  const lag = new LagTracker();
  lag.metrics(m(10, [0, 100], [0, 100]));
  assert.is(lag.lagSeconds(0), 0);
  lag.localChange(1000);
  lag.localChange(1500); // shares the first one's reading
  assert.is(lag.lagSeconds(31_000), 30);
  lag.metrics(m(11, [0, 100], [0, 100])); // first reading after the change: the sync in flight may miss it
  assert.is(lag.lagSeconds(4000), 3);
  lag.metrics(m(12, [0, 200], [0, 100])); // copied to the shadow, not yet shipped
  assert.is(lag.lagSeconds(5000), 4);
  lag.metrics(m(13, [0, 200], [0, 200])); // shipped
  assert.is(lag.lagSeconds(6000), 0);
});

test('lag: a restarted Litestream (counters from 0) does not leave a change pending forever, nor clear it early', () => {
  const lag = new LagTracker();
  lag.metrics(m(50, [0, 100], [0, 100]));
  lag.localChange(0);
  lag.restarted();
  lag.metrics(m(1, [0, 100], [0, 100]));
  assert.is(lag.lagSeconds(10_000), 10);
  lag.metrics(m(3, [1, 300], [1, 300]));
  assert.is(lag.lagSeconds(10_000), 0);
  // Never a replica position: never held.
  lag.localChange(20_000);
  lag.metrics(m(4, [1, 400], null));
  lag.metrics(m(9, [1, 400], null));
  assert.is(lag.lagSeconds(400_000), 380);
});

test('errors: keys and signatures never shown; common causes in plain words', () => {
  const creds = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG' };
  const out = redact('SignatureDoesNotMatch for AKIDEXAMPLE secret wJalrXUtnFEMI/K7MDENG url?X-Amz-Signature=abcdef&x=1', creds);
  assert.not.match(out, /AKIDEXAMPLE|wJalrXUtnFEMI|abcdef/);
  assert.match(explainError('NoSuchBucket: The specified bucket does not exist'), /^The bucket does not exist/);
  assert.match(explainError('InvalidAccessKeyId: ...'), /refused the access keys/);
  assert.match(explainError('dial tcp 127.0.0.1:1: connect: connection refused'), /Cannot reach the store/);
});

test('restore: a folder is "empty" when it holds only what Kedai makes on the way; timestamps are ISO', () => {
  const dir = tmp();
  const paths = dataPaths(dir);
  fs.mkdirSync(paths.images);
  fs.mkdirSync(path.join(dir, '.runtime'));
  fs.writeFileSync(path.join(dir, 'replica-credentials'), 'x', { mode: 0o600 });
  assert.is(holdsData(paths), false);
  fs.writeFileSync(path.join(paths.images, 'a.webp'), 'x');
  assert.is(holdsData(paths), true);
  fs.rmSync(path.join(paths.images, 'a.webp'));
  fs.writeFileSync(paths.db, '');
  assert.is(holdsData(paths), true);
  assert.is(replicaTimestamp('2026-11-26T09:30:00+08:00'), '2026-11-26T01:30:00.000Z');
  assert.throws(() => replicaTimestamp('yesterday'), /ISO 8601/);
});

test.run();
