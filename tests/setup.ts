// What a test run needs from the machine beyond node_modules, and getting it, as .ci/run does: browser
// journeys need Chromium at /usr/bin/chromium, and they and the PDF tests need the DejaVu fonts. When
// something is missing and the run may install from Debian (root, apt-get), it installs once, saying so;
// otherwise the tests that need it are not run, and the run says once what is missing and the exact command.
// The decision (planSetup) is pure; ensureSetup takes the machine and the commands as arguments, so the
// unit test (setup.test.ts) checks every branch without installing anything.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Where Debian's fonts-dejavu-core puts the fonts (fc-list is asked too, when present). */
export const DEJAVU_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
/** Set KEDAI_TEST_INSTALL=0 to never install, only print the command. */
export const NO_INSTALL_ENV = 'KEDAI_TEST_INSTALL';

/** What the selected test files need. */
export interface Needs {
  chromium: boolean;
  fonts: boolean;
}

/** What the machine has, and whether the run may install from Debian. */
export interface Machine {
  chromium: boolean;
  fonts: boolean;
  /** Running as root (apt-get needs it). */
  root: boolean;
  /** apt-get is on this machine. */
  apt: boolean;
  /** Not switched off with KEDAI_TEST_INSTALL=0. */
  installAllowed: boolean;
}

interface Missing {
  what: string;
  pkg: string;
  need: keyof Needs;
}

export type Plan =
  | { kind: 'ready' }
  | { kind: 'install'; packages: string[]; missing: string[] }
  | { kind: 'missing'; packages: string[]; missing: string[]; command: string; needs: (keyof Needs)[] };

/** The browser journeys (tests/e2e, or anything driving playwright); tests/reliability talks raw HTTP only. */
const isBrowserTest = (file: string, source: string) => /(^|[\\/])tests[\\/]e2e[\\/]/.test(file) || /from 'playwright-core'/.test(source);

/** Chromium for browser journeys; the fonts for them and for any test that reads a PDF back. */
export function needsOf(file: string, source: string): Needs {
  const browser = isBrowserTest(file, source);
  const pdf = /pdf/i.test(path.basename(file)) || /\bpdfText\(/.test(source);
  return { chromium: browser, fonts: browser || pdf };
}

/** Whether one test file can run on this machine as it is. */
export function canRun(needs: Needs, machine: Pick<Machine, 'chromium' | 'fonts'>): boolean {
  return (!needs.chromium || machine.chromium) && (!needs.fonts || machine.fonts);
}

/** The Debian command that installs the packages (with sudo when not root). */
export function installCommand(packages: string[], root: boolean): string {
  const install = `apt-get update && apt-get install -y ${packages.join(' ')}`;
  return root ? install : `sudo sh -c '${install}'`;
}

/** What to do for the needs of a run on a machine: nothing, install, or tell the user. */
export function planSetup(needs: Needs, machine: Machine): Plan {
  const missing: Missing[] = [];
  if (needs.chromium && !machine.chromium) missing.push({ what: `Chromium (${CHROMIUM_PATH})`, pkg: 'chromium', need: 'chromium' });
  if (needs.fonts && !machine.fonts) missing.push({ what: 'the DejaVu fonts', pkg: 'fonts-dejavu-core', need: 'fonts' });
  if (missing.length === 0) return { kind: 'ready' };
  const packages = missing.map((m) => m.pkg);
  const whats = missing.map((m) => m.what);
  if (machine.root && machine.apt && machine.installAllowed) return { kind: 'install', packages, missing: whats };
  return { kind: 'missing', packages, missing: whats, command: installCommand(packages, machine.root), needs: missing.map((m) => m.need) };
}

/** The message printed once when tests could not run. */
export function missingMessage(plan: Extract<Plan, { kind: 'missing' }>, notRun: number, installFailed = false): string {
  return [
    `${notRun} test file${notRun === 1 ? '' : 's'} did not run: this machine lacks ${plan.missing.join(' and ')}${installFailed ? ' (installing them failed)' : ''}.`,
    'Install with (Debian/Ubuntu):',
    `  ${plan.command}`,
    'then run npm test again.',
  ].join('\n');
}

/** The machine as it is now. */
export function probeMachine(env: NodeJS.ProcessEnv = process.env): Machine {
  let fonts = fs.existsSync(DEJAVU_FILE);
  if (!fonts) {
    const r = spawnSync('fc-list', [], { encoding: 'utf8' });
    fonts = r.status === 0 && /dejavu/i.test(r.stdout);
  }
  return {
    chromium: fs.existsSync(CHROMIUM_PATH),
    fonts,
    root: process.getuid?.() === 0,
    apt: fs.existsSync('/usr/bin/apt-get'),
    installAllowed: env[NO_INSTALL_ENV] !== '0',
  };
}

/** Runs apt-get update and install; true when both succeeded. */
export function aptInstall(packages: string[]): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...packages],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (r.status !== 0) return false;
  }
  return true;
}

export interface SetupDeps {
  probe: () => Machine;
  install: (packages: string[]) => boolean;
  log: (line: string) => void;
  read: (file: string) => string;
}

export interface SetupResult {
  /** Files that cannot run on this machine (each counts as one failure). */
  notRun: Map<string, string>;
  /** Printed once, just before the totals, when files could not run. */
  message: string | null;
}

const defaultDeps: SetupDeps = {
  probe: () => probeMachine(),
  install: aptInstall,
  log: (line) => console.log(line),
  read: (file) => fs.readFileSync(file, 'utf8'),
};

/** Makes the machine ready for `files` (installing once when allowed); says which files cannot run and why. */
export function ensureSetup(files: string[], deps: SetupDeps = defaultDeps): SetupResult {
  const perFile = new Map(files.map((f) => [f, needsOf(f, deps.read(f))]));
  const needs: Needs = { chromium: false, fonts: false };
  for (const n of perFile.values()) {
    needs.chromium ||= n.chromium;
    needs.fonts ||= n.fonts;
  }
  let machine = deps.probe();
  let plan = planSetup(needs, machine);
  let installFailed = false;
  if (plan.kind === 'install') {
    deps.log(`Installing ${plan.packages.join(' ')} from Debian (the tests need ${plan.missing.join(' and ')}); this happens once...`);
    const ok = deps.install(plan.packages);
    machine = deps.probe();
    plan = planSetup(needs, { ...machine, installAllowed: false });
    installFailed = plan.kind !== 'ready';
    deps.log(installFailed ? 'Installing failed.' : 'Installed.');
    if (!ok && plan.kind === 'ready') deps.log('(apt-get reported an error, but everything needed is there now.)');
  }
  if (plan.kind !== 'missing') return { notRun: new Map(), message: null };
  const lacking = (n: Needs) => [...(n.chromium && !machine.chromium ? ['Chromium'] : []), ...(n.fonts && !machine.fonts ? ['the DejaVu fonts'] : [])];
  const notRun = new Map([...perFile].filter(([, n]) => !canRun(n, machine)).map(([f, n]) => [f, `not run: needs ${lacking(n).join(' and ')}`]));
  return { notRun, message: missingMessage(plan, notRun.size, installFailed) };
}
