// The one way to get sharp. In development it is the installed package; inside the single executable it is
// the copy extracted to DATA_DIR/.runtime/<build>/node_modules (sharp finds libvips there by rpath), which the
// CommonJS bundle cannot `import`, so it is required from that folder at the first call.
import { createRequire } from 'node:module';
import path from 'node:path';
import type sharpModule from 'sharp';

/** The sharp function (`sharp(input).rotate().resize(...)`) with its statics (`sharp.format`, `sharp.cache`...). */
export type Sharp = typeof sharpModule;

let runtimeRoot: string | undefined;
let loaded: Sharp | undefined;

/** Tells loadSharp to require sharp from `<root>/node_modules/sharp` (called by the executable before the app starts). */
export function setSharpRoot(root: string) {
  runtimeRoot = root;
  loaded = undefined;
}

/** Returns sharp, loading it on the first call (a few tens of ms: keep it out of start-up, call it in handlers). */
export function loadSharp(): Sharp {
  if (loaded) return loaded;
  // import.meta.url is empty in the CommonJS bundle; there runtimeRoot is always set first.
  const base = runtimeRoot ? path.join(runtimeRoot, 'kedai-runtime.js') : import.meta.url;
  if (!base) throw new Error('sharp is not available: the executable did not register its runtime folder');
  const sharp = createRequire(base)('sharp') as Sharp;
  // Each upload is decoded once: libvips' operation cache would only keep big decoded pictures in memory.
  sharp.cache(false);
  loaded = sharp;
  return loaded;
}
