// Benchmark: the UI's JavaScript, gzipped. Login + shell (what the browser loads before the first screen,
// docs/api.md: < 150 KB) and every screen, which must be its own lazily loaded chunk. Builds the UI with
// tools/build-ui.ts into a temp folder (dist/ui is left alone).
// Run: node --import ./core/dev/register.mjs --import tsx bench/ui-size.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildUi } from '../tools/build-ui.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ScreenChunk {
  /** The screen module (repo-relative), as its plugin's screen manifest imports it. */
  module: string;
  /** Its own lazy chunk's gzipped size, or null when it has none (bundled into the shell or another chunk). */
  gzip: number | null;
}

export interface UiSizeResult {
  shellJsGzip: number;
  cssGzip: number;
  screens: ScreenChunk[];
  /** Lazy chunks that are not a screen (code shared by several screens), gzipped, summed. */
  sharedLazyGzip: number;
  sharedLazyCount: number;
  ms: number;
}

/** Every screen module the plugins' manifests load lazily: `load: () => import('./x.js')` in plugins/<p>/screen/index.ts. */
export function screenModules(): string[] {
  const out: string[] = [];
  const pluginsDir = path.join(ROOT, 'plugins');
  for (const plugin of fs.readdirSync(pluginsDir).sort()) {
    const manifest = path.join(pluginsDir, plugin, 'screen', 'index.ts');
    if (!fs.existsSync(manifest)) continue;
    for (const m of fs.readFileSync(manifest, 'utf8').matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
      const base = path.join(path.dirname(manifest), m[1]).replace(/\.js$/, '');
      const file = ['.tsx', '.ts'].map((ext) => base + ext).find((f) => fs.existsSync(f));
      if (file) out.push(path.relative(ROOT, file).split(path.sep).join('/'));
    }
  }
  return out;
}

/** Builds the UI into a temp folder and measures the shell and each screen's chunk. */
export async function runUiSizeBench(): Promise<UiSizeResult> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-bench-ui-'));
  try {
    const r = await buildUi({ outDir, minify: true, clean: true, log: false });
    const modules = screenModules();
    const lazyByEntry = new Map(r.screens.map((c) => [c.name, c]));
    const screens = modules.map((module) => ({ module, gzip: lazyByEntry.get(module)?.gzip ?? null }));
    const shared = r.screens.filter((c) => !modules.includes(c.name));
    return {
      shellJsGzip: r.shell.js.gzip,
      cssGzip: r.shell.css?.gzip ?? 0,
      screens,
      sharedLazyGzip: shared.reduce((s, c) => s + c.gzip, 0),
      sharedLazyCount: shared.length,
      ms: r.ms,
    };
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await runUiSizeBench();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`login + shell JS: ${kb(r.shellJsGzip)} gzipped (target < 150 KB), CSS ${kb(r.cssGzip)}`);
  for (const s of r.screens) console.log(`  ${s.module.padEnd(52)} ${s.gzip === null ? 'NOT a lazy chunk of its own' : kb(s.gzip)}`);
  console.log(`  ${r.sharedLazyCount} shared lazy chunks: ${kb(r.sharedLazyGzip)}`);
  process.exitCode = r.shellJsGzip < 150 * 1024 && r.screens.every((s) => s.gzip !== null) ? 0 : 1;
}
