// TypeBox schemas for the product routes: the product form's rules, enforced at the edge.
import { Type, type Static } from 'typebox';
import { LongText, Money, PageQuery, ShortText, Strict } from '../../core/schemas.js';

/** An optional attribute: text, empty or null (empty and null both store as "not set"). */
const Attribute = (maxLength = 100) => Type.Optional(Type.Union([ShortText({ maxLength }), Type.Null()]));

/** GST as a fraction 0..1 with at most 4 decimals (the form's percent has 2). */
export const TaxRate = Type.Number({ minimum: 0, maximum: 1, multipleOf: 0.0001 });
/** Units in stock. */
export const StockQty = Type.Integer({ minimum: 0, maximum: 1_000_000 });
/** A picture address: absolute http(s) or a path on this server. */
const ImageUrl = Type.Optional(Type.Union([Type.String({ maxLength: 2000, pattern: '^$|^(https?://|/)\\S*$' }), Type.Null()]));

const productFields = {
  sku: Attribute(64),
  size: Attribute(),
  brand: Attribute(),
  material: Attribute(),
  category: Attribute(),
  cost: Type.Optional(Money),
  stock_qty: Type.Optional(StockQty),
  tax_rate: Type.Optional(TaxRate),
  image_url: ImageUrl,
};

export const ProductCreateBody = Strict({
  item_name: ShortText({ minLength: 1, maxLength: 200 }),
  selling_price: Money,
  ...productFields,
});
export type ProductCreate = Static<typeof ProductCreateBody>;

export const ProductUpdateBody = Strict({
  item_name: Type.Optional(ShortText({ minLength: 1, maxLength: 200 })),
  selling_price: Type.Optional(Money),
  ...productFields,
});
export type ProductUpdate = Static<typeof ProductUpdateBody>;

export const AdjustBody = Strict({
  delta: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }),
  reason: Type.Optional(ShortText({ maxLength: 200 })),
  note: Type.Optional(Type.Union([LongText(2000), Type.Null()])),
});
export type Adjust = Static<typeof AdjustBody>;

const Filter = Type.Optional(ShortText({ maxLength: 100 }));
export const ProductListQuery = Strict({
  search: Type.Optional(ShortText({ maxLength: 200 })),
  sku: Type.Optional(ShortText({ maxLength: 64 })),
  category: Filter,
  brand: Filter,
  size: Filter,
  material: Filter,
  ...PageQuery,
});
export type ProductListQueryT = Static<typeof ProductListQuery>;

export const MovementListQuery = Strict({ ...PageQuery });
