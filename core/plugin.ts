// The plugin contract and registry: a feature is one manifest; core checks names and dependencies,
// orders plugins so every plugin comes after the ones it depends on, and collects the extension
// points (hooks) the manifests declare, per app, so a plugin left out of an app contributes nothing.
import type { FastifyPluginAsync } from 'fastify';
import type { Migration } from './migrate.js';
import type { Db } from './db.js';
import type { Config } from './config.js';
import type { SettingDecl } from './setting-decl.js';
import type { TSchema } from 'typebox';
import { CORE_METHODS, TENDER_METHOD_PATTERN } from './tender-method.js';

export interface SeedContext {
  db: Db;
  config: Config;
}

/**
 * Refuses to void an invoice: returns the reason shown to the user, or null when this plugin has no
 * objection. Runs inside the void's write transaction, so it sees exactly what the void will change.
 */
export type VoidCheck = (db: Db, invoiceId: number) => string | null;

/**
 * A tender another plugin owns (a credit note, a gift card, loyalty points), spent on a new sale inside checkout's
 * own transaction. One rule for every tender (#29): sales writes the sale's `sales_payment` row and its ledger row;
 * the tender's owner checks and spends its own value, writes only its own rows, and calls `recordPayment` once to
 * have sales write the payment (it gets the payment's id to link its rows to).
 */
export interface TenderRedemption {
  /** The payment's method (the key the plugin declared in `tenders`). */
  method: string;
  /** What the till sent as the payment's reference (a credit note's code, a gift card's code); null when none. */
  reference: string | null;
  amountCents: number;
  /** The sale's invoice, already written; its customer decides whose tender may pay it. */
  invoiceId: number;
  /** The request field to name in an error (e.g. `payments.1`). */
  field: string;
  userId: number | null;
  at: Date;
  /** The till's address: failed look-ups of a guessable reference are counted per address, like sign-ins (#25). */
  clientIp?: string | null;
  /**
   * Writes the sale's payment of `amountCents` by `method` (sales' row, with the till and the user) and returns its id.
   * `reference` is what receipts and the ledger print for it (a note's number; never a secret code). Call it once.
   */
  recordPayment: (reference: string | null) => number;
}

/** Spends the tender on the sale (calling `r.recordPayment` once); throws a 4xx AppError naming the field. */
export type TenderRedeemer = (db: Db, r: TenderRedemption) => void;

/**
 * Value going back to a plugin tender: goods a sale paid (partly) with it came back (a return), so the tender's owner
 * puts `amountCents` back on it (the gift card, the customer's points). Runs inside the return's transaction; the
 * caller writes the ledger row (TENDER_REFUND). Throws a 4xx AppError naming `field` to refuse.
 */
export interface TenderRefund {
  method: string;
  invoiceId: number;
  /** The sale's payments by this method, oldest first (a tender paid by two cards: both, with what each paid). */
  payments: { id: number; reference: string | null; amountCents: number }[];
  amountCents: number;
  field: string;
  userId: number | null;
  at: Date;
}

/** Puts the value back; returns the reference the refund is printed and recorded with (a card's masked code). */
export type TenderRefunder = (db: Db, r: TenderRefund) => { reference: string | null };

/** Lines another plugin adds under an invoice's receipt (returns: the pairs an exchange took back), amounts in cents. */
export interface ReceiptSection {
  title: string;
  lines: { name: string; size: string | null; sku: string | null; qty: number; amountCents: number }[];
  totalCents: number;
  /**
   * Label/value pairs printed under the lines (#29: "Points earned" 120, "Points balance" 1,240), for what is not a
   * line of goods or money. A section of notes only (no lines) prints no total.
   */
  notes?: { label: string; value: string }[];
}

/** Gives the receipt section this plugin's data holds for an invoice, or null when it has none. */
export type ReceiptSectionSource = (db: Db, invoiceId: number) => ReceiptSection | null;

/**
 * A cart line as the checkout pipeline's adjust stage shows it to adjusters (#28.1): the catalogue's price, the
 * discount already on the line (the cashier's, an exchange's carried price), in cents. `index` names the line.
 */
export interface AdjustableLine {
  index: number;
  productId: number;
  qty: number;
  unitPriceCents: number;
  discountCents: number;
}

/** The cart an adjuster prices: its lines, the shop day of the sale (or of the quote), the customer if any. */
export interface AdjustableCart {
  lines: readonly AdjustableLine[];
  businessDate: string;
  customerId: number | null;
}

