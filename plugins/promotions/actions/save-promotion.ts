// Creating, editing and ending a promotion: every rule of a kind checked here, each refusal a 400 naming its field
// (or 404 / 409), nothing written on a refusal.
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { percentToBps, toCents } from '../../../core/money.js';
import { promotionsRepo, type PromotionRow, type PromotionValues } from '../repo.js';
import type { CreatePromotionBody, PromotionKind, UpdatePromotionBody } from '../schemas.js';
import type { Scope } from '../scope.js';

type KindField = 'percent_off' | 'buy_qty' | 'get_qty' | 'get_percent_off' | 'bundle_qty' | 'bundle_price';
const KIND_FIELDS: readonly KindField[] = ['percent_off', 'buy_qty', 'get_qty', 'get_percent_off', 'bundle_qty', 'bundle_price'];

/** The fields each kind takes; all are required but get_percent_off (100 = free when left out). */
const FIELDS_OF: Record<PromotionKind, readonly KindField[]> = {
  PERCENT_OFF: ['percent_off'],
  BUY_X_GET_Y: ['buy_qty', 'get_qty', 'get_percent_off'],
  BUNDLE_PRICE: ['bundle_qty', 'bundle_price'],
};
const OPTIONAL = new Set<KindField>(['get_percent_off']);

/** A calendar day that exists (2026-02-30 does not). */
const isRealDay = (d: string) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;

/** Trimmed, without repeats (case-insensitively for names). */
function distinctNames(list: readonly string[] | undefined): string[] {
  const seen = new Map<string, string>();
  for (const raw of list ?? []) {
    const v = raw.trim();
    if (v && !seen.has(v.toLowerCase())) seen.set(v.toLowerCase(), v);
  }
  return [...seen.values()];
}

function checkedScope(db: Db, scope: CreatePromotionBody['scope']): Scope {
  const repo = promotionsRepo(db);
  const styleIds = [...new Set(scope?.style_ids ?? [])];
  const productIds = [...new Set(scope?.product_ids ?? [])];
  const unknownStyle = styleIds.find((id) => !repo.styleExists(id));
  if (unknownStyle !== undefined) throw badRequest(`scope.style_ids names no style with id ${unknownStyle}`, 'scope.style_ids');
  const unknownProduct = productIds.find((id) => !repo.productExists(id));
  if (unknownProduct !== undefined) throw badRequest(`scope.product_ids names no product with id ${unknownProduct}`, 'scope.product_ids');
  return { brands: distinctNames(scope?.brands), categories: distinctNames(scope?.categories), style_ids: styleIds, product_ids: productIds };
}

/** A whole promotion as sent (a create, or an edit laid over the stored one) -> the row's values, or a 400. */
export function promotionValues(db: Db, input: CreatePromotionBody): PromotionValues {
  const name = input.name.trim();
  if (!name) throw badRequest('name must not be blank', 'name');
  const own = FIELDS_OF[input.kind];
  for (const f of KIND_FIELDS) {
    const value = input[f];
    if (!own.includes(f) && value !== undefined && value !== null) throw badRequest(`${f} does not apply to a ${input.kind} promotion`, f);
    if (own.includes(f) && !OPTIONAL.has(f) && (value === undefined || value === null)) throw badRequest(`${f} is required for a ${input.kind} promotion`, f);
  }
  for (const f of ['starts_on', 'ends_on'] as const) {
    const d = input[f];
    if (d && !isRealDay(d)) throw badRequest(`${f} must be a real date (YYYY-MM-DD)`, f);
  }
  if (input.starts_on && input.ends_on && input.ends_on < input.starts_on) throw badRequest('ends_on must be on or after starts_on', 'ends_on');
  const bps = (p: number | undefined) => (p === undefined ? null : percentToBps(p));
  return {
    name,
    kind: input.kind,
    percent_off_bps: input.kind === 'PERCENT_OFF' ? bps(input.percent_off) : null,
    buy_qty: input.kind === 'BUY_X_GET_Y' ? (input.buy_qty ?? null) : null,
    get_qty: input.kind === 'BUY_X_GET_Y' ? (input.get_qty ?? null) : null,
    get_percent_off_bps: input.kind === 'BUY_X_GET_Y' ? (bps(input.get_percent_off) ?? 10_000) : null,
    bundle_qty: input.kind === 'BUNDLE_PRICE' ? (input.bundle_qty ?? null) : null,
    bundle_price_cents: input.kind === 'BUNDLE_PRICE' && input.bundle_price !== undefined ? toCents(input.bundle_price) : null,
    stackable: input.stackable ? 1 : 0,
    starts_on: input.starts_on ?? null,
    ends_on: input.ends_on ?? null,
    scope: JSON.stringify(checkedScope(db, input.scope)),
  };
}

export function createPromotion(db: Db, body: CreatePromotionBody, userId: number): number {
  return writeTx(db, () => promotionsRepo(db).insert(promotionValues(db, body), userId, nowIso()));
}

/** The stored promotion as a create body (what an edit is laid over). */
function asBody(row: PromotionRow): CreatePromotionBody {
  const pct = (bps: number | null) => (bps === null ? undefined : bps / 100);
  const orUndefined = <T>(v: T | null) => (v === null ? undefined : v);
  return {
    name: row.name,
    kind: row.kind,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    scope: JSON.parse(row.scope) as Scope,
    stackable: row.stackable === 1,
    percent_off: pct(row.percent_off_bps),
    buy_qty: orUndefined(row.buy_qty),
    get_qty: orUndefined(row.get_qty),
    get_percent_off: pct(row.get_percent_off_bps),
    bundle_qty: orUndefined(row.bundle_qty),
    bundle_price: row.bundle_price_cents === null ? undefined : row.bundle_price_cents / 100,
  };
}

const endedConflict = () => conflict('PROMOTION_ENDED', 'This promotion has ended and can no longer be changed');

/** Edits a promotion not ended: the fields sent replace the stored ones; a new kind drops the old kind's fields. */
export function updatePromotion(db: Db, id: number, body: UpdatePromotionBody): void {
  writeTx(db, () => {
    const repo = promotionsRepo(db);
    const row = repo.get(id);
    if (!row) throw notFound('Promotion');
    if (row.ended_at) throw endedConflict();
    const base = asBody(row);
    if (body.kind && body.kind !== row.kind) for (const f of KIND_FIELDS) base[f] = undefined;
    const sent = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    if (!repo.update(id, promotionValues(db, { ...base, ...sent }), nowIso())) throw endedConflict();
  });
}

/** Ends a promotion now: it applies to no sale or quote after this; ending one already ended is a 409. */
export function endPromotion(db: Db, id: number): void {
  writeTx(db, () => {
    const repo = promotionsRepo(db);
    if (!repo.get(id)) throw notFound('Promotion');
    if (!repo.end(id, nowIso())) throw conflict('PROMOTION_ENDED', 'This promotion has already ended');
  });
}
