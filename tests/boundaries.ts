// The import-boundary checker behind tests/boundaries.test.ts (DESIGN's "Dependencies run one way" and
// "A plugin", made a test). A file inside plugins/<p>/ may import from another plugin <q> only when
//   1. <q> is in <p>'s `dependsOn` (the manifest in plugins/<q>/index.ts, read through app/plugins.ts), and
//   2. the file it imports is <q>'s public face:
//      - `api.ts`, what other plugins may call (from any file of <p>);
//      - `schemas.ts`, type-only (`import type` / `export type`), from <p>'s screen/ files: a TypeBox
//        response schema is the one declaration of a JSON shape, and a type import carries no server code
//        into the UI bundle;
//      - `test-support.ts`, from <p>'s tests (`*.test.ts(x)`) and its own `test-support.ts`.
// Screen files import other plugins type-only (they reach the server only through the API client).
// app/ is the composition root, the only place that names plugins: the lists (app/plugins.ts, app/screens.ts,
// app/worker-tasks.ts) and the entries (server, executable, worker threads, browser). It names a plugin only
// by its manifests (index.ts, screen/index.ts, worker.ts). core/ and ui/ import nothing from plugins/ or app/,
// not even types (they take the lists as arguments); no plugin imports app/ (every plugin at once). Files
// outside plugins/, core/, ui/ and app/ (tests/, tools/, bench/) may import anything: cross-plugin scenario
// tests live in tests/. The SQL a plugin runs obeys the same lines (tables it may name: see "SQL boundaries" below).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One import (or re-export, or dynamic import) of a module. */
export interface ImportRef {
  specifier: string;
  /** Erased at compile time: `import type`, `export type`, every named binding `type`, or `typeof import()`. */
  typeOnly: boolean;
  line: number;
}

/** One import that crosses a boundary it may not. */
export interface Violation {
  file: string;
  line: number;
  specifier: string;
  reason: string;
}

/** Every module specifier a TypeScript source names: static imports, re-exports, import() and import types. */
export function importsOf(fileName: string, source: string): ImportRef[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: ImportRef[] = [];
  const add = (node: ts.Node, spec: ts.Expression | undefined, typeOnly: boolean) => {
    if (spec && ts.isStringLiteralLike(spec)) out.push({ specifier: spec.text, typeOnly, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1 });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allNamedTypes =
        !!clause && !clause.name && !!named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      add(node, node.moduleSpecifier, !!clause && (clause.isTypeOnly || allNamedTypes));
    } else if (ts.isExportDeclaration(node)) {
      const named = node.exportClause;
      const allNamedTypes = !!named && ts.isNamedExports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      add(node, node.moduleSpecifier, node.isTypeOnly || allNamedTypes);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument.literal, true);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, node.moduleReference.expression, node.isTypeOnly);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Where a repository-relative path sits: a plugin's file (plugin + path inside it), or another area. */
function placeOf(file: string): { area: string; plugin?: string; inner?: string } {
  const parts = file.split('/');
  if (parts[0] === 'plugins' && parts.length > 2) return { area: 'plugins', plugin: parts[1], inner: parts.slice(2).join('/') };
  return { area: parts[0] };
}

const stem = (inner: string) => inner.replace(/\.(ts|tsx|js|jsx|mjs)$/, '');
const isTestFile = (inner: string) => /\.test\.tsx?$/.test(inner) || inner === 'test-support.ts';
const isScreenFile = (inner: string) => inner.startsWith('screen/');

/** The files of a plugin app/ may name: its server manifest, its UI manifest, its worker tasks. */
const MANIFESTS = new Set(['index', 'screen/index', 'worker']);
const CHECKED = ['plugins', 'core', 'ui', 'app'];

/**
 * The violations in one file. `file` is repository-relative with forward slashes; `dependsOn` maps each
 * plugin (folder name = manifest name) to its declared dependencies.
 */
