// The plugin contract and registry: a feature is one manifest; core checks names and dependencies
// and orders plugins so every plugin comes after the ones it depends on.
import type { FastifyPluginAsync } from 'fastify';
import type { Migration } from './migrate.js';
import type { Db } from './db.js';
import type { Config } from './config.js';

export interface SeedContext {
  db: Db;
  config: Config;
  /** Hashes a password with the server's scrypt settings (demo accounts). */
  hashPassword(password: string): string;
}

export interface KedaiPlugin {
  name: string;
  dependsOn?: string[];
  migrations?: Migration[];
  /** Fastify plugin registered under /api (encapsulated). */
  routes?: FastifyPluginAsync;
  /** Fills a NEW demo database with sample data, after all migrations ran. */
  seedDemo?: (ctx: SeedContext) => void | Promise<void>;
}

/** Declares a plugin (identity function that gives the manifest its type). */
export function definePlugin(plugin: KedaiPlugin): KedaiPlugin {
  return plugin;
}

/** Validates unique names and satisfied dependencies; returns the plugins in dependency order. */
export function orderPlugins(plugins: KedaiPlugin[]): KedaiPlugin[] {
  const byName = new Map<string, KedaiPlugin>();
  for (const p of plugins) {
    if (byName.has(p.name)) throw new Error(`Two plugins are named "${p.name}"`);
    byName.set(p.name, p);
  }
  const ordered: KedaiPlugin[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (p: KedaiPlugin, chain: string[]) => {
    if (state.get(p.name) === 'done') return;
    if (state.get(p.name) === 'visiting') throw new Error(`Plugin dependency cycle: ${[...chain, p.name].join(' -> ')}`);
    state.set(p.name, 'visiting');
    for (const dep of p.dependsOn ?? []) {
      const d = byName.get(dep);
      if (!d) throw new Error(`Plugin "${p.name}" depends on "${dep}", which is not registered`);
      visit(d, [...chain, p.name]);
    }
    state.set(p.name, 'done');
    ordered.push(p);
  };
  for (const p of plugins) visit(p, []);
  return ordered;
}
