// Builds dist/kedai, a Node single executable application (SEA): the server as ONE CommonJS bundle (esbuild,
// from app/sea-entry.ts), and as SEA assets the built UI, better-sqlite3's addon and sharp with its libvips
// (their package layout kept, since the addon finds libvips by rpath), and the PDF fonts (read in place with
// sea.getRawAsset, never written out). `tsx tools/build-exe.ts` runs it alone.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import * as esbuild from 'esbuild';
import { sqlFolder } from './esbuild-sql-folder.js';
import type { RuntimeManifest } from '../core/sea-runtime.js';
import { FONT_FILES } from '../core/pdf/font-files.js';
import { prepareNodeLts } from './node-lts.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const SENTINEL_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const MANIFEST_KEY = 'kedai-runtime.json'; // = core/sea-runtime.ts MANIFEST_KEY (not imported: that module is runtime code)
const SQLITE_ADDON = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
/** Node flags the executable starts with (sea-config `execArgv`, Node >= 22.19). */
export const SEA_EXEC_ARGV = ['--max-semi-space-size=4'];
const WORKER_SCRIPT = 'worker.cjs';
const LITESTREAM_BINARY = 'node_modules/@flydotio/litestream-linux-x64/litestream';
// Packages loaded from the extracted runtime folder instead of the bundle (with everything they require).
const RUNTIME_PACKAGES = ['sharp'];
/**
 * Packages our code imports only at first use (`await import(...)`), each bundled apart as `lazy/<chunk>.cjs`
 * (a runtime file) instead of into the server bundle: start-up neither parses nor keeps them (#27.5).
 * `default`: the package has a default export our code uses.
 */
export const LAZY_CHUNKS: Record<string, { specifier: string; default: boolean }> = {
  barcode: { specifier: 'bwip-js/node', default: true },
  qrcode: { specifier: 'qrcode', default: true },
  'thermal-printer': { specifier: 'node-thermal-printer', default: true },
  passwords: { specifier: '@zxcvbn-ts/language-common', default: false },
  s3: { specifier: '@aws-sdk/client-s3', default: false },
};
const CHUNK_DIR = 'lazy';
/**
 * pdfkit and fontkit share one chunk (`lazy/pdf.cjs`): pdfkit must draw with the fontkit our fonts were parsed by.
 * Only the server bundle uses it; the worker threads' program keeps them inside (pdfkitInBundle).
 */
const PDF_CHUNK = 'pdf';
// Files a package does not need at run time.
const SKIP_FILE = /\.(md|markdown|d\.ts|d\.mts|d\.cts|map|h|hpp|cc|cpp|c|gyp|gypi|tsbuildinfo)$/i;

export interface BuildExeOptions {
  /** The built UI (index.html + assets/); default dist/ui. */
  uiDir?: string;
  /** Output file; default dist/kedai. */
  outFile?: string;
  /** Bundle entry; default app/sea-entry.ts (a diagnostic build may wrap it). */
  entry?: string;
  /** 'lts' (default): the pinned Node LTS (tools/node-lts.ts); 'current': the Node running the build. */
  runtime?: 'lts' | 'current';
  /** V8's code cache for the server bundle in the blob (default true; false to measure without it, #27.5). */
  codeCache?: boolean;
  log?: boolean;
}

export interface BuildExeResult {
  file: string;
  bytes: number;
  build: string;
  bundleBytes: number;
  /** The Node version inside the executable. */
  node: string;
  assetBytes: number;
  ms: number;
}

function walk(dir: string, skip: (rel: string, isDir: boolean) => boolean, rel = ''): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (skip(child, e.isDirectory())) continue;
    if (e.isDirectory()) out.push(...walk(dir, skip, child));
    else if (e.isFile()) out.push(child);
  }
  return out;
}

/** Where Node would find package `name` from folder `from` (walking up the node_modules folders). */
function packageDir(name: string, from: string): string | null {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === path.dirname(dir)) return null;
  }
}

/** A package and, recursively, its installed dependencies (optional ones only when present: this platform's). */
function packageClosure(name: string, from: string, seen = new Set<string>()): Set<string> {
  const dir = packageDir(name, from);
  if (!dir || seen.has(dir)) return seen;
  seen.add(dir);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) packageClosure(dep, dir, seen);
  return seen;
}

/** The PDF fonts: asset key -> file in node_modules (plugins/sales/pdf/fonts.ts reads them by key). */
function fontAssets(): Map<string, string> {
  return new Map(Object.values(FONT_FILES).map((f) => [f.key, require.resolve(f.specifier)]));
}

