// A migrations folder as one import (`./migrations/index.sql-folder`, core/dev/sql-folder.mjs): the dev loader and
// the bundles' esbuild plugin give the same list, every .sql file by file name with its text, other files left out;
// a file added later is picked up with no code edit; core's migrationsOf names each migration by its file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { migrationsOf } from '../core/migrate.js';
import { sqlFolder } from '../tools/esbuild-sql-folder.js';

type Files = { file: string; sql: string }[];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-sql-folder-'));
const put = (file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);
put('002-add-b.sql', 'ALTER TABLE a ADD COLUMN b INTEGER;\n');
put('010-late.sql', 'SELECT 10;\n');
put('001-create-a.sql', 'CREATE TABLE a (id INTEGER PRIMARY KEY);\n');
put('README.md', 'not a migration');
const want: Files = [
  { file: '001-create-a.sql', sql: 'CREATE TABLE a (id INTEGER PRIMARY KEY);\n' },
  { file: '002-add-b.sql', sql: 'ALTER TABLE a ADD COLUMN b INTEGER;\n' },
  { file: '010-late.sql', sql: 'SELECT 10;\n' },
];

/** The folder through esbuild with the plugin (as the executable and the test bundles build it), evaluated. */
async function bundled(): Promise<Files> {
  put('entry.ts', "import files from './index.sql-folder';\nexport default files;\n");
  const out = await esbuild.build({
    entryPoints: [path.join(dir, 'entry.ts')],
    bundle: true,
    format: 'esm',
    write: false,
    plugins: [sqlFolder],
    logLevel: 'error',
  });
  const mod = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
  return mod.default as Files;
}

test.after(() => fs.rmSync(dir, { recursive: true, force: true }));

test('the dev loader: every .sql file, by file name, with its text', async () => {
  const mod = await import(pathToFileURL(path.join(dir, 'index.sql-folder')).href);
  assert.equal(mod.default, want);
});

test('the esbuild plugin embeds the same list; a file added is in the next build', async () => {
  assert.equal(await bundled(), want);
  put('003-new.sql', 'SELECT 3;\n');
  const again = await bundled();
  assert.equal(
    again.map((f) => f.file),
    ['001-create-a.sql', '002-add-b.sql', '003-new.sql', '010-late.sql'],
  );
  fs.rmSync(path.join(dir, '003-new.sql'));
});

test('migrationsOf: each named by its file without .sql, numbered by its prefix', () => {
  assert.equal(
    migrationsOf(want).map((m) => [m.version, m.name]),
    [
      [1, 'create-a'],
      [2, 'add-b'],
      [10, 'late'],
    ],
  );
  assert.throws(() => migrationsOf([{ file: 'create-a.sql', sql: '' }]), /001-some-name/);
});

test.run();
