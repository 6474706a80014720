// The one test command: makes sure the machine has what the selected tests need (setup.ts: Chromium and
// the DejaVu fonts, installed from Debian once when it can), runs every *.test.ts in its own process
// (2 at a time; browser journeys, reliability runs and the executable's tests last, one at a time), sums uvu's counts and ends with the line
// "N passed, N failed".
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureSetup } from './setup.js';

const ROOTS = ['app', 'core', 'plugins', 'ui', 'tests', 'tools'];
const SKIP = new Set(['node_modules', '.git', 'screenshots']);
const TIMEOUT_MS = 10 * 60 * 1000;

function findTests(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (SKIP.has(entry.name)) continue;
    if (entry.isDirectory()) findTests(full, out);
    else if (entry.name.endsWith('.test.ts') || entry.name.endsWith('.test.tsx')) out.push(full);
  }
  return out;
}

interface Result {
  file: string;
  passed: number;
  failed: number;
  skipped: number;
  output: string;
  ms: number;
}

function runFile(file: string): Promise<Result> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', './core/dev/register.mjs', '--import', 'tsx', file], {
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', KEDAI_TEST: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      output += `\n[timed out after ${TIMEOUT_MS / 1000}s]`;
      child.kill('SIGKILL');
    }, TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the ANSI colour codes (ESC [ ... m) uvu prints
      const clean = output.replace(/\x1b\[[0-9;]*m/g, '');
      const total = Number(/Total:\s+(\d+)/.exec(clean)?.[1] ?? NaN);
      const passed = Number(/Passed:\s+(\d+)/.exec(clean)?.[1] ?? NaN);
      const skipped = Number(/Skipped:\s+(\d+)/.exec(clean)?.[1] ?? 0);
      const ms = Date.now() - started;
      if (Number.isNaN(total) || Number.isNaN(passed)) {
        // The file crashed before uvu reported: count it as one failure.
        resolve({ file, passed: 0, failed: 1, skipped: 0, output: `${clean}\n[exit code ${code}]`, ms });
      } else {
        const failed = total - passed + (code !== 0 && total === passed ? 1 : 0);
        resolve({ file, passed, failed, skipped, output: clean, ms });
      }
    });
  });
}

async function pool<T, R>(items: T[], size: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]);
      }
    }),
  );
  return results;
}

function report(r: Result) {
  const status = r.failed ? 'FAIL' : 'ok  ';
  console.log(`${status} ${r.file}  (${r.passed} passed, ${r.failed} failed, ${(r.ms / 1000).toFixed(1)}s)`);
  if (r.failed)
    console.log(
      r.output
        .split('\n')
        .map((l) => `     ${l}`)
        .join('\n'),
    );
}

async function main() {
  const filter = process.argv.slice(2);
  let files = ROOTS.flatMap((r) => findTests(r)).sort();
  if (filter.length) files = files.filter((f) => filter.some((x) => f.includes(x)));
  // Browser journeys and reliability runs go last, one at a time; so do the executable's tests, which all build
  // into the same dist/.sea folder.
  const isAlone = (f: string) => ['e2e', 'reliability', 'dist'].some((d) => f.includes(`tests${path.sep}${d}${path.sep}`));
  const setup = ensureSetup(files);
  const notRun: Result[] = [...setup.notRun].map(([file, why]) => ({ file, passed: 0, failed: 1, skipped: 0, output: why, ms: 0 }));
  for (const r of notRun) console.log(`FAIL ${r.file}  (${r.output})`);
  files = files.filter((f) => !setup.notRun.has(f));
  const results: Result[] = [...notRun];
  const parallel = Math.max(1, Math.min(2, os.availableParallelism?.() ?? 2));
  results.push(
    ...(await pool(
      files.filter((f) => !isAlone(f)),
      parallel,
      async (f) => {
        const r = await runFile(f);
        report(r);
        return r;
      },
    )),
  );
  results.push(
    ...(await pool(files.filter(isAlone), 1, async (f) => {
      const r = await runFile(f);
      report(r);
      return r;
    })),
  );
  const passed = results.reduce((s, r) => s + r.passed, 0);
  const failed = results.reduce((s, r) => s + r.failed, 0);
  const skipped = results.reduce((s, r) => s + r.skipped, 0);
  if (setup.message) console.log(`\n${setup.message}`);
  console.log(`\n${results.length} test files${skipped ? `, ${skipped} skipped` : ''}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

void main();
