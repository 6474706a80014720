// The off-site store's keys: environment first, else the data folder's 0600 file; clear refusals otherwise.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readReplicaCredentials, ReplicaCredentialsError } from './credentials.js';
import { loadConfig } from '../config.js';

/** The replica target as `kedai serve` reads it (core/config.ts). */
const replicaTargetOf = (config: { flags: Record<string, string> }, env: NodeJS.ProcessEnv) =>
  loadConfig(
    Object.entries(config.flags).map(([k, v]) => `--${k}=${v}`),
    env,
  ).replica;

const dirs: string[] = [];
const folder = (content?: string, mode = 0o600) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-cred-'));
  dirs.push(dir);
  if (content !== undefined) {
    fs.writeFileSync(path.join(dir, 'replica-credentials'), content, { mode });
    fs.chmodSync(path.join(dir, 'replica-credentials'), mode); // whatever the umask
  }
  return dir;
};
test.after(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const refused = (fn: () => unknown, why: RegExp) => {
  try {
    fn();
  } catch (err) {
    assert.instance(err, ReplicaCredentialsError);
    assert.match((err as Error).message, why);
    return;
  }
  assert.unreachable(`expected a refusal matching ${why}`);
};

test('the 0600 file: two lines, comments, quotes and export allowed', () => {
  const dir = folder('# Backblaze B2 application key\nAWS_ACCESS_KEY_ID=005abc\nexport AWS_SECRET_ACCESS_KEY="K005/secret+key="\n');
  assert.equal(readReplicaCredentials(dir, {}), { accessKeyId: '005abc', secretAccessKey: 'K005/secret+key=' });
});

test('the environment pair wins over the file; no file and no environment: null (the SDK default chain)', () => {
  const dir = folder('AWS_ACCESS_KEY_ID=file\nAWS_SECRET_ACCESS_KEY=file\n');
  assert.equal(readReplicaCredentials(dir, { AWS_ACCESS_KEY_ID: 'env', AWS_SECRET_ACCESS_KEY: 'envsecret' }), {
    accessKeyId: 'env',
    secretAccessKey: 'envsecret',
  });
  assert.is(readReplicaCredentials(folder(), {}), null);
});

test('refused: a file group or others can read, naming the mode and the fix', () => {
  for (const mode of [0o640, 0o604, 0o644]) {
    const dir = folder('AWS_ACCESS_KEY_ID=a\nAWS_SECRET_ACCESS_KEY=b\n', mode);
    const file = path.join(dir, 'replica-credentials');
    refused(() => readReplicaCredentials(dir, {}), new RegExp(`${file} can be read by other users \\(mode ${mode.toString(8)}\\): run {2}chmod 600 ${file}`));
  }
});

test('refused: half an environment pair, a missing line, a line that is not NAME=value', () => {
  refused(() => readReplicaCredentials(folder(), { AWS_ACCESS_KEY_ID: 'only-id' }), /Set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/);
  refused(() => readReplicaCredentials(folder('AWS_ACCESS_KEY_ID=a\n'), {}), /must have the lines AWS_ACCESS_KEY_ID=... and AWS_SECRET_ACCESS_KEY=.../);
  refused(() => readReplicaCredentials(folder('AWS_ACCESS_KEY_ID=a\nsecret\n'), {}), /line 2: expected NAME=value/);
});

test('the replica target: flags win over the environment, blank is off', () => {
  assert.is(replicaTargetOf({ flags: {} }, {}), null);
  assert.is(replicaTargetOf({ flags: {} }, { KEDAI_REPLICATE: '  ' }), null);
  const fromEnv = replicaTargetOf(
    { flags: {} },
    { KEDAI_REPLICATE: 's3://shop-bucket/kedai', KEDAI_REPLICATE_ENDPOINT: 'http://nas:9000', AWS_REGION: 'ap-southeast-1' },
  );
  assert.equal(fromEnv, {
    kind: 's3',
    url: 's3://shop-bucket/kedai',
    bucket: 'shop-bucket',
    prefix: 'kedai',
    endpoint: 'http://nas:9000',
    region: 'ap-southeast-1',
  });
  const fromFlag = replicaTargetOf({ flags: { replicate: 'file:///mnt/nas/kedai' } }, { KEDAI_REPLICATE: 's3://shop-bucket/kedai' });
  assert.equal(fromFlag, { kind: 'file', url: 'file:///mnt/nas/kedai', dir: '/mnt/nas/kedai' });
  assert.throws(() => replicaTargetOf({ flags: { replicate: 'ftp://nas/kedai' } }, {}), /unknown scheme "ftp"/);
});

test.run();
