// Inside the single executable, packages used rarely (barcodes, QR codes, the receipt printer, the common-password
// list, the S3 client) are not in the server's bundle: each is a bundle of its own (tools/build-exe.ts LAZY_CHUNKS),
// unpacked with the runtime files and required at its first use, so start-up neither parses nor keeps them (#27.5).
// In development the same `await import(...)` loads the installed package; this module is then never used.
import { createRequire } from 'node:module';
import path from 'node:path';

let runtimeRoot: string | undefined;

/** Where the unpacked chunks are (`<root>/lazy/<name>.cjs`); called by the executable before the app starts. */
export function setChunkRoot(root: string) {
  runtimeRoot = root;
}

/** The exports of a lazy chunk (the build's stand-in for the package calls this at the package's first import). */
export function requireChunk(name: string): unknown {
  if (!runtimeRoot) throw new Error(`${name} is not available: the executable did not register its runtime folder`);
  return createRequire(path.join(runtimeRoot, 'kedai-runtime.js'))(`./lazy/${name}.cjs`);
}
