// The photos' off-site copy with real parts: s3rver on the loopback and a file:// folder. Photos uploaded through
// the API reach the store byte-equal, deletes remove them, a store that is down keeps the queue (with the reason)
// until it is back, a restart sends what was left, existing photos are backfilled, and restore brings them back.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import os from 'node:os';
import path from 'node:path';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { S3RVER_CREDENTIALS, startS3Server, type S3TestServer } from '../../tests/helpers/s3-server.js';
import { openDb } from '../../core/db.js';
import { parseReplicaTarget } from '../../core/replica/target.js';
import { restoreImagesFromReplica } from '../../core/replica/images.js';
import { imagesReplicaStatus } from './api.js';
import { replicaQueue } from './replica/queue.js';
import { picture, product, proxyUpload, uploadAndAttach } from './test-support.js';

const BUCKET = 'kedai-photos';
const PREFIX = 'shop-1';
const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `kedai-${name}-`));
const cleanup: string[] = [];
let s3: S3TestServer;

// The test's keys come from the data folder's file, not from whatever the machine's environment has.
delete process.env.AWS_ACCESS_KEY_ID;
delete process.env.AWS_SECRET_ACCESS_KEY;

test.before(async () => {
  const dir = tmp('s3rver');
  cleanup.push(dir);
  s3 = await startS3Server(dir, [BUCKET]);
});
test.after(async () => {
  await s3.stop();
  s3.client.destroy();
  for (const d of cleanup) fs.rmSync(d, { recursive: true, force: true });
});

