// esbuild plugin for `import files from './migrations/index.sql-folder'` (core/dev/sql-folder.mjs): the folder's .sql
// files, read at build time and embedded in the bundle (the executable has no folder to scan). Used by the
// executable's bundles (build-exe.ts) and the test bundle of tests/reliability/support-server.ts.
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { readSqlFolder, SQL_FOLDER_SUFFIX, sqlFolderModule } from '../core/dev/sql-folder.mjs';

const NAMESPACE = 'sql-folder';

export const sqlFolder: esbuild.Plugin = {
  name: 'sql-folder',
  setup(build) {
    const filter = new RegExp(`${SQL_FOLDER_SUFFIX.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
    build.onResolve({ filter }, (args) => ({ path: path.resolve(args.resolveDir, args.path), namespace: NAMESPACE }));
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
      const dir = path.dirname(args.path);
      return {
        contents: sqlFolderModule(dir),
        loader: 'js',
        watchDirs: [dir],
        watchFiles: readSqlFolder(dir).map((f) => path.join(dir, f.file)),
      };
    });
  },
};
