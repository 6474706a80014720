// Builds the browser UI with esbuild: one entry (login + shell), one lazy chunk per screen, hashed names, index.html.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { isUpToDate, writeStamp } from './ui-stamp.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = 'app/browser.tsx';
// Stale assets are pruned only when this old, so a server started from an earlier build keeps its files.
const PRUNE_AGE_MS = 10 * 60 * 1000;

export interface BuildUiOptions {
  /** Output folder (index.html + assets/); relative to the repo root. */
  outDir?: string;
  minify?: boolean;
  /** Empty the output folder first (release builds); otherwise only old, unreferenced assets are removed. */
  clean?: boolean;
  /** Print the size table. */
  log?: boolean;
}

export interface ChunkSize {
  name: string;
  bytes: number;
  gzip: number;
}

export interface BuildUiResult {
  outDir: string;
  entryJs: string;
  entryCss: string | null;
  /** Login + shell: the entry JS, the chunks it imports statically, and the CSS. */
  shell: { js: ChunkSize; css: ChunkSize | null; gzipTotal: number };
  /** Each lazily loaded chunk (a screen), with what it adds beyond the shell. */
  screens: ChunkSize[];
  ms: number;
}

function sizeOf(file: string, name: string): ChunkSize {
  const data = fs.readFileSync(file);
  return { name, bytes: data.length, gzip: zlib.gzipSync(data, { level: 9 }).length };
}

/**
 * Brotli (quality 11) and gzip (level 9) copies beside each file, made once at build time: the server sends
 * them as they are (@fastify/static preCompressed) to a browser that accepts them, so no request compresses.
 */
function precompress(files: string[]) {
  for (const file of files) {
    const data = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
    const gz = zlib.gzipSync(data, { level: 9 });
    if (br.length < data.length) writeAtomic(`${file}.br`, br);
    if (gz.length < data.length) writeAtomic(`${file}.gz`, gz);
  }
}

/** Written via rename so a server sending the file at that moment never reads half of it. */
function writeAtomic(file: string, data: Buffer) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
}

function kb(n: number): string {
  return `${(n / 1024).toFixed(1)} KB`;
}

/** npm start: builds only when a source changed since the last build into `outDir`; null when it was up to date. */
export async function buildUiIfChanged(opts: BuildUiOptions = {}): Promise<BuildUiResult | null> {
  const started = Date.now();
  const out = path.resolve(ROOT, opts.outDir ?? 'dist/ui');
  if (isUpToDate(ROOT, out, { minify: opts.minify ?? true })) {
    if (opts.log !== false) console.log(`UI in ${path.relative(ROOT, out) || out} is up to date (${Date.now() - started} ms to check)`);
    return null;
  }
  return buildUi(opts);
}

