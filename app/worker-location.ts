// Tells core where the app's worker program is: app/worker.ts in development and tests (loaded through tsx),
// worker.mjs beside an ES module bundle of the server (tests' bundleServer). The executable has its own
// (worker.cjs in its runtime folder, set by core/sea-runtime.ts), which wins.
import { setWorkerProgram } from '../core/offload/run.js';

/** Every worker thread started from now on runs app/worker.ts (the plugins' tasks included). */
export function setAppWorkers() {
  const here: string | undefined = import.meta.url;
  if (!here) return; // the executable's CommonJS bundle: its runtime folder has the program
  setWorkerProgram(new URL(here.endsWith('.ts') ? './worker.ts' : './worker.mjs', here));
}
