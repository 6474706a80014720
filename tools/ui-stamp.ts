// Whether dist/ui still matches its sources: the build records a hash of every file esbuild read (from its
// metafile), of the build script and of package-lock.json; `tsx build.ts ui` (npm start's prestart) skips the
// build when none of them changed, so a start costs a few hashes instead of a full esbuild run.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const STAMP = '.build-inputs.json';
/** Files that change the output without being esbuild inputs. */
const ALWAYS = ['tools/build-ui.ts', 'tools/ui-stamp.ts', 'package-lock.json'];

interface Stamp {
  options: string;
  files: Record<string, string>;
}

function hashFile(file: string): string | null {
  try {
    return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  } catch {
    return null; // gone: the build no longer matches
  }
}

/** Records the inputs of the build just written into `outDir`. */
export function writeStamp(root: string, outDir: string, inputs: string[], options: object) {
  const files: Record<string, string> = {};
  for (const rel of [...new Set([...inputs, ...ALWAYS])].sort()) {
    const h = hashFile(path.resolve(root, rel));
    if (h) files[rel] = h;
  }
  const stamp: Stamp = { options: JSON.stringify(options), files };
  fs.writeFileSync(path.join(outDir, STAMP), JSON.stringify(stamp));
}

/** True when `outDir` was built with these options from files that are all unchanged. */
export function isUpToDate(root: string, outDir: string, options: object): boolean {
  let stamp: Stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(outDir, STAMP), 'utf8')) as Stamp;
  } catch {
    return false;
  }
  if (stamp.options !== JSON.stringify(options) || !fs.existsSync(path.join(outDir, 'index.html'))) return false;
  return Object.entries(stamp.files).every(([rel, h]) => hashFile(path.resolve(root, rel)) === h);
}