/** Builds dist/ui (or `outDir`): hashed ESM chunks and CSS under assets/, and an index.html without inline scripts. */
export async function buildUi({ outDir = 'dist/ui', minify = true, clean = false, log = true }: BuildUiOptions = {}): Promise<BuildUiResult> {
  const started = Date.now();
  const out = path.resolve(ROOT, outDir);
  const assets = path.join(out, 'assets');
  if (clean) fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(assets, { recursive: true });

  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { main: ENTRY },
    bundle: true,
    format: 'esm',
    splitting: true,
    outdir: assets,
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    minify,
    sourcemap: false,
    legalComments: 'none',
    jsx: 'automatic',
    target: ['es2022', 'chrome110', 'firefox115', 'safari16'],
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    logLevel: 'warning',
  });

  const outputs = result.metafile.outputs;
  const rel = (p: string) => path.relative(ROOT, path.resolve(ROOT, p));
  const entryKey = Object.keys(outputs).find((k) => outputs[k].entryPoint === ENTRY && k.endsWith('.js'));
  if (!entryKey) throw new Error('esbuild produced no entry chunk');
  const cssKey = outputs[entryKey].cssBundle ?? null;

  // The shell = the entry plus everything it imports statically (shared chunks load before first paint).
  const shellFiles = new Set<string>();
  const walk = (key: string) => {
    if (shellFiles.has(key)) return;
    shellFiles.add(key);
    for (const imp of outputs[key]?.imports ?? []) if (imp.kind === 'import-statement' && !imp.external) walk(rel(imp.path));
  };
  walk(rel(entryKey));

  const fileOf = (key: string) => path.resolve(ROOT, key);
  const url = (key: string) => `/assets/${path.basename(key)}`;
  let shellJs: ChunkSize = { name: 'login + shell JS', bytes: 0, gzip: 0 };
  for (const key of shellFiles) {
    const s = sizeOf(fileOf(key), key);
    shellJs = { ...shellJs, bytes: shellJs.bytes + s.bytes, gzip: shellJs.gzip + s.gzip };
  }
  const shellCss = cssKey ? { ...sizeOf(fileOf(cssKey), cssKey), name: 'CSS' } : null;

  const screens: ChunkSize[] = [];
  for (const [key, meta] of Object.entries(outputs)) {
    if (!key.endsWith('.js') || shellFiles.has(rel(key))) continue;
    const label = meta.entryPoint ? meta.entryPoint : `shared ${path.basename(key)}`;
    screens.push({ ...sizeOf(fileOf(key), key), name: label });
  }
  screens.sort((a, b) => a.name.localeCompare(b.name));

  const preloads = [...shellFiles].filter((k) => k !== rel(entryKey)).map((k) => `<link rel="modulepreload" href="${url(k)}">`);
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    '<title>Kedai</title>',
    '<link rel="icon" href="data:,">',
    cssKey ? `<link rel="stylesheet" href="${url(cssKey)}">` : '',
    ...preloads,
    `<script type="module" src="${url(entryKey)}"></script>`,
    '</head>',
    '<body>',
    '<div id="root"></div>',
    '<noscript>Kedai needs JavaScript enabled.</noscript>',
    '</body>',
    '</html>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
  // Written via rename so a server starting at that moment never reads half a file.
  const tmp = path.join(out, `.index-${process.pid}.html`);
  fs.writeFileSync(tmp, html);
  fs.renameSync(tmp, path.join(out, 'index.html'));

  precompress([...Object.keys(outputs).map(fileOf), path.join(out, 'index.html')]);
  writeStamp(ROOT, out, Object.keys(result.metafile.inputs), { minify });

  if (!clean) {
    const keep = new Set(Object.keys(outputs).flatMap((k) => [path.basename(k), `${path.basename(k)}.br`, `${path.basename(k)}.gz`]));
    const now = Date.now();
    for (const name of fs.readdirSync(assets)) {
      const file = path.join(assets, name);
      if (!keep.has(name) && now - fs.statSync(file).mtimeMs > PRUNE_AGE_MS) fs.rmSync(file, { force: true });
    }
  }

  const gzipTotal = shellJs.gzip + (shellCss?.gzip ?? 0);
  const ms = Date.now() - started;
  if (log) {
    console.log(`UI built into ${path.relative(ROOT, out) || out} in ${ms} ms`);
    console.log(`  login + shell JS   ${kb(shellJs.bytes).padStart(10)}  gzip ${kb(shellJs.gzip)}`);
    if (shellCss) console.log(`  CSS                ${kb(shellCss.bytes).padStart(10)}  gzip ${kb(shellCss.gzip)}`);
    console.log(`  entry JS + CSS total gzip ${kb(gzipTotal)}`);
    for (const s of screens) console.log(`  lazy ${s.name.padEnd(48)} ${kb(s.bytes).padStart(10)}  gzip ${kb(s.gzip)}`);
  }
  return { outDir: out, entryJs: url(entryKey), entryCss: cssKey ? url(cssKey) : null, shell: { js: shellJs, css: shellCss, gzipTotal }, screens, ms };
}
