// Node module hooks: `import sql from './x.sql'` yields the file's text, as esbuild's text loader does in the bundle;
// `import files from './migrations/index.sql-folder'` yields every .sql file of that folder (sql-folder.mjs), as the
// bundles' esbuild plugin (tools/esbuild-sql-folder.ts) does.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SQL_FOLDER_SUFFIX, sqlFolderModule } from './sql-folder.mjs';

export async function resolve(specifier, context, nextResolve) {
  // No file by that name: the folder it sits in is what is imported.
  if (specifier.endsWith(SQL_FOLDER_SUFFIX) && context.parentURL) return { url: new URL(specifier, context.parentURL).href, shortCircuit: true };
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (url.endsWith(SQL_FOLDER_SUFFIX)) {
    return { format: 'module', source: sqlFolderModule(path.dirname(fileURLToPath(url))), shortCircuit: true };
  }
  if (url.endsWith('.sql')) {
    const text = await readFile(new URL(url), 'utf8');
    return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
  }
  return nextLoad(url, context);
}
