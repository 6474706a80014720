// Reliability tests drive the real server as a separate process, as a shop runs it: accounts made with the
// CLI (`kedai init`, `kedai user add`, passwords on stdin), `kedai serve` on a free port, fetch over HTTP.
// Two ways to start the same sources: through tsx (what `npm start` does) or as one esbuild bundle of
// app/server.ts (like the executable: starts in a fraction of the time, which a test that restarts the
// server ten times needs).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { sqlFolder } from '../../tools/esbuild-sql-folder.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const ADMIN = { username: 'owner', password: 'owner-pass-1' };
export const TILL = { username: 'till', password: 'till-pass-1' };

/** Quick password hashing (stored hashes carry their own cost), no nightly backup timer, no inherited options. */
const ENV: NodeJS.ProcessEnv = { ...process.env, KEDAI_SCRYPT_LOG_N: '10', KEDAI_AUTO_BACKUP: '0', LOG_LEVEL: 'warn' };
for (const name of ['PORT', 'HOST', 'DATA_DIR', 'KEDAI_DEMO']) delete ENV[name];

/** How the server's sources are run: the tsx command line, or a bundle file built by bundleServer. */
export type Runner = { kind: 'tsx' } | { kind: 'bundle'; file: string } | { kind: 'exe'; file: string };

export const TSX: Runner = { kind: 'tsx' };

function command(runner: Runner, args: string[]): string[] {
  if (runner.kind === 'exe') return args;
  return runner.kind === 'tsx' ? ['--import', './core/dev/register.mjs', '--import', 'tsx', 'app/server.ts', ...args] : [runner.file, ...args];
}

/** The program command() gives its arguments to: this Node, or a built executable (bench diagnosis). */
const program = (runner: Runner) => (runner.kind === 'exe' ? runner.file : process.execPath);

/** Bundles core/main.ts (packages stay external, .sql as text, migrations folders embedded) under .tmp/ so node_modules resolves. */
export async function bundleServer(): Promise<{ runner: Runner; remove(): void }> {
  const dir = path.join(ROOT, '.tmp', `reliability-${process.pid}`);
  const file = path.join(dir, 'server.mjs');
  // The worker threads' program goes beside it, where app/worker-location.ts tells core/offload/run.ts it is.
  // An ES module bundle evaluates every external package before its own first line, so core/young-generation.ts
  // runs from its own file first (as in the executable's CommonJS bundle, where it is the first code to run).
  await esbuild.build({
    entryPoints: {
      main: path.join(ROOT, 'app/server.ts'),
      'young-generation': path.join(ROOT, 'core/young-generation.ts'),
      worker: path.join(ROOT, 'app/worker.ts'),
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    loader: { '.sql': 'text' },
    plugins: [sqlFolder],
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'error',
  });
  // Imported (not linked with it): loading the packages is part of what the young generation must not grow on.
  fs.writeFileSync(file, "import './young-generation.mjs';\nconst { main } = await import('./main.mjs');\nvoid main();\n");
  return { runner: { kind: 'bundle', file }, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A fresh, empty data folder in the system temp folder. */
export function tempDataDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `kedai-${name}-`));
}

/** Runs one CLI command to completion; throws with its output when it fails. */
export function kedai(runner: Runner, args: string[], input?: string): string {
  const r = spawnSync(program(runner), command(runner, args), { cwd: ROOT, env: ENV, input, encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`kedai ${args.join(' ')} exited with ${r.status}: ${r.stdout}${r.stderr}`);
  return r.stdout;
}

/** Creates the owner (ADMIN, `kedai init`) and the till account (USER, `kedai user add`) on a new data folder. */
export function createAccounts(runner: Runner, dataDir: string) {
  kedai(runner, ['init', '--admin', ADMIN.username, '--password-stdin', '--data', dataDir], `${ADMIN.password}\n`);
  kedai(runner, ['user', 'add', TILL.username, '--role', 'USER', '--password-stdin', '--data', dataDir], `${TILL.password}\n`);
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

export interface Server {
  child: ChildProcess;
  pid: number;
  url: string;
  /** Milliseconds from spawn to "serving on". */
  startMs: number;
  /** Everything the server printed (stdout and stderr, the last 200 kB). */
  output(): string;
  /** SIGTERM (a clean stop) and wait; the exit code (null when it had to be killed after 20 s). */
  stop(): Promise<number | null>;
  /** SIGKILL (a crash: power cut, OOM killer) and wait; the signal it died of. */
  kill(): Promise<NodeJS.Signals | null>;
}

// Servers still running when this test process exits (a failed assertion) die with it.
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of running) c.kill('SIGKILL');
});

/** Starts `kedai serve` on 127.0.0.1 and a free port; resolves once it says it is serving. */
export async function startServer(runner: Runner, dataDir: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<Server> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(program(runner), command(runner, ['serve', '--data', dataDir, '--port', String(port), '--host', '127.0.0.1', ...extra]), {
    cwd: ROOT,
    env: { ...ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  const take = (d: Buffer) => {
    out = (out + d.toString('utf8')).slice(-200_000);
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within 60 s:\n${out}`));
    }, 60_000);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before serving:\n${out}`));
    });
    child.stdout!.on('data', () => {
      if (/serving on http:\/\/localhost:\d+/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    child,
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    startMs: performance.now() - started,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      // A server that does not finish within 20 s is hung: kill it, and the caller sees no exit code.
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const { code } = await exited;
      clearTimeout(timer);
      return code;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return (await exited).signal;
    },
  };
}

export interface Reply {
  status: number;
  body: any;
  headers: Headers;
  ms: number;
}

/** The request never got an answer (connection refused or reset, timeout): the outcome is unknown. */
export class NoAnswer extends Error {}

/** One JSON call over real HTTP. Throws NoAnswer when no HTTP response arrived. */
export async function call(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Reply> {
  const started = performance.now();
  let res: Response;
  let text: string;
  try {
    res = await fetch(base + url, {
      method,
      headers: {
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
    });
    text = await res.text();
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new NoAnswer(`${method} ${url}: ${cause?.code ?? cause?.message ?? (err as Error).message}`);
  }
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
  return { status: res.status, body, headers: res.headers, ms: performance.now() - started };
}

/** Signs in over HTTP and returns the session token. */
export async function signIn(base: string, who: { username: string; password: string }): Promise<string> {
  const r = await call(base, 'POST', '/api/auth/login', { body: who });
  if (r.status !== 200) throw new Error(`sign-in ${who.username}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.token as string;
}

/** Money in the API is dollars with 2 decimals; the checks add cents. */
export const cents = (dollars: number) => Math.round(dollars * 100);

/** A seeded random generator (mulberry32), so a failing run can be repeated with KEDAI_SEED. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}

/** The seed of this run (KEDAI_SEED to repeat one). */
export function runSeed(): number {
  return Number(process.env.KEDAI_SEED ?? Math.floor(Math.random() * 1e9));
}
