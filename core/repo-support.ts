// Plumbing shared by the plugins' repositories: statements prepared once per connection, LIKE patterns,
// and WHERE clauses built from a filter.
import type { Db } from './db.js';

/**
 * Wraps a factory that prepares a connection's statements so it runs once per connection: the first call
 * prepares, later calls with the same `db` get the same object (a closed or dropped connection is forgotten).
 */
export function perDb<T extends object>(prepare: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let value = cache.get(db);
    if (!value) cache.set(db, (value = prepare(db)));
    return value;
  };
}

/** A memo keyed by a string: `make(key)` runs on a key's first use (statements that differ by a query's shape). */
export function byKey<T>(make: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = make(key)));
    return value;
  };
}

/**
 * A LIKE pattern matching the text anywhere, for `LIKE @q ESCAPE '\'` (its own % and _ are taken literally;
 * LIKE ignores ASCII case). The text is trimmed; null when nothing is left, meaning no filter.
 */
export function containsPattern(search: string | undefined | null): string | null {
  const text = search?.trim();
  return text ? `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
}

/** One condition of a filter: its SQL and the named parameters it uses; falsy entries are left out. */
export type Condition = readonly [sql: string, params: Record<string, unknown>] | false | null | undefined | '' | 0;

/** Matches the search anywhere in any of the columns (`@q`); no condition when the search is blank. */
export function searchIn(search: string | undefined, columns: string[]): Condition {
  const q = containsPattern(search);
  return q ? [`(${columns.map((c) => `${c} LIKE @q ESCAPE '\\'`).join(' OR ')})`, { q }] : null;
}

/** `WHERE a AND b` from the conditions that apply (empty when none) and their parameters. */
export function whereOf(conditions: Condition[]): { sql: string; params: Record<string, unknown> } {
  const parts: string[] = [];
  const params: Record<string, unknown> = {};
  for (const c of conditions) {
    if (!c) continue;
    parts.push(c[0]);
    Object.assign(params, c[1]);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** The page's rows, or none (without asking) when the offset is already past the `total` matching. */
export function pageRows<Row>(page: ReturnType<Db['prepare']>, params: Record<string, unknown>, total: number, limit: number, offset: number): Row[] {
  return total > offset ? (page.all({ ...params, limit, offset }) as Row[]) : [];
}
