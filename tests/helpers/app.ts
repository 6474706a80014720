// Test harness: the real app on a real SQLite file in a fresh temp folder, driven through app.inject.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../core/config.js';
import { buildApp } from '../../core/app.js';
import { usersRepo } from '../../core/auth/users.js';
import type { KedaiPlugin } from '../../core/plugin.js';
import { plugins as allPlugins } from '../../app/plugins.js';
import { setAppWorkers } from '../../app/worker-location.js';

// Worker threads run the app's program (every plugin's worker tasks), as under app/server.ts.
setAppWorkers();

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  raw: Buffer;
}

export interface Client {
  token: string;
  get<T = any>(url: string, headers?: Record<string, string>): Promise<Reply<T>>;
  post<T = any>(url: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  patch<T = any>(url: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  put<T = any>(url: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  delete<T = any>(url: string, headers?: Record<string, string>): Promise<Reply<T>>;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** Signed in as the seeded ADMIN ("admin"). */
  admin: Client;
  /** Signed in as the seeded USER ("staff"). */
  staff: Client;
  /** Not signed in. */
  anon: Client;
  /** Signs in and returns a client for any account. */
  login(username: string, password: string): Promise<Client>;
  close(): Promise<void>;
}

export const TEST_PASSWORDS = { admin: 'admin123', staff: 'staff123' };

/** Makes a client that sends the token (if any) as a Bearer header. */
export function clientFor(app: FastifyInstance, token: string): Client {
  const send = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    const type = String(res.headers['content-type'] ?? '');
    return {
      status: res.statusCode,
      body: type.includes('json') ? res.json() : res.body,
      headers: res.headers,
      raw: res.rawPayload,
    };
  };
  return {
    token,
    get: (url, headers) => send('GET', url, undefined, headers),
    post: (url, body, headers) => send('POST', url, body ?? {}, headers),
    patch: (url, body, headers) => send('PATCH', url, body ?? {}, headers),
    put: (url, body, headers) => send('PUT', url, body ?? {}, headers),
    delete: (url, headers) => send('DELETE', url, undefined, headers),
  };
}

/**
 * Builds the app on a fresh temp data folder. By default it has an ADMIN "admin" and a USER "staff"
 * and no other data; `demo: true` seeds the full demo data set instead (accounts included).
 */
export async function testApp(
  opts: {
    demo?: boolean;
    plugins?: KedaiPlugin[];
    /** Plugins added to the app's own (a test's plugin that declares a hook). */
    morePlugins?: KedaiPlugin[];
    dataDir?: string;
    env?: NodeJS.ProcessEnv;
    uiDir?: string | null;
    argv?: string[];
  } = {},
): Promise<TestApp> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-test-'));
  const config = loadConfig(opts.argv ?? [], opts.env ?? {}, {
    dataDir,
    demo: opts.demo ?? false,
    scryptLogN: 10,
    uiDir: opts.uiDir ?? null,
    logLevel: 'silent',
  });
  const app = await buildApp(config, [...(opts.plugins ?? allPlugins), ...(opts.morePlugins ?? [])]);
  const users = usersRepo(app.db, config.scryptLogN);
  if (!opts.demo) {
    if (!users.findByUsername('admin')) users.create('admin', TEST_PASSWORDS.admin, 'ADMIN');
    if (!users.findByUsername('staff')) users.create('staff', TEST_PASSWORDS.staff, 'USER');
  }
  const login = async (username: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return clientFor(app, res.json().token);
  };
  const admin = await login('admin', TEST_PASSWORDS.admin);
  const staff = await login('staff', TEST_PASSWORDS.staff);
  return {
    app,
    config,
    dataDir,
    admin,
    staff,
    anon: clientFor(app, ''),
    login,
    async close() {
      await app.close();
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new shop that nobody has set up yet (#26.8): no accounts at all, so setup mode is open. */
export interface SetupModeApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** The one-time code `kedai serve` would print in its setup link. */
  code: string;
  anon: Client;
  close(): Promise<void>;
}

/** Builds the app on a fresh temp data folder with no accounts (not demo): a shop waiting for its setup. */
export async function setupModeApp(opts: { plugins?: KedaiPlugin[]; uiDir?: string | null } = {}): Promise<SetupModeApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-setup-'));
  const config = loadConfig([], {}, { dataDir, demo: false, scryptLogN: 10, uiDir: opts.uiDir ?? null, logLevel: 'silent' });
  const app = await buildApp(config, opts.plugins ?? allPlugins);
  const code = app.setup.code();
  if (!code) throw new Error('setupModeApp: setup mode is not open on a new database');
  return {
    app,
    config,
    dataDir,
    code,
    anon: clientFor(app, ''),
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The registered plugins with these names, in registry order: how a plugin's test builds an app of a few
 * plugins without importing their manifests (tests/boundaries.test.ts: a plugin imports only public faces).
 */
export function pluginsNamed(...names: string[]): KedaiPlugin[] {
  const missing = names.filter((n) => !allPlugins.some((p) => p.name === n));
  if (missing.length) throw new Error(`No registered plugin named ${missing.join(', ')}`);
  return allPlugins.filter((p) => names.includes(p.name));
}

/** Every registered plugin except these (names), in registry order. */
export function pluginsWithout(...names: string[]): KedaiPlugin[] {
  return allPlugins.filter((p) => !names.includes(p.name));
}
