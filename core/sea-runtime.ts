// The single executable's runtime folder: the native parts (better-sqlite3's addon, sharp with libvips) and the
// built UI ride inside the executable as SEA assets and are written once to DATA_DIR/.runtime/<build>/, where
// the dynamic loader and @fastify/static can use them. Later starts only check that the folder is complete.
import fs from 'node:fs';
import path from 'node:path';
import { setNativeBinding } from './native.js';
import { setSharpRoot } from './sharp.js';
import { setChunkRoot } from './lazy-chunks.js';
import { setWorkerScript } from './offload/run.js';

/** The asset that lists every other asset (written by tools/build-exe.ts). */
export const MANIFEST_KEY = 'kedai-runtime.json';
/** Marker written last inside a runtime folder: its presence means every file is there. */
const COMPLETE = '.complete';

export interface RuntimeManifest {
  /** `<version>-<content hash>`: a rebuilt executable gets a fresh folder even at the same version. */
  build: string;
  files: { key: string; mode: number }[];
  /** Asset keys of the parts the runtime needs. */
  sqliteAddon: string;
  uiDir: string;
  /** The worker threads' program (app/worker.ts as CommonJS). */
  workerScript: string;
}

export interface Runtime {
  root: string;
  uiDir: string;
  sqliteAddon: string;
  workerScript: string;
  build: string;
  extracted: boolean;
}

interface SeaApi {
  isSea(): boolean;
  getAsset(key: string, encoding: string): string;
  getRawAsset(key: string): ArrayBuffer;
}

/** The node:sea module when running as a single executable, else undefined. */
export function seaApi(): SeaApi | undefined {
  try {
    // node:sea only exists on Node >= 20.12; required lazily so development never touches it.
    const sea = process.getBuiltinModule?.('node:sea') as SeaApi | undefined;
    return sea?.isSea() ? sea : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the assets to `<runtimeDir>/<build>/` unless a complete copy is there; removes other builds' folders. */
export function extractRuntime(sea: SeaApi, runtimeDir: string): Runtime {
  const manifest = JSON.parse(sea.getAsset(MANIFEST_KEY, 'utf8')) as RuntimeManifest;
  const root = path.join(runtimeDir, manifest.build);
  const result = {
    root,
    uiDir: path.join(root, manifest.uiDir),
    sqliteAddon: path.join(root, manifest.sqliteAddon),
    workerScript: path.join(root, manifest.workerScript),
    build: manifest.build,
  };
  if (fs.existsSync(path.join(root, COMPLETE))) return { ...result, extracted: false };

  fs.mkdirSync(runtimeDir, { recursive: true });
  const temp = path.join(runtimeDir, `.tmp-${process.pid}-${Date.now()}`);
  try {
    for (const f of manifest.files) {
      const dest = path.join(temp, f.key);
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      fs.writeFileSync(dest, new Uint8Array(sea.getRawAsset(f.key)), { mode: f.mode });
    }
    fs.writeFileSync(path.join(temp, COMPLETE), manifest.build);
    fs.rmSync(root, { recursive: true, force: true }); // an incomplete copy (a crash during an earlier start)
    fs.renameSync(temp, root);
  } catch (err) {
    fs.rmSync(temp, { recursive: true, force: true });
    // Another process finished the same extraction first: use its copy.
    if (!fs.existsSync(path.join(root, COMPLETE))) throw err;
  }
  for (const name of fs.readdirSync(runtimeDir)) {
    if (name === manifest.build) continue;
    const stale = path.join(runtimeDir, name);
    // Older builds and crashed extractions (an hour old, so a concurrent one is left alone).
    if (!name.startsWith('.tmp-') || Date.now() - fs.statSync(stale).mtimeMs > 3600_000) fs.rmSync(stale, { recursive: true, force: true });
  }
  return { ...result, extracted: true };
}

/** Loads better-sqlite3's addon from the runtime folder and points sharp's and the lazy chunks' loaders at it. */
export function loadRuntime(runtime: Runtime) {
  const addon = { exports: {} as object };
  process.dlopen(addon, runtime.sqliteAddon);
  setNativeBinding('better-sqlite3', addon.exports);
  setSharpRoot(runtime.root);
  setChunkRoot(runtime.root);
  setWorkerScript(runtime.workerScript, runtime.sqliteAddon);
}
