// Entry of `npm start` and `npm run kedai`: Kedai's CLI (serve by default) with every plugin (app/plugins.ts)
// and the app's worker threads (app/worker.ts). The executable's entry (app/sea-entry.ts) runs the same main.
import '../core/young-generation.js'; // first: before the heap grows
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runKedai } from '../core/start.js';
import { plugins } from './plugins.js';
import { setAppWorkers } from './worker-location.js';

/** Runs the CLI with every plugin; `uiDir` given by the executable (its unpacked UI), else found by core. */
export function main(argv = process.argv.slice(2), uiDir?: string | null) {
  setAppWorkers();
  return runKedai(plugins, argv, uiDir);
}

// This module's URL; empty inside the executable's CommonJS bundle, whose entry (app/sea-entry.ts) calls main itself.
const moduleUrl: string | undefined = import.meta.url;
const isEntry = moduleUrl && process.argv[1] && fileURLToPath(moduleUrl) === path.resolve(process.argv[1]);
if (isEntry) void main();
