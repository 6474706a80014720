// TypeBox schemas of the promotions routes (#28.6): the bodies (strict, bounded; percents and dollars at the edge)
// and the replies. What a kind needs (and what does not belong to it) is checked by actions/save-promotion.ts,
// which names the field.
import { Type, type Static } from 'typebox';
import { Dollars, Id, IsoDate, Nullable, PositiveMoney, ShortText, Strict, Timestamp } from '../../core/schemas.js';

export const PromotionKind = Type.Union([Type.Literal('PERCENT_OFF'), Type.Literal('BUY_X_GET_Y'), Type.Literal('BUNDLE_PRICE')]);
export type PromotionKind = Static<typeof PromotionKind>;

export const PromotionStatus = Type.Union([Type.Literal('ACTIVE'), Type.Literal('SCHEDULED'), Type.Literal('EXPIRED'), Type.Literal('ENDED')]);
export type PromotionStatus = Static<typeof PromotionStatus>;

/** A percent off: above 0, at most 100, 2 decimals at most (12.5 = 12.5%). */
const Percent = Type.Number({ exclusiveMinimum: 0, maximum: 100, multipleOf: 0.01 });
/** Units in a deal: the buy part, the get part, a bundle. */
const DealQty = Type.Integer({ minimum: 1, maximum: 1000 });
/** A shop-local day, or null for an open end. */
const OpenDate = Type.Optional(Type.Union([IsoDate, Type.Null()]));
/** Most entries in one list of a scope. */
export const MAX_SCOPE_ITEMS = 200;

export const ScopeBody = Strict({
  brands: Type.Optional(Type.Array(ShortText({ minLength: 1, maxLength: 100 }), { maxItems: MAX_SCOPE_ITEMS })),
  categories: Type.Optional(Type.Array(ShortText({ minLength: 1, maxLength: 100 }), { maxItems: MAX_SCOPE_ITEMS })),
  style_ids: Type.Optional(Type.Array(Id, { maxItems: MAX_SCOPE_ITEMS })),
  product_ids: Type.Optional(Type.Array(Id, { maxItems: MAX_SCOPE_ITEMS })),
});
export type ScopeBody = Static<typeof ScopeBody>;

/** The fields of each kind (a body may send only its kind's). */
const kindFields = {
  percent_off: Type.Optional(Percent),
  buy_qty: Type.Optional(DealQty),
  get_qty: Type.Optional(DealQty),
  /** 100 = the "get" units are free (the default). */
  get_percent_off: Type.Optional(Percent),
  bundle_qty: Type.Optional(DealQty),
  bundle_price: Type.Optional(PositiveMoney),
};

export const CreatePromotionBody = Strict({
  name: ShortText({ minLength: 1, maxLength: 120 }),
  kind: PromotionKind,
  starts_on: OpenDate,
  ends_on: OpenDate,
  /** Omitted or empty: every product. */
  scope: Type.Optional(ScopeBody),
  stackable: Type.Optional(Type.Boolean()),
  ...kindFields,
});
export type CreatePromotionBody = Static<typeof CreatePromotionBody>;

/** A partial update: what is sent replaces what was (the scope as a whole); a new kind drops the old kind's fields. */
export const UpdatePromotionBody = Strict({
  name: Type.Optional(ShortText({ minLength: 1, maxLength: 120 })),
  kind: Type.Optional(PromotionKind),
  starts_on: OpenDate,
  ends_on: OpenDate,
  scope: Type.Optional(ScopeBody),
  stackable: Type.Optional(Type.Boolean()),
  ...kindFields,
});
export type UpdatePromotionBody = Static<typeof UpdatePromotionBody>;

export const EndPromotionBody = Strict({});

// ---- Replies ----

export const PromotionScope = Type.Object({
  brands: Type.Array(Type.String()),
  categories: Type.Array(Type.String()),
  style_ids: Type.Array(Type.Integer()),
  product_ids: Type.Array(Type.Integer()),
});

export const Promotion = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: PromotionKind,
  /** The kind's fields; null when they are another kind's. */
  percent_off: Nullable(Type.Number()),
  buy_qty: Nullable(Type.Integer()),
  get_qty: Nullable(Type.Integer()),
  get_percent_off: Nullable(Type.Number()),
  bundle_qty: Nullable(Type.Integer()),
  bundle_price: Nullable(Dollars),
  starts_on: Nullable(Type.String()),
  ends_on: Nullable(Type.String()),
  scope: PromotionScope,
  stackable: Type.Boolean(),
  /** By today's shop date: ENDED (ended early), SCHEDULED (starts later), EXPIRED (its last day passed), else ACTIVE. */
  status: PromotionStatus,
  ended_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
  /** What it gave on sales not voided: units in its deals, and its cost (the discount, positive dollars). */
  usage: Type.Object({ units: Type.Integer(), cost: Dollars }),
});
export type Promotion = Static<typeof Promotion>;

export const PromotionReply = Type.Object({ promotion: Promotion });
export const PromotionListReply = Type.Object({ promotions: Type.Array(Promotion) });
export type PromotionList = Static<typeof PromotionListReply>;
