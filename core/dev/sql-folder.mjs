// A plugin's migrations folder as one import: `import files from './migrations/index.sql-folder'` (no such file:
// the specifier names the folder it sits in) gives every .sql file of that folder, ordered by file name, with its
// text. The same reading serves the dev loader (sql-hooks.mjs) and the esbuild bundles (tools/esbuild-sql-folder.ts),
// so the executable carries the files it was built with: it has no folder to scan at run time.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What a folder import's specifier ends with. */
export const SQL_FOLDER_SUFFIX = '/index.sql-folder';

/**
 * Every .sql file directly in `dir`, by file name (plain string order: 001-, 002-, ... 010-).
 * @param {string} dir
 * @returns {{ file: string; sql: string }[]}
 */
export function readSqlFolder(dir) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((file) => ({ file, sql: readFileSync(path.join(dir, file), 'utf8') }));
}

/**
 * The module source a folder import evaluates to.
 * @param {string} dir
 */
export function sqlFolderModule(dir) {
  return `export default ${JSON.stringify(readSqlFolder(dir))};`;
}