export function checkFile(file: string, source: string, dependsOn: ReadonlyMap<string, readonly string[]>): Violation[] {
  const from = placeOf(file);
  if (!CHECKED.includes(from.area)) return [];
  const out: Violation[] = [];
  for (const ref of importsOf(file, source)) {
    if (!ref.specifier.startsWith('.')) continue; // packages and node: builtins
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), ref.specifier));
    const to = placeOf(target);
    const bad = (reason: string) => out.push({ file, line: ref.line, specifier: ref.specifier, reason });
    if (to.area === 'app') {
      if (from.area !== 'app')
        bad(
          `${from.area}/ imports app/, the composition root (it names every plugin: the registry); the lists are app's to hand over, tests build apps with tests/helpers/app.ts`,
        );
      continue;
    }
    if (to.area !== 'plugins') continue;
    if (!to.plugin) {
      bad('imports a file at the top of plugins/: no registry lives there (the lists of plugins are in app/)');
      continue;
    }
    if (from.area === 'app') {
      if (!MANIFESTS.has(stem(to.inner!)))
        bad(`app/ names plugin "${to.plugin}" by ${to.inner}; it names a plugin only by its manifests (index.ts, screen/index.ts, worker.ts)`);
      continue;
    }
    if (from.area !== 'plugins') {
      bad(`${from.area}/ imports plugin "${to.plugin}": dependencies run one way (core <- plugins <- app), and ui/ is core's side`);
      continue;
    }
    if (!from.plugin) {
      bad('a file at the top of plugins/ imports a plugin: plugins are listed in app/ only');
      continue;
    }
    if (to.plugin === from.plugin) continue;
    const p = from.plugin!;
    const q = to.plugin;
    const inner = from.inner!;
    const face = stem(to.inner!);
    const deps = dependsOn.get(p);
    if (!deps) bad(`"${p}" is not a registered plugin (app/plugins.ts), so it may import no other plugin`);
    else if (!deps.includes(q)) bad(`"${q}" is not in the dependsOn of "${p}" [${deps.join(', ')}]`);
    if (isScreenFile(inner) && !ref.typeOnly) {
      bad(`a screen imports another plugin's code: screens use \`import type\` only and reach the server through the API client`);
      continue;
    }
    const allowed = face === 'api' || (face === 'schemas' && ref.typeOnly && isScreenFile(inner)) || (face === 'test-support' && isTestFile(inner));
    if (!allowed) {
      const faces = ['api.ts', ...(isScreenFile(inner) ? ['schemas.ts (import type)'] : []), ...(isTestFile(inner) ? ['test-support.ts'] : [])];
      bad(`reaches into "${q}"'s internals (${to.inner}); allowed: ${faces.join(', ')}`);
    }
  }
  return out;
}

/** Every file under `dir` whose name passes `keep` (repository-relative paths, sorted), skipping node_modules. */
function filesUnder(root: string, dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      if (e.name === 'node_modules') continue;
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(child);
      else if (keep(e.name)) out.push(child);
    }
  };
  if (fs.existsSync(path.join(root, dir))) walk(dir);
  return out.sort();
}

