// Builds the Fastify app: data folder, database + migrations, demo seed, security, auth, plugins, UI.
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import type { Config } from './config.js';
import { ensureDataDir, loadSecretKey, type DataPaths } from './data-dir.js';
import { openDb, type Db } from './db.js';
import { installErrorHandler } from './errors.js';
import { runMigrations, migrationsOf } from './migrate.js';
import { bindAppContext, collectHooks, orderPlugins, type KedaiPlugin, type PluginHooks } from './plugin.js';
import authPlugin, { DEMO_ACCOUNTS } from './auth/plugin.js';
import { usersRepo } from './auth/users.js';
import { getMeta, setMeta, saveSettings, DEMO_SETTINGS } from './settings.js';
import { installSecurityHeaders } from './security-headers.js';
import { serveUi } from './static-ui.js';
import { validatorCompiler } from './validation.js';
import { serializerCompiler } from './serialization.js';
import { VERSION } from './version.js';
// Every .sql file of core/migrations/, by file name (core/dev/sql-folder.mjs).
import coreMigrationFiles from './migrations/index.sql-folder';
import { installHostCheck } from './host-check.js';
import { installCompression } from './compression.js';
import { HealthReply, type ReplicaHealth } from './schemas.js';
import { OffloadPool } from './offload/pool.js';
import type { ReplicaStatus } from './replica/supervisor.js';
import './auth/types.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    paths: DataPaths;
    /** The extension points the app's plugins declared (see KedaiPlugin). */
    pluginHooks: PluginHooks;
    /** Worker threads with read-only connections for slow reads (app/worker-tasks.ts). */
    offload: OffloadPool;
    /** The off-site copy's status (set by `kedai serve` when --replicate is on), else null. */
    replicaStatus: (() => ReplicaStatus) | null;
  }
}

/** Core's own migrations, run before every plugin's. */
export const corePlugin: KedaiPlugin = { name: 'core', migrations: migrationsOf(coreMigrationFiles) };

/** Opens the data folder and database and brings the schema up to date (no HTTP). */
export function openStore(config: Config, plugins: KedaiPlugin[]) {
  const paths = ensureDataDir(config.dataDir);
  const db = openDb(paths.db);
  try {
    const ordered = orderPlugins([corePlugin, ...plugins]);
    runMigrations(
      db,
      ordered.map((p) => ({ name: p.name, migrations: p.migrations ?? [] })),
    );
    return { paths, db, ordered };
  } catch (err) {
    db.close();
    throw err;
  }
}

/** Seeds demo accounts, settings and each plugin's demo data, once, on a database that has never been seeded. */
async function seedDemoOnce(db: Db, config: Config, ordered: KedaiPlugin[]) {
  if (getMeta(db, 'created_by_demo') !== undefined) return;
  const users = usersRepo(db, config.scryptLogN);
  if (users.count() > 0) return; // a real shop's database: never add demo data to it
  db.transaction(() => {
    for (const a of DEMO_ACCOUNTS) users.create(a.username, a.password, a.role);
    saveSettings(db, DEMO_SETTINGS);
    setMeta(db, 'created_by_demo', new Date().toISOString());
  })();
  const ctx = { db, config };
  for (const p of ordered) if (p.seedDemo) await p.seedDemo(ctx);
}

/** Builds the whole app for a config and a list of feature plugins. */
export async function buildApp(config: Config, plugins: KedaiPlugin[]): Promise<FastifyInstance> {
  const { paths, db, ordered } = openStore(config, plugins);
  if (config.demo) await seedDemoOnce(db, config, ordered);
  const secret = loadSecretKey(paths.secretKey);

  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: false,
    bodyLimit: 2 * 1024 * 1024,
    requestTimeout: 60_000,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  installHostCheck(app, config.hostnames);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('paths', paths);
  const hooks = collectHooks(ordered);
  app.decorate('pluginHooks', hooks);
  bindAppContext(db, { hooks, timeZone: config.timeZone });
  app.decorate('replicaStatus', null);
  app.addHook('onClose', async () => db.close());
  const offload = new OffloadPool({ dbFile: paths.db, size: config.workers, stallTimeoutMs: config.streamStallMs, idleExitMs: config.workerIdleMs });
  app.decorate('offload', offload);
  app.addHook('onClose', () => offload.close());
  installErrorHandler(app);
  // A clean stop (SIGTERM) finishes the requests it took; each reply it sends from then on closes its keep-alive
  // connection, else a till's connection that was busy when the stop began (a sale waiting for its group's commit,
  // core/group-commit.ts) would stay open, idle, and hold the stop up until the keep-alive timeout.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  installSecurityHeaders(app);
  await installCompression(app);
  await app.register(authPlugin, { db, secret, demo: config.demo, scryptLogN: config.scryptLogN, timeZone: config.timeZone });

  const ping = db.prepare('SELECT 1');
  /** The database copy's status joined with the photo queues' (one off-site copy, as the owner sees it). */
  const withPhotos = (replica: Static<typeof ReplicaHealth>): Static<typeof ReplicaHealth> => {
    const queues = Object.values(app.pluginHooks.offsiteQueues).map((status) => status(db));
    if (!queues.length) return replica;
    const photoError = queues.find((q) => q.last_error)?.last_error ?? null;
    return {
      ...replica,
      ok: replica.ok && !photoError,
      last_error: replica.last_error ?? (photoError && `Photos: ${photoError}`),
      photos_pending: queues.reduce((n, q) => n + q.pending, 0),
    };
  };
  // Public (CONTRACT: {ok, version, db}); of the off-site copy anyone sees whether it is fine and how far behind,
  // and only a signed-in ADMIN its details: the error's text can name the key file, the bucket, the endpoint.
  app.get('/api/health', { schema: { response: { 200: HealthReply } }, config: { public: true, optionalAuth: true } }, async (request) => {
    ping.get();
    const status = app.replicaStatus?.();
    if (!status) return { ok: true, version: VERSION, db: 'ok' };
    const replica = withPhotos(status);
    const admin = request.user?.role === 'ADMIN';
    return { ok: true, version: VERSION, db: 'ok', replica: admin ? replica : { ok: replica.ok, lag_seconds: replica.lag_seconds } };
  });

  for (const p of ordered) if (p.routes) await app.register(p.routes);
  await serveUi(app, config.uiDir);
  return app;
}
