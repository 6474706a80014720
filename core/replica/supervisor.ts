// Litestream as a supervised child of `kedai serve`: started with the server, started again with exponential
// backoff (1 s, 2 s ... 60 s) when it dies, stopped on shutdown (SIGTERM, SIGKILL after a grace), and never left
// running without its server: it runs under a tiny /bin/sh guard that holds the read end of a pipe from Kedai;
// when Kedai dies, even by kill -9, the pipe closes and the guard stops Litestream (which ships what it has).
// Kedai reads Litestream's JSON log (errors, shipped segments) and its metrics (lag.ts) for /api/health.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { Db } from '../db.js';
import type { ReplicaTarget } from './target.js';
import { readReplicaCredentials, type ReplicaCredentials } from './credentials.js';
import { findLitestream, litestreamConfig, litestreamEnv, redact, syncInterval, writeLitestreamConfig } from './litestream.js';
import { LagTracker, caughtUp, parseMetrics } from './lag.js';

/** GET /api/health's `replica` block. */
export interface ReplicaStatus {
  ok: boolean;
  lag_seconds: number;
  last_error: string | null;
}

/** Lag above which the copy is reported not ok (and Settings raises its alarm). */
export const LAG_ALARM_SECONDS = 300;

export interface ReplicaLog {
  info(message: string): void;
  error(message: string): void;
}

export interface SupervisorOptions {
  db: Db;
  dbFile: string;
  dataDir: string;
  target: ReplicaTarget;
  env?: NodeJS.ProcessEnv;
  log?: ReplicaLog;
  /** Milliseconds between SIGTERM and SIGKILL when stopping. */
  graceMs?: number;
}

// $0 = litestream, $@ = its arguments. fd 0 is the pipe from Kedai; EOF on it (Kedai gone) stops Litestream.
// Litestream's output reaches Kedai through a FIFO and a relay that ignores SIGPIPE: with Kedai dead, a Go
// program writing to a closed pipe on stdout would die of SIGPIPE at its first log line, before its final sync.
const GUARD = [
  'exec 3<&0',
  'rm -f "$KEDAI_GUARD_FIFO" && mkfifo -m 600 "$KEDAI_GUARD_FIFO" || exit 97',
  '( trap "" PIPE; while IFS= read -r line; do printf "%s\\n" "$line" 2>/dev/null; done ) <"$KEDAI_GUARD_FIFO" &',
  '"$0" "$@" </dev/null >"$KEDAI_GUARD_FIFO" 2>&1 &',
  'ls=$!',
  '( read -r _ <&3; kill -TERM "$ls" 2>/dev/null; sleep "$KEDAI_GUARD_GRACE"; kill -KILL "$ls" 2>/dev/null ) &',
  'guard=$!',
  'exec 3<&-',
  'wait "$ls"; code=$?',
  'kill "$guard" 2>/dev/null',
  'rm -f "$KEDAI_GUARD_FIFO"',
  'exit "$code"',
].join('\n');

const MAX_BACKOFF_MS = 60_000;
const POLL_MS = 500;

/** A free loopback port for Litestream's metrics. */
async function freeLoopbackPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve, reject) => {
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', resolve);
  });
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

function signalName(n: number): string {
  return Object.entries(os.constants.signals).find(([, v]) => v === n)?.[0] ?? `signal ${n}`;
}

/** Litestream's error, in words a shop owner can act on (the raw reason follows, keys removed). */
export function explainError(raw: string): string {
  if (/NoSuchBucket/i.test(raw)) return `The bucket does not exist at the store (${raw})`;
  if (/InvalidAccessKeyId|SignatureDoesNotMatch|AccessDenied|Forbidden|NoCredentialProviders|status code: 403/i.test(raw))
    return `The store refused the access keys (${raw})`;
  if (/connection refused|no such host|i\/o timeout|dial tcp|no route to host/i.test(raw)) return `Cannot reach the store (${raw})`;
  if (/no space left|QuotaExceeded|EntityTooLarge|disk quota/i.test(raw)) return `The store is full (${raw})`;
  if (/permission denied|read-only file system/i.test(raw)) return `Cannot write to the replica folder (${raw})`;
  return raw;
}

