// The plugin contract and registry: a feature is one manifest; core checks names and dependencies,
// orders plugins so every plugin comes after the ones it depends on, and collects the extension
// points (hooks) the manifests declare, per app, so a plugin left out of an app contributes nothing.
import type { FastifyPluginAsync } from 'fastify';
import type { Migration } from './migrate.js';
import type { Db } from './db.js';
import type { Config } from './config.js';

export interface SeedContext {
  db: Db;
  config: Config;
}

/**
 * Refuses to void an invoice: returns the reason shown to the user, or null when this plugin has no
 * objection. Runs inside the void's write transaction, so it sees exactly what the void will change.
 */
export type VoidCheck = (db: Db, invoiceId: number) => string | null;

/** A tender another plugin owns (a credit note), spent on a new sale inside checkout's own transaction. */
export interface TenderRedemption {
  /** What the till sent as the payment's reference (a credit note's redemption code, or a customer's note's number). */
  reference: string;
  amountCents: number;
  /** The sale's invoice, already written; its customer decides whose tender may pay it. */
  invoiceId: number;
  /** The request field to name in an error (e.g. `payments.1`). */
  field: string;
  userId: number | null;
  at: Date;
  /** The till's address: failed look-ups of a guessable reference are counted per address, like sign-ins (#25). */
  clientIp?: string | null;
}

/** Records the payment (and whatever the tender's owner keeps); throws a 4xx AppError naming the field. */
export type TenderRedeemer = (db: Db, r: TenderRedemption) => { paymentId: number; reference: string };

/** Lines another plugin adds under an invoice's receipt (returns: the pairs an exchange took back), amounts in cents. */
export interface ReceiptSection {
  title: string;
  lines: { name: string; size: string | null; sku: string | null; qty: number; amountCents: number }[];
  totalCents: number;
}

/** Gives the receipt section this plugin's data holds for an invoice, or null when it has none. */
export type ReceiptSectionSource = (db: Db, invoiceId: number) => ReceiptSection | null;

/** A queue of files a plugin sends to the off-site store besides the database (#19: images' photos). */
export interface OffsiteQueueStatus {
  pending: number;
  last_error: string | null;
  last_upload_at: string | null;
}

export interface KedaiPlugin {
  name: string;
  dependsOn?: string[];
  /**
   * This plugin's tables (and views) that plugins depending on it may name in their SQL: read them, join them,
   * point foreign keys at them. Read-only unless this plugin's api.ts says otherwise: a write to another
   * plugin's table goes through that plugin's api.ts. Tables are named `<plugin>_<table>` (the folder name with
   * `-` as `_`); every other table of the plugin is private (tests/boundaries.test.ts reads all SQL).
   */
  publicTables?: string[];
  /**
   * Views this plugin creates empty for another plugin's migrations to replace with one over that plugin's data,
   * so this plugin reads the data without depending on its holder (reports_credit_note: credit-notes fills it).
   * Any plugin's migrations may drop and recreate a seam; reading it from another plugin needs `publicTables`.
   */
  seams?: string[];
  migrations?: Migration[];
  /** Fastify plugin registered under /api (encapsulated). */
  routes?: FastifyPluginAsync;
  /** Fills a NEW demo database with sample data, after all migrations ran. */
  seedDemo?: (ctx: SeedContext) => void | Promise<void>;
  /** Reasons this plugin's data gives for refusing an invoice void (sales runs them all, first reason wins). */
  voidChecks?: VoidCheck[];
  /** Payment methods this plugin settles at checkout, by method (CREDIT_NOTE: credit-notes). */
  tenders?: Record<string, TenderRedeemer>;
  /** Sections this plugin adds to an invoice's receipt (printer, browser and PDF alike). */
  receiptSections?: ReceiptSectionSource[];
  /** Status of the files this plugin copies off the premises, by queue name (read by health and Settings). */
  offsiteQueues?: Record<string, (db: Db) => OffsiteQueueStatus>;
}

/** The extension points of every plugin in one app, in dependency order. */
export interface PluginHooks {
  voidChecks: readonly VoidCheck[];
  tenders: Readonly<Record<string, TenderRedeemer>>;
  offsiteQueues: Readonly<Record<string, (db: Db) => OffsiteQueueStatus>>;
  receiptSections: readonly ReceiptSectionSource[];
}

/** Collects the hooks the (ordered) plugins declare in their manifests. */
export function collectHooks(plugins: KedaiPlugin[]): PluginHooks {
  return {
    voidChecks: Object.freeze(plugins.flatMap((p) => p.voidChecks ?? [])),
    tenders: Object.freeze(Object.assign({}, ...plugins.map((p) => p.tenders ?? {}))),
    offsiteQueues: Object.freeze(Object.assign({}, ...plugins.map((p) => p.offsiteQueues ?? {}))),
    receiptSections: Object.freeze(plugins.flatMap((p) => p.receiptSections ?? [])),
  };
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
