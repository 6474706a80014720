// A stored promotion as the API shows it: percents and dollars, its scope, its status on a shop day and its usage.
import { toDollars } from '../../core/money.js';
import type { PromotionRow, PromotionUsage } from './repo.js';
import type { Promotion, PromotionStatus } from './schemas.js';
import { parseScope } from './scope.js';

const percent = (bps: number | null) => (bps === null ? null : bps / 100);

/** ENDED when ended early; else by the shop day `today` against its inclusive dates. */
export function promotionStatus(row: Pick<PromotionRow, 'ended_at' | 'starts_on' | 'ends_on'>, today: string): PromotionStatus {
  if (row.ended_at) return 'ENDED';
  if (row.starts_on && row.starts_on > today) return 'SCHEDULED';
  if (row.ends_on && row.ends_on < today) return 'EXPIRED';
  return 'ACTIVE';
}

export function promotionJson(row: PromotionRow, today: string, usage: PromotionUsage | undefined): Promotion {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    percent_off: percent(row.percent_off_bps),
    buy_qty: row.buy_qty,
    get_qty: row.get_qty,
    get_percent_off: percent(row.get_percent_off_bps),
    bundle_qty: row.bundle_qty,
    bundle_price: row.bundle_price_cents === null ? null : toDollars(row.bundle_price_cents),
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    scope: parseScope(row.scope),
    stackable: row.stackable === 1,
    status: promotionStatus(row, today),
    ended_at: row.ended_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    usage: { units: usage?.units ?? 0, cost: toDollars(usage?.cost_cents ?? 0) },
  };
}