/**
 * One adjustment an adjuster makes (a promotion applied once or more): its label as receipts print it, and its
 * share on each line it touches, in signed cents (negative lowers the line) with the units of the line it covers.
 */
export interface AdjustmentDraft {
  code: string;
  label: string;
  /** The adjuster's own id for it (a promotion's id), written as the row's ref_id. */
  refId: number | null;
  shares: { index: number; units: number; amountCents: number }[];
}

/**
 * A plugin's part in the checkout's adjust stage: it sees the priced cart and returns its adjustments. Pure over
 * the database (reads only): the same function prices a quote, the customer display and the sale itself.
 */
export interface CheckoutAdjuster {
  /** The plugin's name, written as each row's `source`. */
  source: string;
  adjust: (db: Db, cart: AdjustableCart) => AdjustmentDraft[];
}

/**
 * What a charge item costs (#29): its code and label as receipts print them (by label, marked as without GST) and
 * its amount in positive cents. The label should read well alone ('Gift card $50.00').
 */
export interface ChargePrice {
  code: string;
  label: string;
  amountCents: number;
}

/** A charge as the sale wrote it: its sales_invoice_adjustment row (line_id NULL, positive amount) and its value. */
export interface WrittenCharge<V = unknown> {
  invoiceId: number;
  number: string;
  /** The row's id in sales_invoice_adjustment: the plugin's own records point at it. */
  rowId: number;
  /** The checkout body's item index (`items.N`). */
  index: number;
  value: V;
  price: ChargePrice;
  userId: number | null;
  at: Date;
}

/**
 * A kind of checkout item a plugin sells that is not stock and carries no GST (#29: a gift card), sent in the body's
 * `items` as `{ <kind>: value }`. It is priced after the goods: never seen by adjusters, never under the invoice
 * discount, never in the GST; written as an invoice-level sales_invoice_adjustment row (line_id NULL, positive).
 */
export interface ChargeKind<V = unknown> {
  /** The item's value as the till sends it; checked with Value, a failure is a 400 naming `items.N.<kind>.<field>`. */
  schema: TSchema;
  /** Its price, from the checked value (may read the database; never writes: the quote runs it too). 400/409 AppErrors name `field`. */
  price: (db: Db, value: V, field: string) => ChargePrice;
  /**
   * Inside the sale's transaction, after the invoice and the charge's row are written: the plugin keeps its records
   * (a card and its code). What it returns is listed in the checkout reply under `replyKey`. A throw undoes the sale.
   */
  record?: (db: Db, written: WrittenCharge<V>) => unknown;
  /** For a replayed checkout (same Idempotency-Key): what `record` returned, read back by the row's id. */
  recall?: (db: Db, written: Omit<WrittenCharge<V>, 'userId' | 'at'>) => unknown;
  /** The checkout reply's key listing what `record` returned for every item of this kind (`gift_cards`). */
  replyKey?: string;
}

/** Declares a charge kind (gives `price` and `record` the value's type). */
export function defineCharge<V>(kind: ChargeKind<V>): ChargeKind<V> {
  return kind;
}

/** A charge kind as the app knows it: with the plugin that declared it (each row's `source`). */
export interface RegisteredCharge extends ChargeKind {
  kind: string;
  source: string;
}

/** A sale just committed, as after-commit hooks see it (the print, the customer display, the replica). */
export interface CommittedSale {
  invoiceId: number;
  number: string;
  till: string | null;
  grandTotalCents: number;
}

/** Runs after the sale's COMMIT (never inside it): must not throw, must not block (queue slow work). */
export type AfterCommit = (db: Db, sale: CommittedSale) => void;

/**
 * A sale as checkout wrote it (#29), handed to `saleRecorded` hooks inside the sale's transaction once the invoice,
 * its lines, adjustments, charges and payments (plugin tenders included) are written. Amounts in cents.
 */
export interface RecordedSale {
  invoiceId: number;
  number: string;
  customerId: number | null;
  businessDate: string;
  till: string | null;
  /** What the sale costs, charges included; `chargesCents` is the untaxed charges' part (a gift card sold). */
  grandTotalCents: number;
  chargesCents: number;
  taxCents: number;
  /**
   * The goods' lines: `lineTotalCents` is qty x unit price less the line's discounts and adjustments, in the shop's
   * price mode, before the invoice discount (what a return refunds per line: RecordedReturn.lines).
   */
  lines: { lineId: number; productId: number; qty: number; lineTotalCents: number }[];
  /** Every payment row written, in order (`amountCents` as planned: cash is what the sale took, not what was handed over). */
  payments: { id: number; method: string; reference: string | null; amountCents: number }[];
  /** The payments added up by method (CASH, NETS, PAYNOW, CREDIT_NOTE, GIFT_CARD, LOYALTY_POINTS...). */
  paidByMethod: Record<string, number>;
  /** Left on the customer's account to pay later (a credit sale): not a payment. */
  onAccountCents: number;
  /** Signed cents the cash part was rounded by: the payments add up to grandTotalCents + roundingCents - onAccountCents. */
  roundingCents: number;
  userId: number | null;
  at: Date;
}

