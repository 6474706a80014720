// The test command's set-up decision (tests/setup.ts), with a pretend machine: nothing is installed here.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ensureSetup, installCommand, needsOf, planSetup, type Machine, type SetupDeps } from './setup.js';

const bare: Machine = { chromium: false, fonts: false, root: true, apt: true, installAllowed: true };
const ready: Machine = { ...bare, chromium: true, fonts: true };

const E2E = 'tests/e2e/sales.test.ts';
const PDF = 'plugins/sales/pdf.test.ts';
const READS_PDF = 'plugins/credit-notes/credit-notes.test.ts';
const PLAIN = 'core/money.test.ts';
const sources: Record<string, string> = {
  [E2E]: "import { openBrowser } from './harness.js';",
  [PDF]: 'const { text } = await pdfText(r.raw);',
  [READS_PDF]: 'assert.match((await pdfText(bytes)).text, /CN-/);',
  [PLAIN]: "assert.is(formatMoney(1999), '$19.99');",
};

/** A pretend machine: `after` is what it has once install() ran; everything said is kept in `lines`. */
function fake(before: Machine, after: Machine = before, installOk = true) {
  let installed = false;
  const calls: string[][] = [];
  const lines: string[] = [];
  const deps: SetupDeps = {
    probe: () => (installed ? after : before),
    install: (packages) => {
      calls.push(packages);
      installed = true;
      return installOk;
    },
    log: (line) => lines.push(line),
    read: (file) => sources[file] ?? '',
  };
  return { deps, calls, lines };
}

test('needs: browser journeys need Chromium and fonts; PDF tests need fonts; the rest nothing', () => {
  assert.equal(needsOf(E2E, sources[E2E]), { chromium: true, fonts: true });
  assert.equal(needsOf('tests/reliability/tills.test.ts', "import { request } from 'node:http';"), { chromium: false, fonts: false }, 'raw HTTP, no browser');
  assert.equal(needsOf('tools/x.test.ts', "import { chromium } from 'playwright-core';"), { chromium: true, fonts: true });
  assert.equal(needsOf(PDF, sources[PDF]), { chromium: false, fonts: true });
  assert.equal(needsOf(READS_PDF, sources[READS_PDF]), { chromium: false, fonts: true });
  assert.equal(needsOf(PLAIN, sources[PLAIN]), { chromium: false, fonts: false });
});

test('plan: nothing missing is ready; root with apt installs; otherwise the exact command', () => {
  const all = { chromium: true, fonts: true };
  assert.equal(planSetup(all, ready), { kind: 'ready' });
  assert.equal(planSetup({ chromium: false, fonts: false }, bare), { kind: 'ready' }, 'a run that needs nothing never installs');
  assert.equal(planSetup(all, bare), {
    kind: 'install',
    packages: ['chromium', 'fonts-dejavu-core'],
    missing: ['Chromium (/usr/bin/chromium)', 'the DejaVu fonts'],
  });
  assert.equal(planSetup(all, { ...bare, fonts: true }), { kind: 'install', packages: ['chromium'], missing: ['Chromium (/usr/bin/chromium)'] });

  const notRoot = planSetup(all, { ...bare, root: false });
  assert.is(notRoot.kind, 'missing');
  assert.is(notRoot.kind === 'missing' && notRoot.command, "sudo sh -c 'apt-get update && apt-get install -y chromium fonts-dejavu-core'");
  const noApt = planSetup({ chromium: false, fonts: true }, { ...bare, apt: false });
  assert.is(noApt.kind === 'missing' && noApt.command, 'apt-get update && apt-get install -y fonts-dejavu-core');
  assert.is(planSetup(all, { ...bare, installAllowed: false }).kind, 'missing', 'KEDAI_TEST_INSTALL=0 never installs');
  assert.is(installCommand(['chromium'], true), 'apt-get update && apt-get install -y chromium');
});

test('ensureSetup installs once, says so, and then runs everything', () => {
  const m = fake(bare, ready);
  const r = ensureSetup([PLAIN, PDF, E2E, 'tests/e2e/shell.test.ts'], m.deps);
  assert.equal(m.calls, [['chromium', 'fonts-dejavu-core']], 'one install for all files');
  assert.match(m.lines[0], /^Installing chromium fonts-dejavu-core from Debian/);
  assert.is(m.lines[1], 'Installed.');
  assert.is(r.notRun.size, 0);
  assert.is(r.message, null);
});

test('ensureSetup on a ready machine, or for tests that need nothing, installs nothing and says nothing', () => {
  const m = fake(ready);
  assert.equal(ensureSetup([E2E, PDF], m.deps), { notRun: new Map(), message: null });
  const n = fake({ ...bare, root: false });
  assert.equal(ensureSetup([PLAIN], n.deps), { notRun: new Map(), message: null });
  assert.equal([...m.calls, ...n.calls, ...m.lines, ...n.lines], []);
});

test('ensureSetup without root: the files that need what is missing do not run; one message with the command', () => {
  const m = fake({ ...bare, root: false, fonts: true });
  const r = ensureSetup([PLAIN, PDF, E2E], m.deps);
  assert.equal(m.calls, []);
  assert.equal([...r.notRun], [[E2E, 'not run: needs Chromium']], 'the PDF test runs: the fonts are there');
  assert.is(
    r.message,
    [
      '1 test file did not run: this machine lacks Chromium (/usr/bin/chromium).',
      'Install with (Debian/Ubuntu):',
      "  sudo sh -c 'apt-get update && apt-get install -y chromium'",
      'then run npm test again.',
    ].join('\n'),
  );
  assert.equal(m.lines, [], 'nothing printed before the totals');
});

test('ensureSetup when the install does not help: says it failed, the files do not run', () => {
  const m = fake(bare, { ...bare, fonts: true }, false);
  const r = ensureSetup([PDF, E2E], m.deps);
  assert.is(m.calls.length, 1, 'never tries twice');
  assert.is(m.lines[1], 'Installing failed.');
  assert.equal([...r.notRun.keys()], [E2E]);
  assert.match(r.message!, /lacks Chromium \(\/usr\/bin\/chromium\) \(installing them failed\)/);
  assert.match(r.message!, /^ {2}apt-get update && apt-get install -y chromium$/m);
});

test.run();