async function waitFor<T>(what: string, fn: () => T | undefined | false | Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const status = (t: TestApp) => imagesReplicaStatus(t.app.db);
const drained = (t: TestApp) => waitFor('the queue to drain', () => status(t).pending === 0 && status(t).last_error === null);
const fileIdOf = (url: string) => /\/media\/([0-9a-f]{32})\./.exec(url)![1];
const localFiles = (dataDir: string, fileId: string) =>
  ['display', 'thumb'].map((v) => `${fileId}.${v}.webp`).map((name) => ({ name, bytes: fs.readFileSync(path.join(dataDir, 'images', name)) }));
const s3Args = ['--replicate', `s3://${BUCKET}/${PREFIX}`, '--replicate-endpoint', ''];

/** A data folder whose replica-credentials file holds s3rver's keys (mode 0600). */
function dataFolder(): string {
  const dir = tmp('data');
  cleanup.push(dir);
  fs.writeFileSync(
    path.join(dir, 'replica-credentials'),
    `AWS_ACCESS_KEY_ID=${S3RVER_CREDENTIALS.accessKeyId}\nAWS_SECRET_ACCESS_KEY=${S3RVER_CREDENTIALS.secretAccessKey}\n`,
    { mode: 0o600 },
  );
  return dir;
}

test('s3: backfill, upload, delete, store down and back, restart with pending jobs, missing photos resent, restore', async () => {
  s3Args[3] = s3.endpoint;
  const dataDir = dataFolder();
  // A photo taken before replication was turned on.
  let t = await testApp({ dataDir });
  const shoe = await product(t, 'Runner Blue 42', 'RUN-42');
  const before = fileIdOf((await uploadAndAttach(t, shoe, await picture('jpeg', 1200, 900, '#2e86de'))).body.image.url);
  await t.close();

  t = await testApp({ dataDir, argv: s3Args });
  await drained(t);
  for (const f of localFiles(dataDir, before)) assert.equal(await s3.get(BUCKET, `${PREFIX}/images/${f.name}`), f.bytes, `backfilled ${f.name}`);
  assert.ok(status(t).last_upload_at, 'last_upload_at set');

  // A new photo through the admin flow (ticket upload, then attach): in the store, byte-equal.
  const added = (await uploadAndAttach(t, shoe, await picture('png', 900, 900, '#27ae60'))).body.image;
  await drained(t);
  for (const f of localFiles(dataDir, fileIdOf(added.url))) assert.equal(await s3.get(BUCKET, `${PREFIX}/images/${f.name}`), f.bytes, f.name);

  // Deleted: gone from the store too.
  assert.is((await t.admin.delete(`/api/admin/images/products/${shoe}/images/${added.id}`)).status, 200);
  await drained(t);
  for (const v of ['display', 'thumb']) assert.is(await s3.get(BUCKET, `${PREFIX}/images/${fileIdOf(added.url)}.${v}.webp`), undefined, `${v} deleted`);

  // The store goes down: the upload still succeeds for the shop, the job stays queued with the reason.
  await s3.stop();
  const whileDown = fileIdOf((await proxyUpload(t, shoe, await picture('webp', 640, 480, '#8e44ad'))).body.image.url);
  const failed = await waitFor('a failed attempt', () => status(t).last_error ?? undefined);
  assert.match(failed, /Cannot reach|ECONNREFUSED/);
  assert.is(status(t).pending, 1);
  assert.is(await fs.promises.readFile(path.join(dataDir, 'images', `${whileDown}.display.webp`)).then((b) => b.length > 0), true);
  await s3.start();
  await drained(t);
  for (const f of localFiles(dataDir, whileDown))
    assert.equal(await s3.get(BUCKET, `${PREFIX}/images/${f.name}`), f.bytes, `sent after the store came back: ${f.name}`);

  // Down again, and Kedai stops with the job still queued: the next start sends it.
  await s3.stop();
  const pendingAtStop = fileIdOf((await proxyUpload(t, shoe, await picture('jpeg', 800, 600, '#f39c12'))).body.image.url);
  await waitFor('a failed attempt', () => status(t).last_error ?? undefined);
  await t.close();
  const db = openDb(path.join(dataDir, 'kedai.db'), { readonly: true });
  const left = db.prepare('SELECT file_id, op, attempts FROM images_replica_job').all() as { file_id: string; op: string; attempts: number }[];
  db.close();
  assert.equal(
    left.map((j) => [j.file_id, j.op]),
    [[pendingAtStop, 'put']],
  );
  assert.ok(left[0].attempts >= 1);
  await s3.start();
  // Meanwhile someone removed a photo from the bucket by hand: the start finds it missing and sends it again.
  await s3.client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}/images/${before}.thumb.webp` }));
  assert.is(await s3.get(BUCKET, `${PREFIX}/images/${before}.thumb.webp`), undefined);
  t = await testApp({ dataDir, argv: s3Args });
  await drained(t);
  await waitFor('the missing photo sent again', () => s3.get(BUCKET, `${PREFIX}/images/${before}.thumb.webp`));
  for (const f of localFiles(dataDir, before)) assert.equal(await s3.get(BUCKET, `${PREFIX}/images/${f.name}`), f.bytes, `sent again: ${f.name}`);
  for (const f of localFiles(dataDir, pendingAtStop))
    assert.equal(await s3.get(BUCKET, `${PREFIX}/images/${f.name}`), f.bytes, `sent after the restart: ${f.name}`);
  await t.close();

  // Restore into a fresh folder: exactly the live photos, byte-equal.
  const fresh = tmp('restore');
  cleanup.push(fresh);
  const target = parseReplicaTarget(`s3://${BUCKET}/${PREFIX}`, { endpoint: s3.endpoint });
  const restored = await restoreImagesFromReplica(target, S3RVER_CREDENTIALS, fresh);
  const live = [before, whileDown, pendingAtStop].flatMap((id) => localFiles(dataDir, id));
  assert.is(restored.files, live.length);
  assert.equal(fs.readdirSync(path.join(fresh, 'images')).sort(), live.map((f) => f.name).sort());
  for (const f of live) assert.equal(fs.readFileSync(path.join(fresh, 'images', f.name)), f.bytes, `restored ${f.name}`);
  assert.is(
    restored.bytes,
    live.reduce((n, f) => n + f.bytes.length, 0),
  );
});

// s3rver checks the key id (its V4 signature check is incomplete), so an unknown id plays the bad keys.
test('s3: keys refused by the store: the reason in the status, the photo kept locally and queued', async () => {
  const dataDir = dataFolder();
  fs.writeFileSync(path.join(dataDir, 'replica-credentials'), 'AWS_ACCESS_KEY_ID=NOT-OURS\nAWS_SECRET_ACCESS_KEY=wrong\n', { mode: 0o600 });
  const t = await testApp({ dataDir, argv: ['--replicate', `s3://${BUCKET}/refused`, '--replicate-endpoint', s3.endpoint] });
  try {
    const shoe = await product(t, 'Loafer 41', 'LOA-41');
    const r = await proxyUpload(t, shoe, await picture('jpeg', 400, 300));
    assert.is(r.status, 201, 'the shop keeps working');
    const error = await waitFor('a refusal', () => status(t).last_error ?? undefined);
    assert.match(error, /refused the credentials.*InvalidAccessKeyId/);
    assert.is(status(t).pending, 1);
  } finally {
    await t.close();
  }
});