/** What a replayed checkout (same Idempotency-Key) tells `recall`: the sale first written. */
export interface ReplayedSale {
  invoiceId: number;
  number: string;
  customerId: number | null;
}

/**
 * A plugin's part in checkout's persist stage after the sale is written (#29: loyalty points earned and spent). `record`
 * runs inside the sale's transaction: it may write its own rows; a 4xx AppError refuses the sale (nothing is written).
 * What it returns (not undefined) is the checkout reply's `replyKey`; `recall` rebuilds it for a replayed checkout
 * (record is never run twice for one sale). Exchanges' new sales run it too (they are checkouts).
 */
export interface SaleRecordedHook {
  record: (db: Db, sale: RecordedSale) => unknown;
  recall?: (db: Db, sale: ReplayedSale) => unknown;
  replyKey?: string;
}

/**
 * A return as written (#29), handed to `returnRecorded` hooks inside the return's transaction (a return, or the goods
 * coming back in an exchange) after its rows, stock, refunds and credit note are written. Amounts in cents.
 */
export interface RecordedReturn {
  invoiceId: number;
  customerId: number | null;
  /** The return's rows' ids (one per item), in the request's order. */
  returnIds: string[];
  /** The units back per invoice line and their refunded value: net + GST = `refundCents`. */
  lines: { returnId: string; lineId: number; productId: number; qty: number; netCents: number; taxCents: number; refundCents: number }[];
  /** The whole return, GST included: accountCents + tender refunds + moneyCents + creditNoteCents. */
  refundCents: number;
  /** Where the value went: off what the customer owed, back on plugin tenders, money paid back, a credit note. */
  accountCents: number;
  tenderRefunds: { method: string; amountCents: number; reference: string | null }[];
  moneyCents: number;
  moneyMethod: string | null;
  creditNoteCents: number;
  creditNoteId: number | null;
  userId: number | null;
  at: Date;
}

/** Runs inside the return's transaction (may write its own rows); a 4xx AppError refuses the return (nothing written). */
export type ReturnRecordedHook = (db: Db, ret: RecordedReturn) => void;

/** An invoice just voided (#29), inside the void's transaction after the stock, refunds and ledger rows are written. */
export interface VoidedSale {
  invoiceId: number;
  number: string;
  customerId: number | null;
  grandTotalCents: number;
  /** What the void paid back, by method. */
  refunds: { method: string; amountCents: number }[];
  reason: string;
  userId: number | null;
  at: Date;
}

/**
 * Undoes this plugin's rows for a voided sale (points earned, a card issued and unspent). A sale the plugin cannot undo
 * is refused earlier by its `voidChecks`; a throw here (4xx AppError) still rolls the void back.
 */
export type SaleVoidedHook = (db: Db, sale: VoidedSale) => void;

/**
 * A field this plugin adds to the customer of GET /api/customers/:id (#29: loyalty's `{points, value}`), by its key in
 * the reply: customers merges them without knowing the plugins. May write (a small sweep of its own rows).
 */
export type CustomerField = (db: Db, customerId: number) => unknown;

/** A short fact a plugin shows beside the chosen customer's name on the customer display (#29: `Points`, `1,240 ($12.40)`). */
export interface CustomerBadge {
  label: string;
  value: string;
}

