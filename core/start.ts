// Runs Kedai's CLI with a list of feature plugins. Core names no plugin: the entries that choose the list are
// app/server.ts (`npm start`, `npm run kedai`) and app/sea-entry.ts (the single executable).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.js';
import { CliError, runCli } from './cli.js';
import { DataDirError } from './data-dir.js';
import { MigrationError } from './migrate.js';
import type { KedaiPlugin } from './plugin.js';

// This module's URL; empty inside the executable's CommonJS bundle.
const moduleUrl: string | undefined = import.meta.url;

/** The built UI: KEDAI_UI_DIR, else dist/ui next to the sources or next to the bundle. */
function findUiDir(): string | null {
  const here = moduleUrl ? path.dirname(fileURLToPath(moduleUrl)) : process.cwd();
  const candidates = [process.env.KEDAI_UI_DIR, path.join(here, '../dist/ui'), path.join(here, 'ui')].filter(Boolean) as string[];
  return candidates.find((d) => fs.existsSync(path.join(d, 'index.html'))) ?? null;
}

/** Runs the CLI with these plugins; expected failures print one clear line and exit 1, never a stack trace. */
export async function runKedai(plugins: KedaiPlugin[], argv = process.argv.slice(2), uiDir = findUiDir()) {
  try {
    const config = loadConfig(argv, process.env, { uiDir });
    await runCli(config, plugins);
  } catch (err) {
    const known = err instanceof CliError || err instanceof ConfigError || err instanceof DataDirError || err instanceof MigrationError;
    const message = known ? (err as Error).message : `Kedai stopped: ${(err as Error).message ?? err}`;
    console.error(message);
    if (!known && process.env.KEDAI_DEBUG) console.error(err);
    process.exit(1);
  }
}
