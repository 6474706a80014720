// TypeBox schemas for the style routes (a model and its size run) and their replies.
import { Type, type Static } from 'typebox';
import { Dollars, Money, Nullable, PageQuery, Pagination, ShortText, Strict, Timestamp } from '../../core/schemas.js';
import { Barcode, Product, ReorderPoint, StockQty, TaxRate } from './schemas.js';

/** The most sizes one style may have (a full EU 35-47 run in half sizes is 25). */
export const MAX_SIZES = 60;

const Attribute = (maxLength = 100) => Type.Optional(Type.Union([ShortText({ maxLength }), Type.Null()]));
const Name = ShortText({ minLength: 1, maxLength: 200 });

/** One size of a size run. SKU defaults to <sku_prefix>-<size> (spaces and slashes dropped: UK 7 -> PFX-UK7). */
export const SizeInput = Strict({
  size: ShortText({ minLength: 1, maxLength: 100 }),
  stock_qty: Type.Optional(StockQty),
  barcode: Barcode,
  sku: Attribute(64),
  /** null/absent = the style's reorder point. */
  reorder_point: Type.Optional(Type.Union([ReorderPoint, Type.Null()])),
});
export type SizeInput = Static<typeof SizeInput>;

const Sizes = Type.Array(SizeInput, { minItems: 1, maxItems: MAX_SIZES });

export const StyleCreateBody = Strict({
  item_name: Name,
  brand: Attribute(),
  category: Attribute(),
  material: Attribute(),
  colour: Attribute(),
  cost: Money,
  selling_price: Money,
  tax_rate: Type.Optional(TaxRate),
  reorder_point: Type.Optional(Type.Union([ReorderPoint, Type.Null()])),
  sku_prefix: ShortText({ minLength: 1, maxLength: 40 }),
  sizes: Sizes,
});
export type StyleCreate = Static<typeof StyleCreateBody>;

/** Shared fields, written to the style and every live size at once. */
export const StyleUpdateBody = Strict({
  item_name: Type.Optional(Name),
  brand: Attribute(),
  category: Attribute(),
  material: Attribute(),
  colour: Attribute(),
  cost: Type.Optional(Money),
  selling_price: Type.Optional(Money),
  tax_rate: Type.Optional(TaxRate),
  reorder_point: Type.Optional(Type.Union([ReorderPoint, Type.Null()])),
});
export type StyleUpdate = Static<typeof StyleUpdateBody>;

export const AddSizesBody = Strict({ sizes: Sizes });
export type AddSizes = Static<typeof AddSizesBody>;

const Filter = Type.Optional(ShortText({ maxLength: 100 }));
export const StyleListQuery = Strict({
  /** The product search over the sizes (name, SKU, barcode, brand, colour, ...). */
  search: Type.Optional(ShortText({ maxLength: 200 })),
  category: Filter,
  brand: Filter,
  /** Styles with a live size of this size (the image screens' size filter). */
  size: Filter,
  material: Filter,
  ...PageQuery,
});
export type StyleListQueryT = Static<typeof StyleListQuery>;

// ---- Replies ----

/** A style with its live sizes (products, in size order) and the stock of all of them. */
export const Style = Type.Object({
  id: Type.Integer(),
  item_name: Type.String(),
  brand: Nullable(Type.String()),
  category: Nullable(Type.String()),
  material: Nullable(Type.String()),
  colour: Nullable(Type.String()),
  cost: Dollars,
  selling_price: Dollars,
  tax_rate: Type.Number(),
  reorder_point: Nullable(Type.Integer()),
  sku_prefix: Nullable(Type.String()),
  /** The style's primary photo (that of its first size with photos). */
  image_url: Nullable(Type.String()),
  /** Units in stock over all sizes. */
  stock_qty: Type.Integer(),
  products: Type.Array(Product),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Style = Static<typeof Style>;

export const StyleReply = Type.Object({ style: Style });
/** POST /api/styles/:id/barcodes takes nothing (an empty object or no body). */
export const GenerateBarcodesBody = Type.Optional(Strict({}));
export const StyleListReply = Type.Object({ styles: Type.Array(Style), count: Type.Integer(), pagination: Pagination });
export type StyleList = Static<typeof StyleListReply>;
