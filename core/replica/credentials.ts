// The off-site store's keys: the standard AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, or the file
// <data>/replica-credentials (two lines `AWS_ACCESS_KEY_ID=...` and `AWS_SECRET_ACCESS_KEY=...`, mode 0600).
// The environment wins. A file that group or others may read is refused: the keys open the shop's whole history.
import fs from 'node:fs';
import path from 'node:path';

export interface ReplicaCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  source: 'environment' | 'file';
}

export class ReplicaCredentialsError extends Error {}

export const CREDENTIALS_FILE = 'replica-credentials';

/** The keys for the replica, or null when none are given (Litestream then tries its own defaults). */
export function readReplicaCredentials(dataDir: string, env: NodeJS.ProcessEnv = process.env): ReplicaCredentials | null {
  const id = env.AWS_ACCESS_KEY_ID?.trim();
  const secret = env.AWS_SECRET_ACCESS_KEY?.trim();
  if (id && secret) return { accessKeyId: id, secretAccessKey: secret, source: 'environment' };
  const file = path.join(dataDir, CREDENTIALS_FILE);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return null;
  }
  if ((stat.mode & 0o077) !== 0) {
    throw new ReplicaCredentialsError(`${file} may be read by other users (mode ${(stat.mode & 0o777).toString(8)}): make it private with  chmod 600 ${file}  and start again. The off-site copy is off until then.`);
  }
  const values: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Z_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) values[m[1]] = m[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  if (!values.AWS_ACCESS_KEY_ID || !values.AWS_SECRET_ACCESS_KEY) {
    throw new ReplicaCredentialsError(`${file} must hold two lines: AWS_ACCESS_KEY_ID=... and AWS_SECRET_ACCESS_KEY=...`);
  }
  return { accessKeyId: values.AWS_ACCESS_KEY_ID, secretAccessKey: values.AWS_SECRET_ACCESS_KEY, source: 'file' };
}