test('s3: a credentials file other users can read: replication off with the reason, photos still queued', async () => {
  const dataDir = dataFolder();
  fs.chmodSync(path.join(dataDir, 'replica-credentials'), 0o644);
  const t = await testApp({ dataDir, argv: ['--replicate', `s3://${BUCKET}/open-file`, '--replicate-endpoint', s3.endpoint] });
  try {
    assert.match(status(t).last_error ?? '', /can be read by other users \(mode 644\): run {2}chmod 600/);
    const shoe = await product(t, 'Sandal 39', 'SAN-39');
    assert.is((await proxyUpload(t, shoe, await picture('png', 300, 300))).status, 201);
    assert.is(status(t).pending, 1);
  } finally {
    await t.close();
  }
});

test('file://: upload copied into <dir>/images, delete removes it, an unmounted folder waits, restore', async () => {
  const replica = tmp('nas');
  cleanup.push(replica);
  const nas = path.join(replica, 'kedai');
  const dataDir = dataFolder();
  const t = await testApp({ dataDir, argv: ['--replicate', `file://${nas}`] });
  try {
    const shoe = await product(t, 'Boot 44', 'BOO-44');
    // The NAS folder is not there yet (not mounted): nothing is written to the local disk in its place.
    const first = fileIdOf((await proxyUpload(t, shoe, await picture('jpeg', 1000, 800, '#16a085'))).body.image.url);
    assert.match(await waitFor('a failed attempt', () => status(t).last_error ?? undefined), /does not exist \(is the NAS mounted\?\)/);
    assert.is(fs.existsSync(nas), false);
    fs.mkdirSync(nas);
    await drained(t);
    for (const f of localFiles(dataDir, first)) assert.equal(fs.readFileSync(path.join(nas, 'images', f.name)), f.bytes, f.name);

    const second = (await proxyUpload(t, shoe, await picture('png', 500, 700, '#c0392b'))).body.image;
    await drained(t);
    const secondFiles = localFiles(dataDir, fileIdOf(second.url));
    assert.is((await t.admin.delete(`/api/ecommerce/images/${second.id}`)).status, 200);
    await drained(t);
    for (const f of secondFiles) assert.is(fs.existsSync(path.join(nas, 'images', f.name)), false, `${f.name} deleted`);
    assert.equal(
      fs.readdirSync(path.join(nas, 'images')).sort(),
      localFiles(dataDir, first)
        .map((f) => f.name)
        .sort(),
      'no temp files left',
    );

    const fresh = tmp('restore');
    cleanup.push(fresh);
    const restored = await restoreImagesFromReplica(parseReplicaTarget(`file://${nas}`), null, fresh);
    assert.is(restored.files, 2);
    for (const f of localFiles(dataDir, first)) assert.equal(fs.readFileSync(path.join(fresh, 'images', f.name)), f.bytes, `restored ${f.name}`);

    // Existing photos are queued once per replica: not again for the same one, all of them for a new one.
    assert.is(replicaQueue(t.app.db).backfill(`file://${nas}`), 0);
    assert.is(replicaQueue(t.app.db).backfill('file:///mnt/other-nas'), 1);
  } finally {
    await t.close();
  }
});

test('queue: a delete replaces a pending put, and the put finishing late does not remove the delete', async () => {
  const t = await testApp();
  try {
    const q = replicaQueue(t.app.db);
    const id = 'ab'.repeat(16);
    q.queue(id, 'put');
    const inFlight = q.nextDue(new Date(Date.now() + 1000).toISOString())!;
    assert.equal([inFlight.op, inFlight.generation], ['put', 1]);
    q.queue(id, 'delete'); // the photo is deleted while its upload is on the wire
    q.done(inFlight);
    const left = q.nextDue(new Date(Date.now() + 1000).toISOString())!;
    assert.equal([left.file_id, left.op, left.generation], [id, 'delete', 2]);
    q.failed(inFlight, 'late failure of the old upload', new Date().toISOString()); // touches nothing of the newer job
    assert.equal([q.nextDue(new Date(Date.now() + 1000).toISOString())!.attempts, q.status().pending], [0, 1]);
    q.done(left);
    assert.is(q.status().pending, 0);
  } finally {
    await t.close();
  }
});

test.run();
