// Helpers for the single-executable tests: run the built dist/kedai as a shop would, talk to it over HTTP.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import zlib from 'node:zlib';

/** Environment for every run: quick password hashing, no nightly timer, nothing inherited that changes options. */
export const EXE_ENV: NodeJS.ProcessEnv = { ...process.env, KEDAI_SCRYPT_LOG_N: '10', KEDAI_AUTO_BACKUP: '0' };
for (const name of ['PORT', 'HOST', 'DATA_DIR', 'KEDAI_DEMO']) delete EXE_ENV[name];

/** Why the executable cannot be built here, or null when it can. */
export function cannotBuild(): string | null {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (process.platform !== 'linux' || process.arch !== 'x64') return `the executable is built for Linux x64 (this is ${process.platform}-${process.arch})`;
  if (major < 20 || (major === 20 && minor < 12)) return `Node ${process.version} has no SEA assets (needs >= 20.12)`;
  if ((process.config.variables as Record<string, unknown>).single_executable_application === false) return 'this Node was built without single executable support';
  if (!fs.existsSync('node_modules/postject')) return 'postject is not installed';
  return null;
}

/** Runs the executable to completion (a CLI command). */
export function runExe(exe: string, args: string[], opts: { cwd?: string; input?: string } = {}) {
  return spawnSync(exe, args, { cwd: opts.cwd, env: EXE_ENV, input: opts.input, encoding: 'utf8', timeout: 120_000 });
}

/** Runs the executable without blocking this process (tills keep being served while it runs). */
export function runExeAsync(exe: string, args: string[], opts: { cwd?: string } = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(exe, args, { cwd: opts.cwd, env: EXE_ENV });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

// Servers still running when this test process exits (a failed assertion) are stopped with it.
const running = new Set<ChildProcess>();
process.on('exit', () => { for (const c of running) c.kill('SIGKILL'); });

export interface Server {
  child: ChildProcess;
  url: string;
  output(): string;
  /** SIGTERM and wait; returns the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `kedai serve ...` and resolves once it prints its address (rejects with its output if it exits). */
export function startServer(exe: string, args: string[], cwd?: string): Promise<Server> {
  const child = spawn(exe, ['serve', '--port', '0', '--host', '127.0.0.1', ...args], { cwd, env: EXE_ENV });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  running.add(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => { running.delete(child); resolve(code); }));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`no start within 120 s: ${out}`)); }, 120_000);
    void exited.then((code) => { clearTimeout(timer); reject(new Error(`exited with ${code}: ${out}`)); });
    child.stdout!.on('data', () => {
      const m = /serving on (http:\/\/localhost:\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        child,
        url: m[1].replace('localhost', '127.0.0.1'),
        output: () => out,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    });
  });
}

export interface Http {
  status: number;
  body: any;
  raw: Buffer;
  type: string;
}

/** One JSON (or binary) HTTP call. */
export async function call(url: string, method: string, body?: unknown, token?: string): Promise<Http> {
  const r = await fetch(url, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const raw = Buffer.from(await r.arrayBuffer());
  const type = r.headers.get('content-type') ?? '';
  return { status: r.status, raw, type, body: type.includes('json') ? JSON.parse(raw.toString('utf8')) : raw.toString('utf8') };
}

/** Signs in and returns the token. */
export async function signIn(base: string, username: string, password: string): Promise<string> {
  const r = await call(`${base}/api/auth/login`, 'POST', { username, password });
  if (r.status !== 200) throw new Error(`sign-in ${username}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.token;
}

/** Polls a URL until it answers 200; returns the milliseconds since `since`. */
export async function waitFor200(url: string, since: number, timeoutMs = 60_000): Promise<number> {
  for (;;) {
    try {
      const r = await fetch(url);
      if (r.status === 200) return performance.now() - since;
    } catch { /* not listening yet */ }
    if (performance.now() - since > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

/** CPU time (user + system, ms) a process has used so far. */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Resident memory of a process in MB. */
export function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Buffer) => {
  let c = 0xffffffff;
  for (const x of b) c = crcTable[(c ^ x) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const pngChunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** A real w x h RGB PNG with a gradient (so re-encoding has something to do). */
export function gradientPng(w: number, h: number): Buffer {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = y * (w * 3 + 1) + 1 + x * 3;
      raw[o] = (x * 255) / w;
      raw[o + 1] = (y * 255) / h;
      raw[o + 2] = 128;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), pngChunk('IHDR', ihdr), pngChunk('IDAT', zlib.deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}
