import * as esbuild from 'esbuild';
const r = await esbuild.build({ absWorkingDir: process.cwd(), entryPoints: ['app/sea-entry.ts'], outfile: '/tmp/lean-meta-out.cjs', bundle: true, platform: 'node', target: 'node20', format: 'cjs', loader: { '.sql': 'text' }, external: ['sharp'], minifyWhitespace: true, minifySyntax: true, metafile: true, logLevel: 'error', logOverride: { 'empty-import-meta': 'silent' } });
const inputs = r.metafile.inputs;
const want = process.argv.slice(2);
for (const [file, info] of Object.entries(inputs)) for (const imp of info.imports) for (const w of want) if (imp.path.includes(`node_modules/${w}/`) && !file.includes(`node_modules/${w}/`)) console.log(w, '<-', file.replace(/.*node_modules\//, 'nm/'), imp.kind);
