// Automatic backups by the serving process: one each night (02:00-06:00 shop time), or at once when the
// newest is a day old (the mini PC was off at night); the newest 14 are kept in DATA_DIR/backups.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AUTO_PREFIX, BACKUP_SUFFIX, backupStamp, listAutoBackups, pruneAutoBackups } from './backup.js';
import { createBackupOffThread } from './offload/backup.js';
import { zoneOffsetMinutes } from './clock.js';

const HOUR = 3600_000;
export const KEEP_AUTO_BACKUPS = 14;

/** True when an automatic backup should be made now, given when the newest one was made. */
export function autoBackupDue(now: Date, newestMs: number | undefined, timeZone: string): boolean {
  if (newestMs === undefined) return true;
  const age = now.getTime() - newestMs;
  if (age >= 24 * HOUR) return true;
  const localHour = new Date(now.getTime() + zoneOffsetMinutes(now, timeZone) * 60000).getUTCHours();
  // A night's window is 4 h long: after one backup in it, 6 h must pass, so one per night.
  return localHour >= 2 && localHour < 6 && age >= 6 * HOUR;
}

/** Makes one automatic backup if due, then prunes; returns the new file, if any. */
export async function runAutoBackup(app: FastifyInstance, now = new Date()): Promise<string | undefined> {
  const newest = listAutoBackups(app.paths)[0]?.mtimeMs;
  if (!autoBackupDue(now, newest, app.config.timeZone)) return undefined;
  const outFile = path.join(app.paths.backups, `${AUTO_PREFIX}${backupStamp(now, app.config.timeZone)}${BACKUP_SUFFIX}`);
  const result = await createBackupOffThread({ paths: app.paths, outFile, now });
  pruneAutoBackups(app.paths, KEEP_AUTO_BACKUPS);
  return result.file;
}

/**
 * Starts the hourly check (the first one a minute after start, so start-up stays fast); returns a stop
 * function (it waits for a backup in progress). KEDAI_AUTO_BACKUP=0 turns it off.
 */
export function startAutoBackup(app: FastifyInstance, opts: { firstCheckMs?: number; everyMs?: number } = {}): () => Promise<void> {
  if (['0', 'false', 'off', 'no'].includes(String(process.env.KEDAI_AUTO_BACKUP ?? '').toLowerCase())) return async () => {};
  let running: Promise<void> | undefined;
  const check = async () => {
    if (running) return;
    running = (async () => {
      try {
        const file = await runAutoBackup(app);
        if (file) console.log(`Automatic backup written: ${file}`);
      } catch (err) {
        console.error(`Automatic backup failed: ${(err as Error).message}`);
      }
    })();
    await running;
    running = undefined;
  };
  const first = setTimeout(() => void check(), opts.firstCheckMs ?? 60_000);
  const every = setInterval(() => void check(), opts.everyMs ?? HOUR);
  first.unref();
  every.unref();
  // Stopping waits for a backup in progress, so the database is not closed under it.
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}