/** Runs and watches Litestream for one database. */
export class ReplicaSupervisor {
  private child: ChildProcess | null = null;
  private stopping = false;
  private backoffMs = 1000;
  private restartTimer: NodeJS.Timeout | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private lastError: string | null = null;
  private loggedError: string | null = null;
  private credentials: ReplicaCredentials | null = null;
  private metricsUrl: string | null = null;
  private readonly lag = new LagTracker();
  private lastPollAt = Date.now();
  private changeMark = '';
  private pollN = 0;
  private exited: Promise<void> = Promise.resolve();
  private readonly log: ReplicaLog;
  private readonly env: NodeJS.ProcessEnv;
  private readonly changes: () => string;

  constructor(private readonly opts: SupervisorOptions) {
    this.log = opts.log ?? { info: (m) => console.log(m), error: (m) => console.error(m) };
    this.env = opts.env ?? process.env;
    const total = opts.db.prepare('SELECT total_changes() AS n').pluck();
    this.changes = () => `${total.get()}:${opts.db.pragma('data_version', { simple: true })}`;
  }

  /** Starts Litestream and the status poll; problems are reported in status(), never thrown: selling goes on. */
  async start() {
    this.changeMark = this.changes();
    // Until Litestream has shipped it once, the replica may not hold the database at all.
    this.lag.localChange(Date.now());
    this.pollTimer = setInterval(() => void this.poll(), POLL_MS);
    this.pollTimer.unref();
    try {
      this.credentials = readReplicaCredentials(this.opts.dataDir, this.env);
    } catch (err) {
      this.fail((err as Error).message);
      return;
    }
    await this.safeSpawn();
  }

  /** spawn(), with any failure (config folder not writable, no free port...) reported instead of thrown. */
  private async safeSpawn() {
    try {
      await this.spawn();
    } catch (err) {
      this.fail(`Litestream could not be started: ${(err as Error).message}`);
    }
  }

  /** The block GET /api/health shows. */
  status(now = Date.now()): ReplicaStatus {
    const lag = this.lag.lagSeconds(now);
    return { ok: this.child !== null && this.lastError === null && lag <= LAG_ALARM_SECONDS, lag_seconds: lag, last_error: this.lastError };
  }

