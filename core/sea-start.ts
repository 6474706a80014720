// The single executable's start (its entry, app/sea-entry.ts, is bundled to CommonJS by tools/build-exe.ts):
// unpack the runtime folder into the data folder, load the native parts from it, then run the same CLI as
// `npm run kedai` (the `run` the entry hands over, with its plugins).
import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { DataDirError, ensureDataDir } from './data-dir.js';
import { extractRuntime, seaApi, loadRuntime } from './sea-runtime.js';

// Commands that open the database (the others, version, help and typos, create no data folder).
const NEEDS_RUNTIME = new Set(['serve', 'init', 'user', 'migrate', 'backup', 'restore']);

/** Prepares the runtime and starts the CLI (`run`); setup failures print one clear line and exit 1. */
export async function startExecutable(run: (argv: string[], uiDir: string | null) => Promise<void>) {
  const argv = process.argv.slice(2);
  const sea = seaApi();
  let uiDir: string | null = null;
  try {
    const config = loadConfig(argv);
    if (sea && NEEDS_RUNTIME.has(config.command)) {
      const paths = ensureDataDir(config.dataDir);
      const runtime = extractRuntime(sea, path.join(paths.root, '.runtime'));
      if (runtime.extracted) console.log(`Kedai: unpacked its runtime files into ${runtime.root}`);
      loadRuntime(runtime);
      uiDir = runtime.uiDir;
    }
  } catch (err) {
    // Bad options are reported by run, with the same words as in development.
    if (!(err instanceof ConfigError)) {
      const known = err instanceof DataDirError;
      const code = (err as NodeJS.ErrnoException).code;
      console.error(known ? (err as Error).message : `Kedai could not prepare its runtime files${code ? ` (${code})` : ''}: ${(err as Error).message}`);
      process.exit(1);
    }
  }
  await run(argv, uiDir);
}
