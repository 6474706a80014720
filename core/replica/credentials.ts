// The keys of the off-site store (#19): the standard AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, else the file
// <data>/replica-credentials (two lines `AWS_ACCESS_KEY_ID=...` and `AWS_SECRET_ACCESS_KEY=...`). The file holds a
// secret that can delete the shop's off-site copy, so one readable by other users is refused, not used.
import fs from 'node:fs';
import path from 'node:path';

export interface ReplicaCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export class ReplicaCredentialsError extends Error {}

export const CREDENTIALS_FILE = 'replica-credentials';

/** Where the credentials file of a data folder is. */
export function credentialsFile(dataDir: string): string {
  return path.join(dataDir, CREDENTIALS_FILE);
}

/**
 * The store's keys: the environment's pair wins, else the data folder's file; null when neither is there
 * (the S3 client then uses its own default chain, e.g. an instance role). Throws ReplicaCredentialsError with a
 * message a shop owner can act on: half a pair, a file readable by group/others, a malformed file.
 */
export function readReplicaCredentials(dataDir: string, env: NodeJS.ProcessEnv = process.env): ReplicaCredentials | null {
  const id = env.AWS_ACCESS_KEY_ID?.trim();
  const secret = env.AWS_SECRET_ACCESS_KEY?.trim();
  if (id && secret) return { accessKeyId: id, secretAccessKey: secret };
  if (id || secret)
    throw new ReplicaCredentialsError(
      'Set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither (then the file replica-credentials in the data folder is used)',
    );
  const file = credentialsFile(dataDir);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ReplicaCredentialsError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  if (!stat.isFile()) throw new ReplicaCredentialsError(`${file} must be a file`);
  if ((stat.mode & 0o077) !== 0) {
    const mode = (stat.mode & 0o777).toString(8).padStart(3, '0');
    throw new ReplicaCredentialsError(`${file} can be read by other users (mode ${mode}): run  chmod 600 ${file}  and start Kedai again`);
  }
  return parseCredentials(fs.readFileSync(file, 'utf8'), file);
}

/** The two KEY=value lines of the file (blank lines and # comments allowed, quotes around a value dropped). */
function parseCredentials(text: string, file: string): ReplicaCredentials {
  const values: Record<string, string> = {};
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const m = /^(?:export\s+)?([A-Z_]+)\s*=\s*(.*)$/.exec(line);
    if (!m) throw new ReplicaCredentialsError(`${file} line ${i + 1}: expected NAME=value`);
    values[m[1]] = m[2].trim().replace(/^(['"])(.*)\1$/, '$2');
  });
  const accessKeyId = values.AWS_ACCESS_KEY_ID;
  const secretAccessKey = values.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new ReplicaCredentialsError(`${file} must have the lines AWS_ACCESS_KEY_ID=... and AWS_SECRET_ACCESS_KEY=...`);
  return { accessKeyId, secretAccessKey };
}
