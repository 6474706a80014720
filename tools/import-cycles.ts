// Counts import cycles and imports that run upward from core/ (core -> plugins/ or app/), with the same
// TypeScript import reader as tests/boundaries.ts. `npx tsx tools/import-cycles.ts [--types] [--list]`:
// value imports only by default (what runs at load time); --types counts type-only imports too; --list
// prints each cycle's files and each upward import. A cycle here is a strongly connected group of files
// (each reaches every other through imports); its size is the number of files in it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importsOf, sourceFiles } from '../tests/boundaries.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AREAS = ['core', 'plugins', 'ui', 'app'];

/** The repository file a relative specifier names (`./x.js` -> `x.ts` or `x.tsx`), or null for a package. */
function resolve(from: string, specifier: string, files: Set<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier)).replace(/\.(js|jsx|mjs|ts|tsx)$/, '');
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => files.has(f)) ?? null;
}

export interface ImportGraph {
  edges: Map<string, string[]>;
  upward: { from: string; to: string }[];
}

/** Every file of core/, plugins/, ui/ and app/ with the files it imports (tests left out: they may import anything). */
export function importGraph(root: string, withTypes: boolean): ImportGraph {
  const all = AREAS.flatMap((d) => sourceFiles(root, d)).filter((f) => !/\.test\.tsx?$/.test(f));
  const files = new Set(all);
  const edges = new Map<string, string[]>();
  const upward: { from: string; to: string }[] = [];
  for (const file of all) {
    const targets: string[] = [];
    for (const ref of importsOf(file, fs.readFileSync(path.join(root, file), 'utf8'))) {
      const to = resolve(file, ref.specifier, files);
      if (!to) continue;
      if (file.startsWith('core/') && (to.startsWith('plugins/') || to.startsWith('app/'))) upward.push({ from: file, to });
      if (withTypes || !ref.typeOnly) targets.push(to);
    }
    edges.set(file, [...new Set(targets)]);
  }
  return { edges, upward };
}

/** Strongly connected groups of more than one file (Tarjan), largest first. */
export function cycles(edges: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return out.sort((a, b) => b.length - a.length);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const withTypes = process.argv.includes('--types');
  const { edges, upward } = importGraph(ROOT, withTypes);
  const groups = cycles(edges);
  console.log(`${edges.size} files (${withTypes ? 'value and type' : 'value'} imports)`);
  console.log(`import cycles: ${groups.length} (sizes ${groups.map((g) => g.length).join(', ') || '-'})`);
  console.log(`upward imports from core (core -> plugins/app): ${upward.length}`);
  if (process.argv.includes('--list')) {
    for (const g of groups) console.log(`\ncycle of ${g.length}:\n  ${g.join('\n  ')}`);
    for (const u of upward) console.log(`upward: ${u.from} -> ${u.to}`);
  }
}