/** Gives this plugin's badge for a customer, or null when it has none to show. */
export type CustomerBadgeSource = (db: Db, customerId: number) => CustomerBadge | null;

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
  /**
   * Payment methods this plugin settles at checkout, by method (CREDIT_NOTE: credit-notes; GIFT_CARD, LOYALTY_POINTS):
   * the till may send `payments: [{method, reference?, amount}]` with any of them (docs/adding-a-plugin.md "2b").
   * A method is an upper-case code (PLUGIN_METHOD_PATTERN); CASH, NETS, PAYNOW, BANK_TRANSFER and CREDIT are sales'.
   */
  tenders?: Record<string, TenderRedeemer>;
  /** How this plugin takes value back on its tenders when goods they paid are returned, by method (#29). */
  tenderRefunds?: Record<string, TenderRefunder>;
  /** Sections this plugin adds to an invoice's receipt (printer, browser and PDF alike). */
  receiptSections?: ReceiptSectionSource[];
  /** This plugin's part in the checkout's adjust stage (promotions), run for quotes and sales alike. */
  adjusters?: CheckoutAdjuster[];
  /** What this plugin does once a sale is committed (the checkout pipeline's last stage). */
  afterCommit?: AfterCommit[];
  /**
   * Items of the cart this plugin sells besides the catalogue's goods (#29), by the key a checkout item names them
   * with (`{gift_card: {amount: 50}}`): untaxed charges added after the goods (see ChargeKind).
   */
  charges?: Record<string, ChargeKind<never>>;
  /** Checkout's persist stage, after the sale is written (#29; docs/adding-a-plugin.md "2b"): see SaleRecordedHook. */
  saleRecorded?: SaleRecordedHook[];
  /** Inside a return's transaction, with the return as written (#29: reverse what the goods earned). */
  returnRecorded?: ReturnRecordedHook[];
  /** Inside a void's transaction, with the voided sale (#29: undo this plugin's rows for it). */
  saleVoided?: SaleVoidedHook[];
  /** Status of the files this plugin copies off the premises, by queue name (read by health and Settings). */
  offsiteQueues?: Record<string, (db: Db) => OffsiteQueueStatus>;
  /**
   * The shop settings this plugin owns (#28.3): GET/PATCH /api/settings serve them beside core's, with their
   * defaults and checks. A key core or another plugin has is refused at start. Typed for readers by declaration
   * merging into core's ShopSettings (see core/settings.ts, and docs/adding-a-plugin.md "Settings").
   */
  settings?: SettingDecl[];
  /** Fields this plugin adds to GET /api/customers/:id's customer, by reply key (unique across plugins, checked at start). */
  customerFields?: Record<string, CustomerField>;
  /** Badges this plugin shows with the chosen customer on the customer display (#29). */
  customerBadges?: CustomerBadgeSource[];
}

/** The extension points of every plugin in one app, in dependency order. */
export interface PluginHooks {
  voidChecks: readonly VoidCheck[];
  tenders: Readonly<Record<string, TenderRedeemer>>;
  tenderRefunds: Readonly<Record<string, TenderRefunder>>;
  offsiteQueues: Readonly<Record<string, (db: Db) => OffsiteQueueStatus>>;
  receiptSections: readonly ReceiptSectionSource[];
  adjusters: readonly CheckoutAdjuster[];
  afterCommit: readonly AfterCommit[];
  charges: Readonly<Record<string, RegisteredCharge>>;
  saleRecorded: readonly RegisteredSaleHook[];
  returnRecorded: readonly ReturnRecordedHook[];
  saleVoided: readonly SaleVoidedHook[];
  settings: readonly SettingDecl[];
  customerFields: Readonly<Record<string, CustomerField>>;
  customerBadges: readonly CustomerBadgeSource[];
}

/** A saleRecorded hook as the app knows it: with the plugin that declared it. */
export interface RegisteredSaleHook extends SaleRecordedHook {
  source: string;
}

/** Collects the hooks the (ordered) plugins declare in their manifests. */
export function collectHooks(plugins: KedaiPlugin[]): PluginHooks {
  checkTenderMethods(plugins);
  return {
    voidChecks: Object.freeze(plugins.flatMap((p) => p.voidChecks ?? [])),
    tenders: Object.freeze(Object.assign({}, ...plugins.map((p) => p.tenders ?? {}))),
    tenderRefunds: Object.freeze(Object.assign({}, ...plugins.map((p) => p.tenderRefunds ?? {}))),
    offsiteQueues: Object.freeze(Object.assign({}, ...plugins.map((p) => p.offsiteQueues ?? {}))),
    receiptSections: Object.freeze(plugins.flatMap((p) => p.receiptSections ?? [])),
    adjusters: Object.freeze(plugins.flatMap((p) => p.adjusters ?? [])),
    afterCommit: Object.freeze(plugins.flatMap((p) => p.afterCommit ?? [])),
    charges: Object.freeze(collectCharges(plugins)),
    saleRecorded: Object.freeze(plugins.flatMap((p) => (p.saleRecorded ?? []).map((h) => ({ ...h, source: p.name })))),
    returnRecorded: Object.freeze(plugins.flatMap((p) => p.returnRecorded ?? [])),
    saleVoided: Object.freeze(plugins.flatMap((p) => p.saleVoided ?? [])),
    settings: Object.freeze(plugins.flatMap((p) => p.settings ?? [])),
    customerFields: Object.freeze(collectCustomerFields(plugins)),
    customerBadges: Object.freeze(plugins.flatMap((p) => p.customerBadges ?? [])),
  };
}

