// `tsx build.ts ui` builds the browser UI into dist/ui; `tsx build.ts all` also builds the release (dist/kedai).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildUi } from './tools/build-ui.js';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

async function main(target: string) {
  if (target === 'ui') {
    await buildUi({ outDir: 'dist/ui', minify: true });
    return;
  }
  if (target === 'all') {
    await buildUi({ outDir: 'dist/ui', minify: true, clean: true });
    // HOOK for the release build: tools/build-exe.ts exports `buildExe({ uiDir })` (server bundle + single
    // executable dist/kedai). It is loaded by path until it exists; then replace this with a static import.
    const exeModule = path.join(ROOT, 'tools', 'build-exe.ts');
    if (fs.existsSync(exeModule)) {
      const specifier = './tools/build-exe.js';
      const { buildExe } = (await import(specifier)) as { buildExe: (o: { uiDir: string }) => Promise<void> };
      await buildExe({ uiDir: path.join(ROOT, 'dist/ui') });
    } else {
      console.log('tools/build-exe.ts is not there yet: built the UI only.');
    }
    return;
  }
  throw new Error(`Unknown build target "${target}" (use: ui | all)`);
}

main(process.argv[2] ?? 'ui').catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
