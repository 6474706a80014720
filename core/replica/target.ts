// Where the off-site copy goes (#19): `--replicate URL` / KEDAI_REPLICATE, parsed once and shared by the
// database replicator (Litestream) and the image uploader, so both write under the same place.
//   s3://bucket/path   any S3-compatible store; --replicate-endpoint / KEDAI_REPLICATE_ENDPOINT for one that is
//                      not AWS (MinIO, Backblaze B2, Wasabi, Cloudflare R2); AWS_REGION (default us-east-1)
//   file:///mnt/nas/kedai   a folder (a mounted NAS)
// Credentials: the standard AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, or the 0600 file
// <data>/replica-credentials (see core/replica/credentials.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type ReplicaTarget =
  | { kind: 'file'; url: string; dir: string }
  | { kind: 's3'; url: string; bucket: string; prefix: string; endpoint: string | null; region: string };

export class ReplicaUrlError extends Error {}

/** Parses the replica URL; throws ReplicaUrlError with a message a shop owner can act on. */
export function parseReplicaTarget(raw: string, opts: { endpoint?: string | null; region?: string | null } = {}): ReplicaTarget {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ReplicaUrlError(`Replica URL "${raw}" is not a URL: use s3://bucket/path or file:///folder`);
  }
  if (url.protocol === 'file:') {
    if (url.host) throw new ReplicaUrlError(`Replica URL "${raw}": a file:// URL needs an absolute folder (file:///mnt/nas/kedai)`);
    return { kind: 'file', url: raw, dir: path.resolve(fileURLToPath(url)) };
  }
  if (url.protocol === 's3:') {
    const bucket = url.hostname;
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ReplicaUrlError(`Replica URL "${raw}": "${bucket}" is not a valid bucket name`);
    const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
    const endpoint = opts.endpoint?.trim() || null;
    if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint)) throw new ReplicaUrlError(`Replica endpoint "${endpoint}" must start with http:// or https://`);
    return { kind: 's3', url: raw, bucket, prefix, endpoint, region: opts.region?.trim() || 'us-east-1' };
  }
  throw new ReplicaUrlError(`Replica URL "${raw}": unknown scheme "${url.protocol.replace(/:$/, '')}" (use s3:// or file://)`);
}
