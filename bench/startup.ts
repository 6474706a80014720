// Benchmark: the single executable's cold start on an existing database (start -> first HTTP 200 on
// /api/health, docs/api.md: < 1 s), the CPU that start takes (#27.5: < 0.4 s, beside a bare Node HTTP server's
// in the same run) and its idle memory (RSS 2 s after that, docs/api.md: < 150 MB).
// Uses dist/kedai, building it (tools/build-exe.ts) when it is missing. When it cannot be built, the same
// is measured on `node` running the server from source (tsx) and the result says so.
// Run: node --import ./core/dev/register.mjs --import tsx bench/startup.ts
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXE = path.join(ROOT, 'dist', 'kedai');
// Quick password hashing for the demo accounts, no nightly backup timer, nothing inherited that changes options.
const ENV: NodeJS.ProcessEnv = { ...process.env, KEDAI_SCRYPT_LOG_N: '10', KEDAI_AUTO_BACKUP: '0' };
for (const name of ['PORT', 'HOST', 'DATA_DIR', 'KEDAI_DEMO']) delete ENV[name];

export interface StartupResult {
  /** What was started: 'dist/kedai' or a description of the fallback. */
  subject: string;
  /** Why the executable was not used (null when it was). */
  fallbackReason: string | null;
  built: boolean;
  runs: { ms: number; cpuMs: number; rssMb: number }[];
  medianMs: number;
  /** CPU to the first 200 (all threads), median of the runs. */
  medianCpuMs: number;
  maxRssMb: number;
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

/** Polls until the URL answers 200; returns ms since `since` (throws if the process exits first). */
async function waitFor200(url: string, since: number, child: ChildProcess, output: () => string): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${output()}`);
    try {
      const r = await fetch(url);
      if (r.status === 200) return performance.now() - since;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - since > 60_000) throw new Error(`${url} did not answer within 60 s: ${output()}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** CPU time (ms) of every thread of a process so far (/proc schedstat: ns, where /proc stat counts 10 ms ticks). */
const cpuMs = (pid: number) => {
  let ns = 0;
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      /* the thread ended */
    }
  }
  return ns / 1e6;
};

/** #27.5: the executable's start, in CPU to the first 200, on a quiet machine. */
export const START_CPU_BAR_MS = 400;

/**
 * The floor the start CPU is compared with, in the same run: the Node inside the executable (the pinned LTS when
 * the build left it in dist/.node-lts, else this Node) starting a bare HTTP server, CPU to its first 200 (median).
 */
export async function bareNodeStartCpuMs(runs = 5): Promise<{ node: string; medianMs: number }> {
  let node = process.execPath;
  try {
    const { NODE_LTS } = await import('../tools/node-lts.js');
    const lts = path.join(ROOT, 'dist', '.node-lts', NODE_LTS.version, 'package', 'bin', 'node');
    if (fs.existsSync(lts)) node = lts;
  } catch {
    /* this Node */
  }
  const cpus: number[] = [];
  for (let i = 0; i < runs; i++) {
    const port = await freePort();
    const child = spawn(node, ['-e', `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`], { stdio: 'ignore' });
    try {
      await waitFor200(`http://127.0.0.1:${port}/`, performance.now(), child, () => '');
      cpus.push(cpuMs(child.pid!));
    } finally {
      await stop(child);
    }
  }
  cpus.sort((a, b) => a - b);
  return {
    node: node === process.execPath ? `this Node ${process.version}` : `Node ${path.basename(path.dirname(path.dirname(path.dirname(node))))}`,
    medianMs: cpus[Math.floor(cpus.length / 2)],
  };
}
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The command that starts a server: the executable, or node on the sources when it cannot be had. */
async function subject(log: (s: string) => void): Promise<{ cmd: string; args: string[]; name: string; fallbackReason: string | null; built: boolean }> {
  let reason: string | null = null;
  let built = false;
  if (!fs.existsSync(EXE)) {
    log('  dist/kedai is missing: building it (tools/build-exe.ts)...');
    try {
      const { buildUi } = await import('../tools/build-ui.js');
      const { buildExe } = await import('../tools/build-exe.js');
      if (!fs.existsSync(path.join(ROOT, 'dist', 'ui', 'index.html'))) await buildUi({ outDir: 'dist/ui', minify: true, log: false });
      await buildExe({ uiDir: path.join(ROOT, 'dist', 'ui'), log: false });
      built = true;
    } catch (err) {
      reason = `the executable could not be built: ${(err as Error).message.split('\n')[0]}`;
    }
  }
  if (!reason && fs.existsSync(EXE)) return { cmd: EXE, args: [], name: 'dist/kedai', fallbackReason: null, built };
  return {
    cmd: process.execPath,
    args: ['--import', pathToFileURL(path.join(ROOT, 'core/dev/register.mjs')).href, '--import', 'tsx', path.join(ROOT, 'app/server.ts')],
    name: 'node + tsx on the sources (NOT the executable)',
    fallbackReason: reason ?? 'dist/kedai is missing',
    built,
  };
}

