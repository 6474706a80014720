// Photos' off-site queue against a kill -9: the real server (a separate process, `kedai serve --replicate
// s3://... --replicate-endpoint ...`) takes a photo while the store is down, dies by SIGKILL with the job still
// queued, and on the next start, with the store back, sends it: the store then holds the photo byte-equal.
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import sharp from 'sharp';
import { openDb } from '../../core/db.js';
import { S3RVER_CREDENTIALS, startS3Server } from '../helpers/s3-server.js';
import { ADMIN, TSX, call, createAccounts, signIn, startServer, tempDataDir } from './support-server.js';

const BUCKET = 'kedai-branch';

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('a photo queued while the store is down survives kill -9 and is sent on the next start', async () => {
  const dataDir = tempDataDir('replica-kill');
  const storeDir = tempDataDir('s3rver');
  const s3 = await startS3Server(storeDir, [BUCKET]);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await s3.stop();
    createAccounts(TSX, dataDir);
    fs.writeFileSync(
      path.join(dataDir, 'replica-credentials'),
      `AWS_ACCESS_KEY_ID=${S3RVER_CREDENTIALS.accessKeyId}\nAWS_SECRET_ACCESS_KEY=${S3RVER_CREDENTIALS.secretAccessKey}\n`,
      { mode: 0o600 },
    );
    const args = ['--replicate', `s3://${BUCKET}/till-1`, '--replicate-endpoint', s3.endpoint];
    const env = { AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '' };

    server = await startServer(TSX, dataDir, args, env);
    const token = await signIn(server.url, ADMIN);
    const product = await call(server.url, 'POST', '/api/products', { token, body: { item_name: 'Runner 42', sku: 'RUN-42', selling_price: 59.9 } });
    assert.is(product.status, 201);
    const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#1abc9c' } })
      .jpeg()
      .toBuffer();
    const up = await call(server.url, 'POST', '/api/ecommerce/upload/proxy', {
      token,
      body: { productId: product.body.product.id, fileData: photo.toString('base64'), fileName: 'runner.jpg', contentType: 'image/jpeg' },
    });
    assert.is(up.status, 201, 'the shop keeps working while the store is down');
    const fileId = /\/media\/([0-9a-f]{32})\./.exec(up.body.image.url)![1];
    assert.is(await server.kill(), 'SIGKILL');

    const db = openDb(path.join(dataDir, 'kedai.db'), { readonly: true });
    const jobs = db.prepare('SELECT file_id, op FROM images_replica_job').all();
    db.close();
    assert.equal(jobs, [{ file_id: fileId, op: 'put' }], 'the job is in the database after the kill');

    await s3.start();
    server = await startServer(TSX, dataDir, args, env);
    for (const variant of ['display', 'thumb']) {
      const name = `${fileId}.${variant}.webp`;
      const expected = fs.readFileSync(path.join(dataDir, 'images', name));
      // s3rver lists an object as soon as its upload starts: a read then may see it still empty. Wait for a whole one.
      const stored = await waitFor(`${name} in the store`, async () => {
        const b = await s3.get(BUCKET, `till-1/images/${name}`);
        return b && b.length >= expected.length ? b : undefined;
      });
      assert.equal(stored, expected, `${name} byte-equal`);
    }
    assert.not.match(server.output(), /NodeVersionSupportWarning/, "the SDK's Node 20 warning is silenced");
    assert.is(await server.stop(), 0);
    const after = openDb(path.join(dataDir, 'kedai.db'), { readonly: true });
    assert.is(after.prepare('SELECT count(*) FROM images_replica_job').pluck().get(), 0, 'the queue is empty');
    after.close();
  } finally {
    // A failed assertion must not leave the server running (the test process would wait on it for ever).
    await server?.kill().catch(() => undefined);
    await s3.stop();
    s3.client.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(storeDir, { recursive: true, force: true });
  }
});

test.run();
