// An S3-compatible bucket through the AWS SDK v3 (path-style addressing when an endpoint such as MinIO,
// Backblaze B2, Wasabi or Cloudflare R2 is given).
import type { Readable } from 'node:stream';
import fs from 'node:fs';
import type { ReplicaCredentials } from './credentials.js';
import { writeStreamAtomically, type ObjectStore } from './object-store.js';
import type { ReplicaTarget } from './target.js';

type S3Target = Extract<ReplicaTarget, { kind: 's3' }>;

// The SDK warns on Node 20 that its 2027 releases need Node 22 (the executable already runs 22). Its maintainers
// document this variable as the way to turn the warning off (github.com/aws/aws-sdk-js-v3/issues/7983); a
// non-empty value the environment sets wins.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ||= 'true';

/** A message a shop owner can act on, from what the SDK or the network reported. */
export function storeErrorText(err: unknown, target: S3Target): string {
  const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const where = target.endpoint ?? 'AWS S3';
  switch (e.name) {
    case 'NoSuchBucket':
      return `The bucket "${target.bucket}" does not exist at ${where}`;
    case 'InvalidAccessKeyId':
    case 'SignatureDoesNotMatch':
    case 'AccessDenied':
    case 'Forbidden':
      return `${where} refused the credentials for bucket "${target.bucket}" (${e.name}): check AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY or replica-credentials`;
    case 'CredentialsProviderError':
      return 'No credentials for the off-site store: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or write replica-credentials in the data folder';
    case 'QuotaExceeded':
    case 'EntityTooLarge':
      return `${where} refused the file: the store is full or over its quota (${e.name})`;
  }
  const code = e.code ?? (e as { cause?: { code?: string } }).cause?.code;
  if (code && /^E[A-Z]+$/.test(code)) return `Cannot reach ${where} (${code})`;
  const status = e.$metadata?.httpStatusCode;
  return `${where}: ${e.name ?? 'Error'}${status ? ` (HTTP ${status})` : ''}: ${e.message ?? String(err)}`;
}

export async function s3Store(target: S3Target, credentials: ReplicaCredentials | null): Promise<ObjectStore> {
  const { S3Client, PutObjectCommand, DeleteObjectCommand, ListObjectsV2Command, GetObjectCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: target.region,
    ...(target.endpoint
      ? {
          endpoint: target.endpoint,
          forcePathStyle: true,
          // Many S3-compatible stores reject the SDK's newer default checksum headers; send them only when required.
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
    ...(credentials ? { credentials } : {}),
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const full = (key: string) => (target.prefix ? `${target.prefix}/${key}` : key);
  const relative = (key: string) => (target.prefix ? key.slice(target.prefix.length + 1) : key);
  /** Runs one call; a failure becomes an Error whose message names the cause (the SDK's error stays as cause). */
  const call = async <T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      if (signal?.aborted) throw err;
      throw Object.assign(new Error(storeErrorText(err, target)), { cause: err });
    }
  };
  return {
    where: target.url,
    async putFile(key, file, contentType, signal) {
      // Photos are a few hundred KB: one async read, and a Buffer body gets a plain Content-Length upload.
      const body = await fs.promises.readFile(file);
      const put = new PutObjectCommand({ Bucket: target.bucket, Key: full(key), Body: body, ContentType: contentType });
      await call(() => client.send(put, { abortSignal: signal }), signal);
    },
    async delete(key, signal) {
      const del = new DeleteObjectCommand({ Bucket: target.bucket, Key: full(key) });
      await call(() => client.send(del, { abortSignal: signal }), signal);
    },
    async list(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const list = new ListObjectsV2Command({ Bucket: target.bucket, Prefix: full(prefix), ContinuationToken: token });
        const page = await call(() => client.send(list));
        for (const o of page.Contents ?? []) if (o.Key) keys.push(relative(o.Key));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
    async download(key, file) {
      const get = new GetObjectCommand({ Bucket: target.bucket, Key: full(key) });
      const res = await call(() => client.send(get));
      if (!res.Body) throw new Error(`${target.url}: ${key} has no body`);
      return writeStreamAtomically(res.Body as Readable, file);
    },
    close: () => client.destroy(),
  };
}
