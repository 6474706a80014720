// Command line + environment -> one Config. Flags win over environment variables.
import path from 'node:path';
import { parseReplicaTarget, ReplicaUrlError, type ReplicaTarget } from './replica/target.js';

export interface Config {
  command: string;
  args: string[];
  flags: Record<string, string | boolean>;
  port: number;
  host: string;
  dataDir: string;
  demo: boolean;
  /** Folder of the built UI (index.html + assets); null when serving the API only. */
  uiDir: string | null;
  /** Shop time zone used for business dates (invoice numbering, reports). */
  timeZone: string;
  /** scrypt cost as log2(N); only tests lower it, stored hashes carry their own cost. */
  scryptLogN: number;
  logLevel: string;
  /** Extra names the server answers to (DNS-rebinding guard), besides IPs, localhost and the machine's names. */
  hostnames: string[];
  /** Worker threads for reports, exports and many-page PDFs (KEDAI_WORKERS, 1-16; core/offload/pool.ts). */
  workers: number;
  /** A download whose client reads nothing for this long is ended and its worker freed (KEDAI_STREAM_STALL_MS, default 30 s; tests lower it). */
  streamStallMs: number;
  /** A pool worker idle this long ends and gives its memory back (KEDAI_WORKER_IDLE_MS, default 30 s). */
  workerIdleMs: number;
  /** The off-site copy (#19): --replicate URL / KEDAI_REPLICATE (+ --replicate-endpoint / KEDAI_REPLICATE_ENDPOINT); null when off. */
  replica: ReplicaTarget | null;
}

const BOOLEAN_FLAGS = new Set(['demo', 'password-stdin', 'help', 'force', 'no-demo']);

/** Splits argv into positionals and --flags (`--port 3000`, `--port=3000`, boolean flags). */
export function parseArgs(argv: string[]): { positionals: string[]; flags: Record<string, string | boolean> } {
  const positionals: string[] = [];
  const flags: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    if (eq > 0) flags[name] = arg.slice(eq + 1);
    else if (BOOLEAN_FLAGS.has(name)) flags[name] = true;
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) flags[name] = argv[++i];
    else throw new ConfigError(`Option --${name} needs a value`);
  }
  return { positionals, flags };
}

export class ConfigError extends Error {}

/** An environment variable, with an empty value treated as unset (PORT= is not port 0). */
function envValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v;
}

function truthy(v: string | undefined): boolean {
  return v !== undefined && ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

/** Builds the Config from argv (without node and script) and the environment. */
export function loadConfig(argv: string[], env: NodeJS.ProcessEnv = process.env, defaults: Partial<Config> = {}): Config {
  const { positionals, flags } = parseArgs(argv);
  const command = flags.help === true ? 'help' : (positionals[0] ?? 'serve');
  const portText = String(flags.port ?? envValue(env, 'PORT') ?? defaults.port ?? 3000);
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`Invalid port: ${portText}`);
  const dataDir = path.resolve(String(flags.data ?? envValue(env, 'DATA_DIR') ?? defaults.dataDir ?? './data'));
  const workersText = envValue(env, 'KEDAI_WORKERS');
  const workers = workersText === undefined ? (defaults.workers ?? 2) : Number(workersText);
  if (!Number.isInteger(workers) || workers < 1 || workers > 16) throw new ConfigError(`Invalid KEDAI_WORKERS: ${workersText} (1 to 16 worker threads)`);
  const stallText = envValue(env, 'KEDAI_STREAM_STALL_MS');
  const streamStallMs = stallText === undefined ? (defaults.streamStallMs ?? 30_000) : Number(stallText);
  if (!Number.isInteger(streamStallMs) || streamStallMs < 100)
    throw new ConfigError(`Invalid KEDAI_STREAM_STALL_MS: ${stallText} (milliseconds, at least 100)`);
  const idleText = envValue(env, 'KEDAI_WORKER_IDLE_MS');
  const workerIdleMs = idleText === undefined ? (defaults.workerIdleMs ?? 30_000) : Number(idleText);
  if (!Number.isInteger(workerIdleMs) || workerIdleMs < 100) throw new ConfigError(`Invalid KEDAI_WORKER_IDLE_MS: ${idleText} (milliseconds, at least 100)`);
  const demo = flags['no-demo'] ? false : flags.demo === true || truthy(envValue(env, 'KEDAI_DEMO')) || defaults.demo === true;
  return {
    command,
    args: positionals.slice(1),
    flags,
    port,
    host: String(flags.host ?? envValue(env, 'HOST') ?? defaults.host ?? '0.0.0.0'),
    dataDir,
    demo,
    uiDir: defaults.uiDir ?? null,
    timeZone: String(envValue(env, 'KEDAI_TZ') ?? defaults.timeZone ?? 'Asia/Singapore'),
    scryptLogN: Number(env.KEDAI_SCRYPT_LOG_N ?? defaults.scryptLogN ?? 17),
    logLevel: String(env.LOG_LEVEL ?? defaults.logLevel ?? 'warn'),
    replica: replicaFrom(flags, env),
    hostnames: String(flags.hostname ?? envValue(env, 'KEDAI_HOSTNAMES') ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
    workers,
    streamStallMs,
    workerIdleMs,
  };
}

/** The replica target from --replicate / KEDAI_REPLICATE; a bad URL stops the start with the parser's message. */
function replicaFrom(flags: Record<string, string | boolean>, env: NodeJS.ProcessEnv): ReplicaTarget | null {
  const url = flags.replicate ?? envValue(env, 'KEDAI_REPLICATE');
  if (url === undefined) return null;
  const endpoint = flags['replicate-endpoint'] ?? envValue(env, 'KEDAI_REPLICATE_ENDPOINT');
  try {
    return parseReplicaTarget(String(url), { endpoint: endpoint === undefined ? null : String(endpoint), region: envValue(env, 'AWS_REGION') });
  } catch (err) {
    if (err instanceof ReplicaUrlError) throw new ConfigError(err.message);
    throw err;
  }
}