/** Prepares a data folder with a demo database, then starts the server `runs` times on it. */
export async function runStartupBench(opts: { runs?: number; idleMs?: number; log?: (s: string) => void } = {}): Promise<StartupResult> {
  const runs = opts.runs ?? 5;
  const idleMs = opts.idleMs ?? 2000;
  const log = opts.log ?? (() => undefined);
  const s = await subject(log);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-bench-startup-'));
  try {
    // A copy, so a rebuild of dist/kedai by someone else during the run changes nothing here.
    let cmd = s.cmd;
    if (s.fallbackReason === null) {
      cmd = path.join(work, 'kedai');
      fs.copyFileSync(s.cmd, cmd);
      fs.chmodSync(cmd, 0o755);
    }
    const dataDir = path.join(work, 'data');
    const start = (args: string[]) => {
      const child = spawn(cmd, [...s.args, 'serve', '--host', '127.0.0.1', '--data', dataDir, ...args], {
        cwd: work,
        env: ENV,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (d) => (out += d));
      child.stderr!.on('data', (d) => (out += d));
      return { child, output: () => out };
    };
    // First start: unpacks the runtime files and creates and seeds the database (not timed).
    {
      const port = await freePort();
      const { child, output } = start(['--port', String(port), '--demo']);
      try {
        await waitFor200(`http://127.0.0.1:${port}/api/health`, performance.now(), child, output);
      } finally {
        await stop(child);
      }
    }
    const results: StartupResult['runs'] = [];
    for (let i = 0; i < runs; i++) {
      const port = await freePort();
      const t0 = performance.now();
      const { child, output } = start(['--port', String(port)]);
      try {
        const ms = await waitFor200(`http://127.0.0.1:${port}/api/health`, t0, child, output);
        const cpu = cpuMs(child.pid!);
        await new Promise((r) => setTimeout(r, idleMs));
        results.push({ ms, cpuMs: cpu, rssMb: rssMb(child.pid!) });
        log(`  start ${i + 1}: first 200 after ${ms.toFixed(0)} ms (${cpu.toFixed(0)} ms CPU), idle RSS ${rssMb(child.pid!).toFixed(1)} MB`);
      } finally {
        await stop(child);
      }
    }
    const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
    const cpus = results.map((r) => r.cpuMs).sort((a, b) => a - b);
    return {
      subject: s.name,
      fallbackReason: s.fallbackReason,
      built: s.built,
      runs: results,
      medianMs: sorted[Math.floor(sorted.length / 2)],
      medianCpuMs: cpus[Math.floor(cpus.length / 2)],
      maxRssMb: Math.max(...results.map((r) => r.rssMb)),
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await runStartupBench({ log: console.log });
  const bare = await bareNodeStartCpuMs();
  console.log(
    `${r.subject}${r.fallbackReason ? ` (${r.fallbackReason})` : ''}: median first HTTP 200 ${r.medianMs.toFixed(0)} ms (target < 1000), max idle RSS ${r.maxRssMb.toFixed(1)} MB (target < 150)`,
  );
  console.log(
    `start CPU to the first 200: median ${r.medianCpuMs.toFixed(0)} ms (target < ${START_CPU_BAR_MS}); a bare HTTP server on ${bare.node}: ${bare.medianMs.toFixed(0)} ms`,
  );
  process.exitCode = r.medianMs < 1000 && r.maxRssMb < 150 && r.medianCpuMs < START_CPU_BAR_MS && !r.fallbackReason ? 0 : 1;
}
