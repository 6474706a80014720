// The subcommands of `kedai`: serve (default), init, user add|passwd|list|disable|enable, backup, restore, migrate, version.
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { buildApp, openStore } from './app.js';
import { acquireLock, lockHolder, ensureDataDir } from './data-dir.js';
import { usersRepo, type Role } from './auth/users.js';
import { readNewPassword } from './prompt.js';
import { passwordProblem } from './auth/password-policy.js';
import type { KedaiPlugin } from './plugin.js';
import { VERSION } from './version.js';
import { BackupError } from './backup.js';
import { backupCommand, restoreCommand, restoreFromReplicaCommand } from './backup-cli.js';
import { restoreImagesFromReplica } from './replica/images.js';
import { ReplicaSupervisor } from './replica/supervisor.js';
import { startAutoBackup } from './backup-schedule.js';

export class CliError extends Error {}

const USAGE = `Kedai ${VERSION}: point of sale and back office

Usage: kedai [command] [options]

Commands:
  serve                         start the server (default); on a new database (no owner yet) it
                                prints a one-time link that opens the shop's setup in a browser
  init --admin NAME             create the first ADMIN account on a new database (instead of the
                                setup link)
  user add NAME [--role ADMIN|USER]
  user passwd NAME              set a new password (ends the user's sessions)
  user disable NAME | user enable NAME
  user list
  migrate                       bring the database schema up to date and exit
  backup [FILE]                 write a backup (database snapshot + images, one .tar.gz) while
                                the server runs; default DATA_DIR/backups/kedai-backup-<time>.tar.gz
  restore FILE                  replace the database and images with a backup (server stopped;
                                the replaced database is kept in DATA_DIR/backups)
  restore --from-replica URL [--timestamp ISO] [--replicate-endpoint URL] [--force]
                                rebuild the data folder from the off-site copy (latest, or as of
                                ISO time); refuses a folder that holds data unless --force
  version                       print the version

Options:
  --port N        (env PORT, default 3000)
  --host H        (env HOST, default 0.0.0.0)
  --data DIR      (env DATA_DIR, default ./data): the only place Kedai keeps state
  --demo          (env KEDAI_DEMO=1): seed demo accounts and catalogue on a new database
  --password-stdin  read the password from standard input
  --replicate URL (env KEDAI_REPLICATE): keep a copy off the premises with Litestream:
                  s3://bucket/path or file:///mnt/nas/kedai; keys from AWS_ACCESS_KEY_ID and
                  AWS_SECRET_ACCESS_KEY or the 0600 file DATA_DIR/replica-credentials
  --replicate-endpoint URL (env KEDAI_REPLICATE_ENDPOINT): an S3-compatible store that is not AWS
`;

/** The LAN addresses a till can use to reach this server. */
function lanUrls(port: number): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((i) => i && i.family === 'IPv4' && !i.internal)
    .map((i) => `http://${i!.address}:${port}`);
}