/** The customer reply's plugin fields: a key declared by two plugins stops the app at start naming both. */
function collectCustomerFields(plugins: KedaiPlugin[]): Record<string, CustomerField> {
  const out: Record<string, CustomerField> = {};
  const owner = new Map<string, string>();
  for (const p of plugins) {
    for (const [key, field] of Object.entries(p.customerFields ?? {})) {
      if (!/^[a-z][a-z0-9_]{0,39}$/.test(key)) throw new Error(`Plugin "${p.name}": customer field "${key}" must be lower_snake_case`);
      const other = owner.get(key);
      if (other) throw new Error(`Customer field "${key}" is declared by both "${other}" and "${p.name}"`);
      owner.set(key, p.name);
      out[key] = field;
    }
  }
  return out;
}

/** The item kinds every plugin sells: a kind or a checkout reply key (charges' and saleRecorded's) declared twice stops the app at start naming both. */
function collectCharges(plugins: KedaiPlugin[]): Record<string, RegisteredCharge> {
  const out: Record<string, RegisteredCharge> = {};
  const keys = new Map<string, string>();
  for (const p of plugins) {
    for (const [kind, decl] of Object.entries(p.charges ?? {})) {
      if (!/^[a-z][a-z0-9_]{0,39}$/.test(kind)) throw new Error(`Plugin "${p.name}": item kind "${kind}" must be lower_snake_case`);
      const other = out[kind];
      if (other) throw new Error(`Item kind "${kind}" is declared by both "${other.source}" and "${p.name}"`);
      if (decl.replyKey) {
        const owner = keys.get(decl.replyKey);
        if (owner) throw new Error(`Checkout reply key "${decl.replyKey}" is declared by both "${owner}" and "${p.name}"`);
        keys.set(decl.replyKey, p.name);
      }
      out[kind] = { ...(decl as ChargeKind), kind, source: p.name };
    }
    // saleRecorded hooks' reply keys share the checkout reply with the charges'.
    for (const hook of p.saleRecorded ?? []) {
      if (!hook.replyKey) continue;
      const owner = keys.get(hook.replyKey);
      if (owner) throw new Error(`Checkout reply key "${hook.replyKey}" is declared by both "${owner}" and "${p.name}"`);
      keys.set(hook.replyKey, p.name);
    }
  }
  return out;
}

/** A tender's method is an upper-case code no other plugin and not sales itself takes (refused at start). */
function checkTenderMethods(plugins: KedaiPlugin[]) {
  const owner = new Map<string, string>();
  for (const p of plugins) {
    for (const method of Object.keys(p.tenders ?? {})) {
      if (!new RegExp(TENDER_METHOD_PATTERN).test(method) || CORE_METHODS.includes(method))
        throw new Error(`Plugin "${p.name}" declares tender "${method}": a tender is an upper-case code other than ${CORE_METHODS.join(', ')}`);
      if (owner.has(method)) throw new Error(`Plugins "${owner.get(method)}" and "${p.name}" both declare tender "${method}"`);
      owner.set(method, p.name);
    }
    for (const method of Object.keys(p.tenderRefunds ?? {})) {
      if (!p.tenders?.[method]) throw new Error(`Plugin "${p.name}" refunds to tender "${method}", which it does not declare in tenders`);
    }
  }
}

/** What the checkout's stages read of the app that runs them: its plugins' hooks and the shop's time zone. */
export interface AppContext {
  hooks: PluginHooks;
  timeZone: string;
}

const NO_APP: AppContext = { hooks: collectHooks([]), timeZone: 'Asia/Singapore' };
const appByDb = new WeakMap<Db, AppContext>();

/**
 * The one app context (#28.1): bound once by createApp to the database it opened, so a stage of the checkout
 * reads the hooks here and no caller hands them down. A database no app opened (a unit test's) has no hooks:
 * no adjusters, no tenders, nothing after commit.
 */
export function bindAppContext(db: Db, context: AppContext) {
  appByDb.set(db, context);
}

export function appContextOf(db: Db): AppContext {
  return appByDb.get(db) ?? NO_APP;
}

export function hooksOf(db: Db): PluginHooks {
  return appContextOf(db).hooks;
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
