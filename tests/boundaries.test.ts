// Boundaries between plugins (rules: tests/boundaries.ts's header and its SQL part): imports and the tables
// SQL names. The whole tree must be clean, every registered plugin has its api.ts, and the checkers themselves
// are shown to catch each kind of bad import and each kind of table used across a line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { plugins } from '../app/plugins.js';
import {
  checkFile,
  checkSqlFile,
  checkSqlTree,
  checkTree,
  importsOf,
  ownerByName,
  tablesCreatedBy,
  tablesOfTree,
  violationText,
  type SqlRules,
} from './boundaries.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dependsOn = new Map(plugins.map((p) => [p.name, p.dependsOn ?? []]));

test('no file in plugins/, core/, ui/ or app/ crosses a boundary', () => {
  const violations = checkTree(ROOT, dependsOn);
  assert.is(violations.length, 0, `\n${violations.map(violationText).join('\n')}\n`);
});

test('every plugin folder is a registered plugin of the same name, with an api.ts', () => {
  const folders = fs
    .readdirSync(path.join(ROOT, 'plugins'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  assert.equal(folders, [...dependsOn.keys()].sort());
  for (const f of folders) assert.ok(fs.existsSync(path.join(ROOT, 'plugins', f, 'api.ts')), `plugins/${f}/api.ts`);
});

// The checker, on made-up files: the same dependsOn as the app's, so each case reads like real code.
const deps = new Map<string, string[]>([
  ['inventory', []],
  ['customers', []],
  ['sales', ['inventory', 'customers']],
  ['credit-notes', ['sales']],
  ['returns', ['credit-notes', 'sales', 'inventory']],
  ['reports', ['sales']],
]);
const reasons = (file: string, source: string) => checkFile(file, source, deps).map((v) => v.reason);
const fails = (file: string, source: string, why: RegExp) => {
  const r = reasons(file, source);
  assert.ok(
    r.some((x) => why.test(x)),
    `${file}: ${source}\nexpected ${why}, got ${JSON.stringify(r)}`,
  );
};
const passes = (file: string, source: string) => assert.equal(reasons(file, source), [], `${file}: ${source}`);

test("checker: another plugin's internals are refused, its api.ts is not", () => {
  fails('plugins/returns/routes.ts', "import { creditNotesRepo } from '../credit-notes/repo.js';", /internals \(repo\.js\)/);
  fails('plugins/returns/actions/create-return.ts', "import { issueCreditNote } from '../../credit-notes/actions/issue-credit-note.js';", /internals/);
  fails('plugins/credit-notes/pdf/credit-note-pdf.ts', "import { LEFT } from '../../sales/pdf/layout.js';", /internals/);
  fails('plugins/returns/schemas.ts', "export { CreditNote } from '../credit-notes/schemas.js';", /internals/);
  fails('plugins/returns/repo.ts', "import type { InvoiceRow } from '../sales/repo.js';", /internals/); // types too
  fails('plugins/sales/seed-demo.ts', "const { moveStock } = await import('../inventory/stock.js');", /internals/);
  fails('plugins/sales/x.ts', "type R = typeof import('../inventory/stock.js');", /internals/);
  passes(
    'plugins/returns/actions/create-return.ts',
    "import { issueCreditNote } from '../../credit-notes/api.js';\nimport { moveStock } from '../../inventory/api.js';",
  );
  passes('plugins/returns/routes.ts', "import { returnsRepo } from './repo.js';\nimport { x } from '../../core/db.js';\nimport Fastify from 'fastify';");
  passes('plugins/returns/routes.ts', "// import { creditNotesRepo } from '../credit-notes/repo.js';\nconst s = \"from '../credit-notes/repo.js'\";");
});

test('checker: a plugin not in dependsOn is refused, even through its api.ts, in tests as well', () => {
  fails('plugins/reports/reports.test.ts', "const { createReturn } = await import('../returns/api.js');", /"returns" is not in the dependsOn of "reports"/);
  fails(
    'plugins/reports/reports.test.ts',
    "import { createManualCreditNote } from '../credit-notes/actions/create-manual-credit-note.js';",
    /not in the dependsOn/,
  );
  fails('plugins/sales/void.test.ts', "import { returnsVoidCheck } from '../returns/void-check.js';", /not in the dependsOn of "sales"/);
  fails('plugins/inventory/stock.ts', "import { salesRepo } from '../sales/api.js';", /not in the dependsOn/); // the wrong way round
  passes('plugins/reports/reports.test.ts', "import { checkout, type CheckoutBody } from '../sales/api.js';");
});

test('checker: test-support.ts only from tests, schemas.ts only type-only from screens, no registry', () => {
  passes('plugins/returns/returns.test.ts', "import { sell } from '../credit-notes/test-support.js';");
  fails('plugins/returns/routes.ts', "import { sell } from '../credit-notes/test-support.js';", /internals/);
  fails('plugins/reports/reports.test.ts', "import { pdfText } from '../credit-notes/test-support.js';", /not in the dependsOn/);
  passes(
    'plugins/sales/screen/types.ts',
    "import type { Product } from '../../inventory/schemas.js';\nexport type { Customer } from '../../customers/schemas.js';",
  );
  passes('plugins/sales/screen/types.ts', "import { type Product, type Facets } from '../../inventory/schemas.js';");
  fails('plugins/sales/screen/pos.tsx', "import { Product } from '../../inventory/schemas.js';", /screens use `import type` only/);
  fails('plugins/sales/screen/pos.tsx', "import { moveStock } from '../../inventory/api.js';", /screens use `import type` only/);
  fails('plugins/sales/routes.ts', "import type { Product } from '../inventory/schemas.js';", /internals/);
  fails('plugins/sales/void.test.ts', "import { plugins } from '../index.js';", /registry/); // the old place of the list
  fails('plugins/sales/void.test.ts', "import inventory from '../inventory/index.js';", /internals \(index\.js\)/);
});

test('checker: core and the UI shell import nothing from plugins/ or app/, not even types', () => {
  fails('core/app.ts', "import { salesRepo } from '../plugins/sales/api.js';", /dependencies run one way/);
  fails('ui/components/table.tsx', "import type { Product } from '../../plugins/inventory/schemas.js';", /dependencies run one way/);
  fails('ui/components/badge.tsx', "import { type LowStock } from '../../plugins/reports/schemas.js';", /dependencies run one way/);
  // The old exceptions are gone: the entries moved to app/, core and ui take the lists as arguments.
  fails('core/main.ts', "import { plugins } from '../plugins/index.js';", /registry/);
  fails('ui/main.tsx', "import { screens } from '../plugins/screens.js';", /registry/);
  fails('core/offload/worker-entry.ts', "import { workerTasks } from '../../plugins/worker-tasks.js';", /registry/);
  fails('core/offload/worker-entry.ts', "import reports from '../../plugins/reports/worker.js';", /dependencies run one way/);
  fails('core/start.ts', "import { plugins } from '../app/plugins.js';", /core\/ imports app\//);
  fails('core/offload/run.ts', "import { setAppWorkers } from '../../app/worker-location.js';", /core\/ imports app\//);
  fails('ui/start.tsx', "import type { ScreenDef } from '../app/screens.js';", /ui\/ imports app\//);
  fails('core/offload/pool.ts', "const t = await import('../../app/worker-tasks.js');", /composition root/);
});

test('checker: only app/ (and tests, tools, bench) imports the lists; app names plugins by their manifests', () => {
  passes('app/plugins.ts', "import sales from '../plugins/sales/index.js';\nimport type { KedaiPlugin } from '../core/plugin.js';");
  passes('app/screens.ts', "import { screens as salesScreens } from '../plugins/sales/screen/index.js';");
  passes('app/worker-tasks.ts', "import reports from '../plugins/reports/worker.js';");
  passes('app/server.ts', "import { runKedai } from '../core/start.js';\nimport { plugins } from './plugins.js';");
  passes('app/browser.tsx', "import { startUi } from '../ui/start.js';\nimport { screens, slots } from './screens.js';");
  fails('app/server.ts', "import { salesRepo } from '../plugins/sales/repo.js';", /only by its manifests/);
  fails('app/screens.ts', "import { Pos } from '../plugins/sales/screen/pos.js';", /only by its manifests/);
  fails('plugins/sales/routes.ts', "import { workerTasks } from '../../app/worker-tasks.js';", /registry/);
  fails('plugins/sales/void.test.ts', "import { plugins } from '../../app/plugins.js';", /registry/);
  fails('plugins/sales/screen/pos.tsx', "import type { ScreenDef } from '../../../app/screens.js';", /registry/);
  passes(
    'tests/reports-returns.test.ts',
    "import { plugins } from '../app/plugins.js';\nimport { createReturn } from '../plugins/returns/actions/create-return.js';",
  );
  passes('tools/import-cycles.ts', "import { screens } from '../app/screens.js';");
  passes('bench/checkout.ts', "import { plugins } from '../app/plugins.js';");
});

test('checker: a violation planted in a copy of the tree is found', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-boundaries-'));
  try {
    const put = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(tmp, file)), { recursive: true });
      fs.writeFileSync(path.join(tmp, file), text);
    };
    put('app/plugins.ts', "import sales from '../plugins/sales/index.js';\nexport const plugins = [sales];\n");
    put('plugins/sales/index.ts', 'export default { name: "sales" };\n');
    put('core/start.ts', 'export function runKedai(plugins: unknown[]) { return plugins; }\n');
    assert.equal(checkTree(tmp, new Map([['sales', []]])), []);
    put('core/offload/worker-entry.ts', "import { plugins } from '../../app/plugins.js';\nvoid plugins;\n");
    put('ui/start.tsx', "import type { Sale } from '../plugins/sales/schemas.js';\nexport type S = Sale;\n");
    const found = checkTree(tmp, new Map([['sales', []]])).map((v) => `${v.file}:${v.line}`);
    assert.equal(found, ['core/offload/worker-entry.ts:1', 'ui/start.tsx:1']);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test('checker: importsOf tells type-only imports from value imports', () => {
  const refs = importsOf(
    'x.ts',
    `import type { A } from './a.js';
import { type B, type C } from './b.js';
import { type D, E } from './d.js';
import F, { type G } from './f.js';
export type { H } from './h.js';
export * from './i.js';
import './j.js';
const k = await import('./k.js');`,
  );
  assert.equal(
    refs.map((r) => [r.specifier, r.typeOnly, r.line]),
    [
      ['./a.js', true, 1],
      ['./b.js', true, 2],
      ['./d.js', false, 3],
      ['./f.js', false, 4],
      ['./h.js', true, 5],
      ['./i.js', false, 6],
      ['./j.js', false, 7],
      ['./k.js', false, 8],
    ],
  );
});

// ---- SQL ----------------------------------------------------------------------------------------------
const names = plugins.map((p) => p.name);
const tree = tablesOfTree(ROOT, names);
const appRules: SqlRules = {
  dependsOn,
  publicTables: new Map(plugins.map((p) => [p.name, p.publicTables ?? []])),
  seams: new Map(plugins.map((p) => [p.name, p.seams ?? []])),
  tables: tree.tables,
};

test('no SQL in plugins/ or core/ names a table across a plugin line it may not cross', () => {
  const violations = checkSqlTree(ROOT, appRules);
  assert.is(violations.length, 0, `\n${violations.map(violationText).join('\n')}\n`);
});

test("a plugin's migrations create only its own tables, or fill a seam its owner declares", () => {
  const wrong = tree.created.filter((c) => {
    const creator = c.file.startsWith('core/') ? 'core' : c.file.split('/')[1];
    const owner = ownerByName(c.table, names);
    return owner !== creator && !(owner && appRules.seams.get(owner)?.includes(c.table));
  });
  assert.equal(wrong, []);
  assert.ok(tree.tables.size > 40, `only ${tree.tables.size} tables found`);
});

test('publicTables and seams name tables their plugin owns', () => {
  for (const p of plugins) {
    for (const t of [...(p.publicTables ?? []), ...(p.seams ?? [])]) assert.is(tree.tables.get(t), p.name, `${p.name}: ${t}`);
  }
});

// The SQL checker on made-up files, with rules shaped like the app's.
const rules: SqlRules = {
  dependsOn: deps,
  publicTables: new Map([
    ['inventory', ['inventory_product']],
    ['customers', ['customers_customer']],
    ['sales', ['sales_invoice', 'sales_invoice_line']],
    ['credit-notes', ['credit_notes_note']],
  ]),
  seams: new Map([['reports', ['reports_credit_note']]]),
  tables: new Map([
    ['core_user', 'core'],
    ['inventory_product', 'inventory'],
    ['inventory_stock_movement', 'inventory'],
    ['customers_customer', 'customers'],
    ['sales_invoice', 'sales'],
    ['sales_invoice_line', 'sales'],
    ['sales_payment', 'sales'],
    ['sales_customer_payment', 'sales'],
    ['credit_notes_note', 'credit-notes'],
    ['credit_notes_line', 'credit-notes'],
    ['returns_return', 'returns'],
    ['reports_credit_note', 'reports'],
    ['reports_day_sales', 'reports'],
    ['stock_take', 'stock-take'],
  ]),
};
const sqlReasons = (file: string, source: string) => checkSqlFile(file, source, rules).map((v) => `${v.specifier}: ${v.reason}`);
const sqlFails = (file: string, source: string, why: RegExp) => {
  const r = sqlReasons(file, source);
  assert.ok(
    r.some((x) => why.test(x)),
    `${file}: ${source}\nexpected ${why}, got ${JSON.stringify(r)}`,
  );
};
const sqlPasses = (file: string, source: string) => assert.equal(sqlReasons(file, source), [], `${file}: ${source}`);

test("SQL checker: a .sql file may name another plugin's table only if it depends on it and the table is public", () => {
  sqlFails(
    'plugins/credit-notes/migrations/009-x.sql',
    'CREATE TABLE credit_notes_x (customer_id INTEGER REFERENCES customers_customer (id));',
    /customers_customer: uses "customers"'s table, but "customers" is not in the dependsOn of "credit-notes"/,
  );
  sqlFails(
    'plugins/returns/migrations/009-x.sql',
    'ALTER TABLE returns_return ADD COLUMN payment_id INTEGER REFERENCES sales_payment (id);',
    /sales_payment: "sales_payment" is not in the publicTables of "sales"/,
  );
  // A trigger or view is the plugin's own use of the tables it reads.
  sqlFails(
    'plugins/reports/migrations/009-x.sql',
    'CREATE TRIGGER reports_cp AFTER INSERT ON sales_customer_payment BEGIN\n  SELECT 1;\nEND;',
    /sales_customer_payment: .*not in the publicTables/,
  );
  sqlFails(
    'plugins/inventory/migrations/009-x.sql',
    'CREATE VIEW inventory_sold AS SELECT product_id FROM sales_invoice_line;',
    /not in the dependsOn of "inventory"/,
  );
  sqlPasses(
    'plugins/returns/migrations/009-x.sql',
    `-- joins sales_payment later
CREATE TABLE returns_x (line_id INTEGER REFERENCES sales_invoice_line (id), product_id INTEGER REFERENCES inventory_product (id),
  note_id INTEGER REFERENCES credit_notes_note (id), by INTEGER REFERENCES core_user (id), reason TEXT CHECK (reason IN ('STOCK_TAKE')));
/* sales_customer_payment is not named here */`,
  );
});

test("SQL checker: string and template literals of a plugin's .ts files, not its comments, tests or screens", () => {
  sqlFails(
    'plugins/returns/repo.ts',
    "const s = db.prepare('SELECT * FROM returns_return r JOIN sales_payment p ON p.invoice_id = r.invoice_id');",
    /sales_payment: .*not in the publicTables of "sales"/,
  );
  sqlFails(
    'plugins/returns/repo.ts',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, checked as written
    'const s = (w: string) => db.prepare(`SELECT ${cols} FROM returns_return r\n  JOIN sales_customer_payment c ON ${w}`);',
    /sales_customer_payment: .*not in the publicTables/,
  );
  sqlFails(
    'plugins/reports/repo.ts',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, checked as written
    'const q = `SELECT count(*) FROM ${t} WHERE x IN (SELECT id FROM credit_notes_note)`;',
    /not in the dependsOn of "reports"/,
  );
  sqlFails('plugins/sales/seed-demo.ts', 'db.prepare("SELECT id FROM inventory_stock_movement").all();', /not in the publicTables of "inventory"/);
  sqlFails('plugins/inventory/stock.ts', "db.prepare('SELECT 1 FROM stock_take WHERE id = ?');", /"stock-take" is not in the dependsOn of "inventory"/);
  sqlPasses(
    'plugins/returns/repo.ts',
    '// FROM sales_payment\nconst s = db.prepare(`SELECT * FROM returns_return r JOIN sales_invoice i ON i.id = r.invoice_id\n  JOIN core_user u ON u.id = r.created_by`);',
  );
  sqlPasses('plugins/inventory/stock.ts', "const REASONS = new Set(['INITIAL', 'STOCK_TAKE']);");
  sqlPasses('plugins/returns/returns.test.ts', "db.prepare('SELECT * FROM sales_payment').all();");
  sqlPasses('plugins/sales/screen/pos.tsx', "const label = 'sales_payment';");
});

test("SQL checker: seams are filled by migrations only; core names no plugin's table", () => {
  sqlPasses(
    'plugins/credit-notes/migrations/009-x.sql',
    'DROP VIEW IF EXISTS reports_credit_note;\nCREATE VIEW reports_credit_note AS SELECT number FROM credit_notes_note;',
  );
  sqlFails('plugins/credit-notes/repo.ts', "db.prepare('SELECT * FROM reports_credit_note');", /not in the dependsOn of "credit-notes"/);
  sqlFails('plugins/credit-notes/migrations/009-x.sql', 'CREATE VIEW credit_notes_sales AS SELECT * FROM reports_day_sales;', /not in the dependsOn/);
  sqlFails('core/backup.ts', "db.prepare('SELECT count(*) FROM sales_invoice');", /core\/ uses plugin "sales"'s table/);
  sqlPasses('core/auth/users.ts', "db.prepare('SELECT * FROM core_user WHERE id = ?');");
});

test('SQL checker: tables a migration creates, and whose they are', () => {
  assert.equal(
    tablesCreatedBy(`-- CREATE TABLE not_this (x);
CREATE TABLE stock_take_new (id INTEGER);
CREATE VIEW IF NOT EXISTS reports_return (a) AS SELECT 1 WHERE 0;
create virtual table inventory_product_fts using fts5 (name);
CREATE TEMP TABLE "sales_tmp" (x);
ALTER TABLE stock_take_new RENAME TO stock_take;
CREATE INDEX stock_take_x ON stock_take (id);
CREATE TRIGGER reports_t AFTER INSERT ON sales_invoice BEGIN SELECT 1; END;`),
    ['stock_take_new', 'reports_return', 'inventory_product_fts', 'sales_tmp', 'stock_take'],
  );
  assert.is(ownerByName('stock_take_line', names), 'stock-take');
  assert.is(ownerByName('stock_take', names), 'stock-take');
  assert.is(ownerByName('credit_notes_note', names), 'credit-notes');
  assert.is(ownerByName('core_user', names), 'core');
  assert.is(ownerByName('schema_migrations', names), undefined);
});

test.run();