/** The address to give a person: the first LAN address tills use, else the one the server listens on. */
function serverUrl(host: string, port: number, lan: string[]): string {
  if (lan.length) return lan[0];
  if (host === '0.0.0.0' || host === '::') return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Starts the HTTP server (on a new shop, in setup mode: it prints the setup link) and stops it cleanly on SIGINT/SIGTERM. */
async function serve(config: Config, plugins: KedaiPlugin[]) {
  const release = acquireLock(ensureDataDir(config.dataDir));
  let app: FastifyInstance;
  try {
    app = await buildApp(config, plugins);
  } catch (err) {
    release();
    throw err;
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close();
    release();
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new CliError(`Port ${config.port} is already in use. Stop the other program or start Kedai with --port N.`);
    if ((err as NodeJS.ErrnoException).code === 'EACCES')
      throw new CliError(`Not allowed to listen on port ${config.port}. Use a port above 1024 with --port N.`);
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Kedai ${VERSION} is serving on http://localhost:${port}${config.demo ? ' (demo mode)' : ''}`);
  const lan = config.host === '0.0.0.0' ? lanUrls(port) : [];
  for (const url of lan) console.log(`  tills on the shop network: ${url}`);
  console.log(`  data folder: ${config.dataDir}`);
  // A new shop (no owner yet) starts in setup mode: its one-time link, printed at every start until it is used.
  const code = app.setup.code();
  if (code) {
    console.log('');
    console.log(`  Open ${serverUrl(config.host, port, lan)}/setup?code=${code}  to set up the shop`);
    console.log(`  (or create the owner in a terminal: kedai init --admin NAME --data ${config.dataDir})`);
    console.log('');
  }
  const stopBackups = startAutoBackup(app);
  const replica = config.replica ? new ReplicaSupervisor({ db: app.db, dbFile: app.paths.db, dataDir: config.dataDir, target: config.replica }) : null;
  if (replica) {
    console.log(`  off-site copy: ${config.replica!.url}`);
    app.replicaStatus = () => replica.status();
    await replica.start();
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests and closing the database...`);
    await stopBackups();
    await app.close();
    // After the last sale is written: Litestream ships it on its way out.
    await replica?.stop();
    release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  return app;
}

/** Runs a command that only needs the database (init, user, migrate). */
function withStore<T>(config: Config, plugins: KedaiPlugin[], fn: (store: ReturnType<typeof openStore>) => T): T {
  const store = openStore(config, plugins);
  try {
    return fn(store);
  } finally {
    store.db.close();
  }
}

function roleFlag(config: Config): Role {
  const role = String(config.flags.role ?? 'USER').toUpperCase();
  if (role !== 'ADMIN' && role !== 'USER') throw new CliError('--role must be ADMIN or USER');
  return role;
}

/** Dispatches one command; returns the running app for `serve`. */
export async function runCli(config: Config, plugins: KedaiPlugin[]) {
  const fromStdin = config.flags['password-stdin'] === true;
  switch (config.command) {
    case 'serve':
      return serve(config, plugins);
    case 'version':
      console.log(VERSION);
      return;
    case 'help':
      console.log(USAGE);
      return;
    case 'migrate':
      withStore(config, plugins, () => console.log('Database schema is up to date.'));
      return;
    case 'init': {
      const name = config.flags.admin;
      if (typeof name !== 'string' || !name) throw new CliError('Usage: kedai init --admin NAME [--password-stdin]');
      const exists = withStore(config, plugins, ({ db }) => usersRepo(db).count() > 0);
      if (exists) throw new CliError('This database already has accounts. Use `kedai user add` to add more.');
      const password = await newPassword(fromStdin, name);
      withStore(config, plugins, ({ db }) => usersRepo(db, config.scryptLogN).create(name, password, 'ADMIN'));
      console.log(`Created ADMIN account ${name}.`);
      return;
    }
    case 'user':
      return userCommand(config, plugins, fromStdin);
    case 'backup':
    case 'restore':
      try {
        if (config.command === 'restore' && config.flags['from-replica'] !== undefined)
          return await restoreFromReplicaCommand(config, plugins, restoreImagesFromReplica);
        return await (config.command === 'backup' ? backupCommand(config) : restoreCommand(config, plugins));
      } catch (err) {
        throw err instanceof BackupError ? new CliError(err.message) : err;
      }
    default:
      throw new CliError(`Unknown command "${config.command}".\n\n${USAGE}`);
  }
}

/** Reads a new password and refuses one that breaks the password policy. */
async function newPassword(fromStdin: boolean, username: string): Promise<string> {
  const password = await readNewPassword(fromStdin);
  const problem = await passwordProblem(password, username);
  if (problem) throw new CliError(problem);
  return password;
}

async function userCommand(config: Config, plugins: KedaiPlugin[], fromStdin: boolean) {
  const [action, name] = config.args;
  if (action === 'list') {
    withStore(config, plugins, ({ db }) => {
      for (const u of usersRepo(db).list()) console.log(`${u.username}\t${u.role}\t${u.active ? 'active' : 'disabled'}`);
    });
    return;
  }
  if (!name || !['add', 'passwd', 'disable', 'enable'].includes(action))
    throw new CliError('Usage: kedai user add|passwd|disable|enable NAME, or kedai user list');
  if (action === 'add') {
    const role = roleFlag(config);
    const password = await newPassword(fromStdin, name);
    withStore(config, plugins, ({ db }) => usersRepo(db, config.scryptLogN).create(name, password, role));
    console.log(`Created ${role} account ${name}.`);
    return;
  }
  const find = (db: Parameters<typeof usersRepo>[0]) => {
    const u = usersRepo(db).findByUsername(name);
    if (!u) throw new CliError(`No user named ${name}`);
    return u;
  };
  if (action === 'passwd') {
    withStore(config, plugins, ({ db }) => find(db));
    const password = await newPassword(fromStdin, name);
    withStore(config, plugins, ({ db }) => usersRepo(db, config.scryptLogN).setPassword(find(db).id, password));
    console.log(`Password changed for ${name}; their open sessions have ended.`);
    return;
  }
  withStore(config, plugins, ({ db }) => usersRepo(db).setActive(find(db).id, action === 'enable'));
  console.log(`${name} is now ${action === 'enable' ? 'enabled' : 'disabled'}.`);
}

export { USAGE, lockHolder };
