// Caps the main thread's young generation. Node's default lets new space grow to 32 MB (two 16 MB semi-spaces)
// under the tills' request rate, and V8 keeps it committed: ~30 MB of a settled server's RSS (`npm run bench --
// --only pos`, README "where the memory goes"). --max-semi-space-size cannot be set from here (the heap is sized
// when the isolate starts; a SEA execArgv would reach only the executable), but V8 reads the growth factor each
// time it grows new space: new space grows as usual until it reaches half of CAP, then the factor becomes 1 and
// it grows no more (the check runs after a collection, which may have doubled it once). Not lower: at V8's 1 MB
// start size, PDF rendering promotes its short-lived objects and the heap peaks higher than it saves. Worker threads (core/offload) get their own sizes from Node.
// Imported first by app/server.ts and app/sea-entry.ts, before the packages load (their loading grows it too).
// KEDAI_V8_YOUNG=default leaves V8 alone; KEDAI_V8_YOUNG=<MB> sets another cap (diagnosis).
import v8 from 'node:v8';
import { PerformanceObserver } from 'node:perf_hooks';

const MB = 1024 * 1024;
const setting = process.env.KEDAI_V8_YOUNG;
const CAP = (setting && /^\d+$/.test(setting) ? Number(setting) : 16) * MB;

const youngSize = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;

function stopGrowing(): boolean {
  if (youngSize() < CAP / 2) return false;
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  return true;
}

if (setting !== 'default' && !stopGrowing()) {
  // Checked after garbage collections only: the young generation grows only at one.
  const watch = new PerformanceObserver(() => {
    if (stopGrowing()) watch.disconnect();
  });
  watch.observe({ entryTypes: ['gc'] });
}
