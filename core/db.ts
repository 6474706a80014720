// The one SQLite connection: WAL, synchronous=FULL (an acknowledged sale survives power loss), foreign keys on.
import Database from 'better-sqlite3';
import { nativeBinding } from './native.js';

export type Db = Database.Database;

/** Opens (creating if needed) the database file with Kedai's pragmas. */
export function openDb(file: string, opts: { readonly?: boolean } = {}): Db {
  // better-sqlite3 also takes the loaded addon object (the executable's case); its typings only say string.
  const db = new Database(file, { readonly: opts.readonly ?? false, nativeBinding: nativeBinding('better-sqlite3') as string | undefined });
  if (!opts.readonly) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Runs fn in one IMMEDIATE transaction (takes the write lock up front, so concurrent tills queue instead of failing). */
export function writeTx<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate();
}

/** Current time as an ISO UTC string: the format of every *_at column (sorts as text). */
export function nowIso(): string {
  return new Date().toISOString();
}