  /** The guard's pid (Litestream is its child), or null. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** Stops Litestream: closing the guard's pipe sends SIGTERM (it ships what it has), SIGKILL after the grace. */
  async stop() {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    if (this.pollTimer) clearInterval(this.pollTimer);
    const child = this.child;
    if (!child) return;
    child.stdin?.end();
    const grace = (this.opts.graceMs ?? 5000) + 2000;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), grace);
    });
    if ((await Promise.race([this.exited.then(() => 'done' as const), late])) === 'late' && child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
      await this.exited;
    }
    clearTimeout(timer);
  }

  private fail(message: string) {
    // The AWS SDK's tail (", request id: , host id: ") says nothing to a shop owner.
    const text = redact(message, this.credentials)
      .replace(/,?\s*request id:[^,]*, host id:\s*\S*/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    this.lastError = text;
    if (text !== this.loggedError) {
      this.loggedError = text;
      this.log.error(`Off-site copy: ${text}`);
    }
  }

  private recovered() {
    if (this.lastError === null) return;
    this.lastError = null;
    this.loggedError = null;
    this.log.info('Off-site copy: replicating again.');
  }

  private async spawn() {
    if (this.stopping) return;
    const { file, looked } = findLitestream(this.env);
    if (!file) {
      this.fail(
        `the litestream program was not found, so nothing is copied off-site (looked in ${looked.slice(0, 3).join(', ')} ...). Put litestream beside kedai.`,
      );
      return;
    }
    let sync: string;
    try {
      sync = syncInterval(this.env);
    } catch (err) {
      this.fail((err as Error).message);
      return;
    }
    const port = await freeLoopbackPort();
    this.metricsUrl = `http://127.0.0.1:${port}/metrics`;
    const configFile = writeLitestreamConfig(
      this.opts.dataDir,
      'litestream.yml',
      litestreamConfig({ dbFile: this.opts.dbFile, target: this.opts.target, sync, addr: `127.0.0.1:${port}` }),
    );
    const graceSeconds = Math.max(1, Math.ceil((this.opts.graceMs ?? 5000) / 1000));
    const env = {
      ...litestreamEnv(this.credentials, this.opts.target, this.env),
      KEDAI_GUARD_GRACE: String(graceSeconds),
      KEDAI_GUARD_FIFO: path.join(path.dirname(configFile), 'litestream-output.fifo'),
    };
    const child = spawn('/bin/sh', ['-c', GUARD, file, 'replicate', '-config', configFile], { env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child = child;
    const startedAt = Date.now();
    this.lag.restarted();
    // Litestream owns checkpoints while it runs (its docs: no application checkpoint racing its WAL copy).
    this.setAutoCheckpoint(0);
    const tail: string[] = [];
    for (const stream of [child.stdout!, child.stderr!]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        tail.push(line);
        if (tail.length > 5) tail.shift();
        this.onLogLine(line);
      });
    }
    child.stdin!.on('error', () => undefined);
    this.exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        this.child = null;
        this.setAutoCheckpoint(1000);
        resolve();
        if (this.stopping) return;
        const ranMs = Date.now() - startedAt;
        if (ranMs > MAX_BACKOFF_MS) this.backoffMs = 1000;
        // The guard reports a killed Litestream as 128 + the signal's number, as shells do.
        const sig = signal ?? (code !== null && code > 128 ? signalName(code - 128) : null);
        const why = sig ? `was killed (${sig})` : `stopped (exit code ${code})`;
        const lastWords = sig
          ? undefined
          : tail
              .map((l) => this.messageOf(l))
              .filter(Boolean)
              .pop();
        const delay = this.backoffMs;
        this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
        this.fail(`Litestream ${why}${lastWords ? `: ${lastWords}` : ''}; starting it again in ${Math.round(delay / 1000)} s`);
        this.restartTimer = setTimeout(() => void this.safeSpawn(), delay);
        this.restartTimer.unref();
      });
    });
    this.log.info(`Off-site copy: Litestream started (pid ${child.pid}), shipping changes to ${this.opts.target.url} every ${sync}.`);
  }

  private setAutoCheckpoint(pages: number) {
    if (this.opts.db.open) this.opts.db.pragma(`wal_autocheckpoint = ${pages}`);
  }

  /** The text of a Litestream log line (JSON or plain). */
  private messageOf(line: string): string {
    try {
      const j = JSON.parse(line) as { msg?: string; error?: string };
      return [j.msg, j.error].filter(Boolean).join(': ');
    } catch {
      return line.trim();
    }
  }

  private onLogLine(line: string) {
    let j: { level?: string; msg?: string; error?: string };
    try {
      j = JSON.parse(line);
    } catch {
      // The guard shell's own notice of a killed child ("Killed") is reported by the exit handler.
      if (line.trim() && !/^(Killed|Terminated)$/.test(line.trim())) this.fail(explainError(line.trim()));
      return;
    }
    if (j.level === 'ERROR') this.fail(explainError(j.error ? `${j.error}` : `${j.msg}`));
    else if (j.msg === 'wal segment written' || j.msg === 'snapshot written') this.recovered();
  }

  /** Every 500 ms: did the database change? Every second: where is Litestream? */
  private async poll() {
    const now = Date.now();
    try {
      if (this.opts.db.open) {
        const mark = this.changes();
        if (mark !== this.changeMark) this.lag.localChange(this.lastPollAt);
        this.changeMark = mark;
      }
    } catch {
      /* the database is closing */
    }
    this.lastPollAt = now;
    if (++this.pollN % 2 !== 0 || !this.child || !this.metricsUrl) return;
    try {
      const res = await fetch(this.metricsUrl, { signal: AbortSignal.timeout(1000) });
      if (!res.ok) return;
      const m = parseMetrics(await res.text());
      this.lag.metrics(m);
      // The replica holds all there is (after a restart, nothing new may be shipped for a while): no error stands.
      if (caughtUp(m)) this.recovered();
    } catch {
      /* not listening yet, or restarting */
    }
  }
}
