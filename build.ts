// `tsx build.ts ui` builds the browser UI into dist/ui; `tsx build.ts all` also builds the release (dist/kedai).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildUi, buildUiIfChanged } from './tools/build-ui.js';
import { buildExe } from './tools/build-exe.js';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

async function main(target: string) {
  if (target === 'ui') {
    // npm start: rebuilt only when a source changed (`tsx build.ts ui --force` always builds).
    if (process.argv.includes('--force')) await buildUi({ outDir: 'dist/ui', minify: true });
    else await buildUiIfChanged({ outDir: 'dist/ui', minify: true });
    return;
  }
  if (target === 'all') {
    await buildUi({ outDir: 'dist/ui', minify: true, clean: true });
    await buildExe({ uiDir: path.join(ROOT, 'dist/ui') });
    return;
  }
  throw new Error(`Unknown build target "${target}" (use: ui | all)`);
}

main(process.argv[2] ?? 'ui').catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