/** SEA assets: key (also the path inside the runtime folder) -> file on disk. */
function collectAssets(uiDir: string, sqliteAddon: string): Map<string, string> {
  const assets = new Map<string, string>();
  assets.set(SQLITE_ADDON, sqliteAddon);
  for (const name of RUNTIME_PACKAGES) {
    for (const dir of packageClosure(name, ROOT)) {
      for (const rel of walk(dir, (r, isDir) => (isDir ? r.split('/').pop() === 'node_modules' : SKIP_FILE.test(r)))) {
        const file = path.join(dir, rel);
        assets.set(path.relative(ROOT, file).split(path.sep).join('/'), file);
      }
    }
  }
  for (const rel of walk(uiDir, () => false)) assets.set(`ui/${rel}`, path.join(uiDir, rel));
  return assets;
}

/** A stand-in for pdfkit's PDFDocument that evaluates `loadExpression` at the first use. */
const lazyPdfkitStandIn = (loadExpression: string) => `let real;
const load = () => (real ??= ${loadExpression});
module.exports = new Proxy(function PDFDocument() {}, {
  construct: (_, args) => Reflect.construct(load(), args),
  apply: (_, self, args) => Reflect.apply(load(), self, args),
  get: (_, key) => load()[key],
});`;

/**
 * pdfkit in one bundle, loaded on first use. Its ESM build needs import.meta.url, and both builds load the 14
 * standard fonts through a createRequire()d require a bundler cannot follow: use the CommonJS build with those
 * turned into plain require() calls (the fonts are JavaScript modules). And since initialising pdfkit and
 * fontkit took a third of the start-up time, our code gets a stand-in that requires it at the first PDF.
 */
const pdfkitInBundle: esbuild.Plugin = {
  name: 'pdfkit-in-bundle',
  setup(build) {
    const cjsBuild = path.join(ROOT, 'node_modules/pdfkit/js/pdfkit.js');
    build.onResolve({ filter: /^pdfkit$/ }, (args) =>
      args.importer.includes(`${path.sep}node_modules${path.sep}`) ? { path: cjsBuild } : { path: 'pdfkit', namespace: 'lazy-pdfkit' },
    );
    build.onResolve({ filter: /^kedai-real-pdfkit$/ }, () => ({ path: cjsBuild }));
    // One fontkit in the bundle: ours (core/pdf/fonts.ts imports it) is the one pdfkit requires.
    build.onResolve({ filter: /^fontkit$/ }, () => ({ path: path.join(ROOT, 'node_modules/fontkit/dist/main.cjs') }));
    build.onLoad({ filter: /.*/, namespace: 'lazy-pdfkit' }, () => ({
      loader: 'js',
      resolveDir: ROOT,
      contents: lazyPdfkitStandIn("require('kedai-real-pdfkit')"),
    }));
    build.onLoad({ filter: /[\\/]pdfkit[\\/]js[\\/]pdfkit\.js$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      const contents = source.replaceAll("require$1('#standard-fonts/", "require('#standard-fonts/");
      if (contents === source) throw new Error('pdfkit changed: its standard fonts loader was not found (tools/build-exe.ts)');
      return { contents, loader: 'js' };
    });
  },
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]{}\\/]/g, (ch) => `\\${ch}`);