/** Every .ts/.tsx file under `dir` (repository-relative paths), skipping node_modules. */
export function sourceFiles(root: string, dir: string): string[] {
  return filesUnder(root, dir, (name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'));
}

/** The violations in every file of plugins/, core/, ui/ and app/ under `root`. */
export function checkTree(root: string, dependsOn: ReadonlyMap<string, readonly string[]>): Violation[] {
  return CHECKED.flatMap((dir) => sourceFiles(root, dir)).flatMap((file) => checkFile(file, fs.readFileSync(path.join(root, file), 'utf8'), dependsOn));
}

/** A violation as one line: `file:line  'specifier'  reason`. */
export const violationText = (v: Violation) => `${v.file}:${v.line}  '${v.specifier}'  ${v.reason}`;

// ---- SQL boundaries -------------------------------------------------------------------------------
// Tables are named after their owner: `<plugin>_<table>` (the folder name with `-` as `_`), core's `core_`.
// A plugin <p> may name table T of plugin <q> in its SQL (a `.sql` file under plugins/<p>/, or a string or
// template literal of one of its non-test, non-screen .ts files) only when
//   1. <q> is in <p>'s `dependsOn`, and
//   2. T is in <q>'s `publicTables` (read-only unless <q>'s api.ts says otherwise);
// or when T is one of <q>'s `seams` and the use is in <p>'s migrations (a view <q> creates empty and the
// plugin holding the data replaces, so <q> reads it without depending on that plugin).
// core_ tables are open to every plugin; core/ names no plugin's table. Triggers and views a plugin's
// migrations create count as that plugin's use.

/** What the SQL check needs to know about the app: the manifests' declarations and every table's owner. */
export interface SqlRules {
  dependsOn: ReadonlyMap<string, readonly string[]>;
  publicTables: ReadonlyMap<string, readonly string[]>;
  seams: ReadonlyMap<string, readonly string[]>;
  /** Every table, view and virtual table the migrations create: name -> owner (plugin name, or 'core'). */
  tables: ReadonlyMap<string, string>;
}

/** One piece of SQL-looking text in a file and the line it starts on. */
interface SqlText {
  text: string;
  line: number;
}

/** SQL without its comments (each replaced by blanks, so line numbers hold). */
export function withoutSqlComments(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'|--[^\n]*|\/\*[\s\S]*?\*\//g, (m) => (m.startsWith("'") ? m : m.replace(/[^\n]/g, ' ')));
}

/** The names a migration creates: tables, views, virtual tables, and tables renamed into place. */
export function tablesCreatedBy(sql: string): string[] {
  const text = withoutSqlComments(sql);
  const out: string[] = [];
  for (const m of text.matchAll(/\bCREATE\s+(?:TEMP(?:ORARY)?\s+)?(?:VIRTUAL\s+)?(?:TABLE|VIEW)\s+(?:IF\s+NOT\s+EXISTS\s+)?["`[]?(\w+)/gi))
    out.push(m[1].toLowerCase());
  for (const m of text.matchAll(/\bALTER\s+TABLE\s+["`[]?\w+["`\]]?\s+RENAME\s+TO\s+["`[]?(\w+)/gi)) out.push(m[1].toLowerCase());
  return out;
}

/** The plugin a table's name says owns it (the longest matching `<plugin>_` prefix), 'core', or undefined. */
export function ownerByName(table: string, plugins: Iterable<string>): string | undefined {
  if (table.startsWith('core_')) return 'core';
  let best: string | undefined;
  for (const p of plugins) {
    const prefix = p.replace(/-/g, '_');
    if ((table === prefix || table.startsWith(`${prefix}_`)) && (!best || prefix.length > best.length)) best = p;
  }
  return best;
}

/** The SQL texts of a file: all of a `.sql` file; every string and template literal of a .ts file. */
export function sqlTextsOf(fileName: string, source: string): SqlText[] {
  if (fileName.endsWith('.sql')) return [{ text: withoutSqlComments(source), line: 1 }];
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: SqlText[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      out.push({ text: node.text, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The table names a piece of SQL uses, each with its line. */
function tablesUsed(texts: SqlText[], tables: ReadonlyMap<string, string>): { table: string; line: number }[] {
  const out: { table: string; line: number }[] = [];
  for (const { text, line } of texts) {
    text.split('\n').forEach((row, i) => {
      for (const m of row.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
        if (m[0] === m[0].toUpperCase()) continue; // an enumerated value ('STOCK_TAKE') or a keyword, never a table here
        const name = m[0].toLowerCase();
        if (tables.has(name)) out.push({ table: name, line: line + i });
      }
    });
  }
  return out;
}

/** The SQL violations in one file (repository-relative path). */
export function checkSqlFile(file: string, source: string, rules: SqlRules): Violation[] {
  const from = placeOf(file);
  const isSqlFile = file.endsWith('.sql');
  if (from.area === 'core') {
    if (isTestFile(file)) return [];
    const out: Violation[] = [];
    for (const use of tablesUsed(sqlTextsOf(file, source), rules.tables)) {
      const q = rules.tables.get(use.table)!;
      if (q !== 'core')
        out.push({ file, line: use.line, specifier: use.table, reason: `core/ uses plugin "${q}"'s table: dependencies run one way (core <- plugins)` });
    }
    return out;
  }
  if (from.area !== 'plugins' || !from.plugin) return [];
  if (!isSqlFile && (isTestFile(from.inner!) || isScreenFile(from.inner!))) return [];
  const p = from.plugin;
  const inMigration = isSqlFile && from.inner!.startsWith('migrations/');
  const out: Violation[] = [];
  const seen = new Set<string>();
  for (const use of tablesUsed(sqlTextsOf(file, source), rules.tables)) {
    const q = rules.tables.get(use.table)!;
    if (q === p || q === 'core') continue;
    if (inMigration && rules.seams.get(q)?.includes(use.table)) continue;
    const key = `${use.line}:${use.table}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const bad = (reason: string) => out.push({ file, line: use.line, specifier: use.table, reason });
    const deps = rules.dependsOn.get(p);
    if (!deps) bad(`"${p}" is not a registered plugin (plugins/index.ts), so it may use no other plugin's table`);
    else if (!deps.includes(q)) bad(`uses "${q}"'s table, but "${q}" is not in the dependsOn of "${p}" [${deps.join(', ')}]`);
    else if (!rules.publicTables.get(q)?.includes(use.table))
      bad(`"${use.table}" is not in the publicTables of "${q}" [${(rules.publicTables.get(q) ?? []).join(', ')}]`);
  }
  return out;
}

/** Every migration's tables (core/migrations, plugins/<p>/migrations), each with its owner by name. */
export function tablesOfTree(root: string, plugins: readonly string[]): { tables: Map<string, string>; created: { file: string; table: string }[] } {
  const created: { file: string; table: string }[] = [];
  const dirs = ['core/migrations', ...plugins.map((p) => `plugins/${p}/migrations`)];
  for (const dir of dirs) {
    if (!fs.existsSync(path.join(root, dir))) continue;
    for (const f of fs
      .readdirSync(path.join(root, dir))
      .filter((n) => n.endsWith('.sql'))
      .sort()) {
      const file = `${dir}/${f}`;
      for (const table of tablesCreatedBy(fs.readFileSync(path.join(root, file), 'utf8'))) created.push({ file, table });
    }
  }
  const tables = new Map<string, string>();
  for (const c of created) {
    const creator = placeOf(c.file).plugin ?? 'core';
    tables.set(c.table, ownerByName(c.table, plugins) ?? creator);
  }
  return { tables, created };
}

/** Every .sql file under `dir` (repository-relative). */
function sqlFiles(root: string, dir: string): string[] {
  return filesUnder(root, dir, (name) => name.endsWith('.sql'));
}

/** The SQL violations in every .sql and .ts file of plugins/ and core/ under `root`. */
export function checkSqlTree(root: string, rules: SqlRules): Violation[] {
  return ['plugins', 'core']
    .flatMap((dir) => [...sourceFiles(root, dir), ...sqlFiles(root, dir)])
    .flatMap((file) => checkSqlFile(file, fs.readFileSync(path.join(root, file), 'utf8'), rules));
}
