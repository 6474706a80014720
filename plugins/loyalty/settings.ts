// Loyalty's settings (#29), served by GET/PATCH /api/settings beside core's (declaration merging types them).
import { Type, type Static } from 'typebox';
import { defineSetting } from '../../core/settings.js';

const PointsPerDollar = Type.Number({ minimum: 0, maximum: 1000 });
const PointValue = Type.Number({ exclusiveMinimum: 0, maximum: 1000 });
const MinRedeem = Type.Integer({ minimum: 0, maximum: 100000000 });
const ExpiryMonths = Type.Integer({ minimum: 0, maximum: 120 });

declare module '../../core/settings.js' {
  interface ShopSettings {
    /** Points earned per $1.00 paid (up to 2 decimals; 0 = earning off). Default 1. */
    loyalty_points_per_dollar: Static<typeof PointsPerDollar>;
    /** Dollars one point pays (> 0, at most 2 decimals). Default 0.01. */
    loyalty_point_value: Static<typeof PointValue>;
    /** A customer needs at least this many points to pay with points. Default 0. */
    loyalty_min_redeem_points: Static<typeof MinRedeem>;
    /** Months points stay usable after the shop day they were earned; 0 = never expire (the default). */
    loyalty_expiry_months: Static<typeof ExpiryMonths>;
  }
}

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export const pointsPerDollar = defineSetting({
  key: 'loyalty_points_per_dollar',
  schema: PointsPerDollar,
  default: 1,
  check: (n) => (n >= 0 && n <= 1000 && twoDecimals(n) ? null : 'Points per dollar must be from 0 (no earning) to 1000, with at most 2 decimals'),
});

export const pointValue = defineSetting({
  key: 'loyalty_point_value',
  schema: PointValue,
  default: 0.01,
  check: (n) => (n >= 0.01 && n <= 1000 && twoDecimals(n) ? null : 'A point must be worth from $0.01 to $1,000.00, in whole cents'),
});

export const minRedeemPoints = defineSetting({
  key: 'loyalty_min_redeem_points',
  schema: MinRedeem,
  default: 0,
  check: (n) => (Number.isInteger(n) && n >= 0 ? null : 'The minimum points to pay with must be a whole number, 0 or more'),
});

export const expiryMonths = defineSetting({
  key: 'loyalty_expiry_months',
  schema: ExpiryMonths,
  default: 0,
  check: (m) => (Number.isInteger(m) && m >= 0 && m <= 120 ? null : 'Points expiry must be a whole number of months from 0 (never) to 120'),
});

/** The settings as integers: points per dollar in hundredths, a point's value in cents. */
export interface LoyaltyRules {
  perDollarHundredths: number;
  pointCents: number;
  minRedeem: number;
  expiryMonths: number;
}