/** In the server bundle, our imports of a LAZY_CHUNKS package become a stand-in that requires its chunk (core/lazy-chunks.ts). */
const lazyChunks: esbuild.Plugin = {
  name: 'lazy-chunks',
  setup(build) {
    const chunkOf = new Map(Object.entries(LAZY_CHUNKS).map(([name, c]) => [c.specifier, name]));
    const filter = new RegExp(`^(${[...chunkOf.keys()].map(escapeRegExp).join('|')})$`);
    build.onResolve({ filter }, (args) =>
      args.importer.includes(`${path.sep}node_modules${path.sep}`) ? undefined : { path: chunkOf.get(args.path)!, namespace: 'lazy-chunk' },
    );
    const requireChunk = (name: string) => `require(${JSON.stringify(path.join(ROOT, 'core/lazy-chunks.ts'))}).requireChunk(${JSON.stringify(name)})`;
    build.onLoad({ filter: /.*/, namespace: 'lazy-chunk' }, (args) => ({
      loader: 'js',
      resolveDir: ROOT,
      contents: `module.exports = ${requireChunk(args.path)};`,
    }));
    // pdfkit: the stand-in pdfkitInBundle makes (our code constructs it), loading the pdf chunk at the first PDF; fontkit: its other half.
    const ours = (importer: string) => !importer.includes(`${path.sep}node_modules${path.sep}`);
    build.onResolve({ filter: /^pdfkit$/ }, (args) => (ours(args.importer) ? { path: 'pdfkit', namespace: 'lazy-chunk-pdfkit' } : undefined));
    build.onResolve({ filter: /^fontkit$/ }, (args) => (ours(args.importer) ? { path: 'fontkit', namespace: 'lazy-chunk-fontkit' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'lazy-chunk-pdfkit' }, () => ({
      loader: 'js',
      resolveDir: ROOT,
      contents: lazyPdfkitStandIn(`${requireChunk(PDF_CHUNK)}.PDFDocument`),
    }));
    build.onLoad({ filter: /.*/, namespace: 'lazy-chunk-fontkit' }, () => ({
      loader: 'js',
      resolveDir: ROOT,
      contents: `module.exports = ${requireChunk(PDF_CHUNK)}.fontkit;`,
    }));
  },
};

/** Each LAZY_CHUNKS package as a CommonJS bundle of its own, in `dir`; returns asset key -> file. */
async function bundleChunks(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [name, c] of Object.entries(LAZY_CHUNKS)) {
    const outfile = path.join(dir, CHUNK_DIR, `${name}.cjs`);
    const spec = JSON.stringify(c.specifier);
    await esbuild.build({
      absWorkingDir: ROOT,
      stdin: { contents: `export * from ${spec};${c.default ? ` export { default } from ${spec};` : ''}`, resolveDir: ROOT, loader: 'js' },
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      minifyWhitespace: true,
      minifySyntax: true,
      legalComments: 'none',
      logLevel: 'warning',
    });
    out.set(`${CHUNK_DIR}/${name}.cjs`, outfile);
  }
  const pdf = path.join(dir, CHUNK_DIR, `${PDF_CHUNK}.cjs`);
  await esbuild.build({
    absWorkingDir: ROOT,
    stdin: { contents: "module.exports = { PDFDocument: require('kedai-real-pdfkit'), fontkit: require('fontkit') };", resolveDir: ROOT, loader: 'js' },
    outfile: pdf,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    plugins: [pdfkitInBundle],
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  out.set(`${CHUNK_DIR}/${PDF_CHUNK}.cjs`, pdf);
  return out;
}

/** One CommonJS bundle for the executable (the server, or the worker threads' program). */
function bundleCjs(entry: string, outfile: string, opts: { lazyChunks?: boolean } = {}) {
  return esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    loader: { '.sql': 'text' },
    external: RUNTIME_PACKAGES,
    plugins: opts.lazyChunks ? [sqlFolder, lazyChunks, pdfkitInBundle] : [sqlFolder, pdfkitInBundle],
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    // import.meta is empty in CommonJS; app/server.ts, app/worker-location.ts, core/start.ts and core/sharp.ts handle that on purpose.
    logOverride: { 'empty-import-meta': 'silent' },
    logLevel: 'warning',
  });
}

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.error?.message ?? ''}${r.stderr ?? ''}${r.stdout ?? ''}`);
  return r;
}

/** Bundles the server, packs the assets and injects them into a copy of this Node binary. */
export async function buildExe(opts: BuildExeOptions = {}): Promise<BuildExeResult> {
  const started = Date.now();
  const log = opts.log === false ? () => undefined : (s: string) => console.log(s);
  const uiDir = path.resolve(ROOT, opts.uiDir ?? 'dist/ui');
  const outFile = path.resolve(ROOT, opts.outFile ?? 'dist/kedai');
  if (!fs.existsSync(path.join(uiDir, 'index.html'))) throw new Error(`The UI is not built (${uiDir}/index.html is missing): run \`tsx build.ts ui\` first.`);
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 12)) throw new Error(`Building the executable needs Node >= 20.12 (SEA assets); this is ${process.version}.`);
  const runtime =
    opts.runtime === 'current'
      ? { version: process.versions.node, node: process.execPath, sqliteAddon: path.join(ROOT, SQLITE_ADDON) }
      : prepareNodeLts(path.join(ROOT, 'dist', '.node-lts'), ROOT, log);

  const work = path.join(ROOT, 'dist', '.sea');
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const bundle = path.join(work, 'server.cjs');
  await bundleCjs(opts.entry ?? 'app/sea-entry.ts', bundle, { lazyChunks: true });
  // The worker threads' program (app/worker.ts; core/offload/run.ts starts it), unpacked beside the UI: a worker needs a file on disk.
  const workerBundle = path.join(work, WORKER_SCRIPT);
  await bundleCjs('app/worker.ts', workerBundle);

  const assets = collectAssets(uiDir, runtime.sqliteAddon);
  assets.set(WORKER_SCRIPT, workerBundle);
  for (const [key, file] of await bundleChunks(work)) assets.set(key, file);
  const fonts = fontAssets();
  const hash = createHash('sha256').update(fs.readFileSync(bundle));
  let assetBytes = 0;
  for (const [key, file] of [...assets, ...fonts]) {
    const data = fs.readFileSync(file);
    assetBytes += data.length;
    hash.update(key).update(data);
  }
  const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version as string;
  const manifest: RuntimeManifest = {
    build: `${version}-${hash.digest('hex').slice(0, 12)}`,
    files: [...assets.keys()].map((key) => ({ key, mode: /\.(node|so(\.\d+)*)$/.test(key) ? 0o755 : 0o644 })),
    sqliteAddon: SQLITE_ADDON,
    uiDir: 'ui',
    workerScript: WORKER_SCRIPT,
  };
  const manifestFile = path.join(work, MANIFEST_KEY);
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  const blob = path.join(work, 'sea-prep.blob');
  const seaConfig = path.join(work, 'sea-config.json');
  fs.writeFileSync(
    seaConfig,
    JSON.stringify(
      {
        main: bundle,
        output: blob,
        disableExperimentalSEAWarning: true,
        useCodeCache: opts.codeCache ?? true, // V8's compiled code rides in the blob: ~20% less start-up CPU
        // The main thread's young generation: 8 MB (two 4 MB semi-spaces) from the start, where Node 22 starts the
        // executable at 16 and core/young-generation.ts can only stop it growing. PDFs render on workers now, so
        // nothing on this thread needs more: settled anonymous memory 65 MB against 87 (`npm run bench -- --only pos`).
        execArgv: SEA_EXEC_ARGV,
        assets: { [MANIFEST_KEY]: manifestFile, ...Object.fromEntries(assets), ...Object.fromEntries(fonts) },
      },
      null,
      2,
    ),
  );
  // The blob is made by the Node it is injected into (its format and V8 code cache are version-bound).
  // Made with the flags it will run with: V8 rejects a code cache made under other flags (a warning at each start).
  run(runtime.node, [...SEA_EXEC_ARGV, '--experimental-sea-config', seaConfig]);

  // A copy of this Node, without its debug sections when `strip` is there (they are ~10 MB nobody needs).
  const temp = `${outFile}.${process.pid}.tmp`;
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.copyFileSync(runtime.node, temp);
  if (spawnSync('strip', ['--strip-debug', temp]).status !== 0) fs.copyFileSync(runtime.node, temp);
  const { inject } = require('postject') as { inject: (file: string, name: string, data: Buffer, o: { sentinelFuse: string }) => Promise<void> };
  // postject's ELF library warns once per note section of Node's binary ("Can't find string offset..."): noise.
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!/string offset for section/.test(String(args[0]))) warn(...args);
  };
  try {
    await inject(temp, 'NODE_SEA_BLOB', fs.readFileSync(blob), { sentinelFuse: SENTINEL_FUSE });
    fs.chmodSync(temp, 0o755);
    fs.renameSync(temp, outFile);
  } finally {
    console.warn = warn;
    fs.rmSync(temp, { force: true });
  }
  const result = {
    file: outFile,
    bytes: fs.statSync(outFile).size,
    build: manifest.build,
    bundleBytes: fs.statSync(bundle).size,
    node: runtime.version,
    assetBytes,
    ms: Date.now() - started,
  };
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  // Litestream (the off-site copy, #19) ships beside the executable: kedai finds `litestream` next to itself.
  const litestream = path.join(ROOT, LITESTREAM_BINARY);
  if (fs.existsSync(litestream)) {
    fs.copyFileSync(litestream, path.join(path.dirname(outFile), 'litestream'));
    fs.chmodSync(path.join(path.dirname(outFile), 'litestream'), 0o755);
    log(`Copied Litestream beside it: ${path.relative(ROOT, path.join(path.dirname(outFile), 'litestream'))} (ship both files together)`);
  }
  log(
    `Built ${path.relative(ROOT, outFile)} (${mb(result.bytes)}: server bundle ${mb(result.bundleBytes)}, ${assets.size} runtime files and ${fonts.size} fonts ${mb(assetBytes)}) as ${manifest.build} on Node ${runtime.version} in ${(result.ms / 1000).toFixed(1)} s`,
  );
  return result;
}

const isEntry = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) {
  buildExe().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
