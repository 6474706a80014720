// TypeBox schemas for the product routes: the product form's rules, enforced at the edge, and the replies'
// shapes (the server's mappers and the screens take their types from these).
import { Type, type Static } from 'typebox';
import { Dollars, LongText, Money, Nullable, PageQuery, Pagination, ShortText, Strict, Timestamp } from '../../core/schemas.js';

/** An optional attribute: text, empty or null (empty and null both store as "not set"). */
const Attribute = (maxLength = 100) => Type.Optional(Type.Union([ShortText({ maxLength }), Type.Null()]));

/** GST as a fraction 0..1 with at most 4 decimals (the form's percent has 2). */
export const TaxRate = Type.Number({ minimum: 0, maximum: 1, multipleOf: 0.0001 });
/** Units in stock. */
export const StockQty = Type.Integer({ minimum: 0, maximum: 1_000_000 });
/** A picture address: absolute http(s) or a path on this server. */
const ImageUrl = Type.Optional(Type.Union([Type.String({ maxLength: 2000, pattern: '^$|^(https?://|/)\\S*$' }), Type.Null()]));

/** EAN-13/UPC/Code128 text as scanned (check digits are verified by the route); empty or null = none. */
export const Barcode = Type.Optional(Type.Union([Type.String({ maxLength: 48, pattern: '^\\s*$|^\\s*[!-~]([ -~]*[!-~])?\\s*$' }), Type.Null()]));
/** Units at or below which a size counts as low stock. */
export const ReorderPoint = Type.Integer({ minimum: 0, maximum: 1_000_000 });

const productFields = {
  sku: Attribute(64),
  size: Attribute(),
  brand: Attribute(),
  material: Attribute(),
  category: Attribute(),
  colour: Attribute(),
  barcode: Barcode,
  /** null = the style's reorder point. */
  reorder_point: Type.Optional(Type.Union([ReorderPoint, Type.Null()])),
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
  /** Exact barcode (a scanner). */
  barcode: Type.Optional(ShortText({ maxLength: 48 })),
  ...PageQuery,
});
export type ProductListQueryT = Static<typeof ProductListQuery>;

export const MovementListQuery = Strict({ ...PageQuery });

// ---- Replies ----

/** SPEC "Product image" as a product carries it (primary first, then by position). */
export const ProductImage = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  thumbUrl: Nullable(Type.String()),
  alt: Nullable(Type.String()),
  isPrimary: Type.Boolean(),
});
export type ProductImage = Static<typeof ProductImage>;

/** A product as every product route returns it (dollars, tax as a fraction, image_url = the displayed image). */
export const Product = Type.Object({
  id: Type.Integer(),
  item_name: Type.String(),
  sku: Nullable(Type.String()),
  size: Nullable(Type.String()),
  cost: Dollars,
  selling_price: Dollars,
  brand: Nullable(Type.String()),
  material: Nullable(Type.String()),
  category: Nullable(Type.String()),
  colour: Nullable(Type.String()),
  barcode: Nullable(Type.String()),
  /** The style (model) this size belongs to. */
  style_id: Type.Integer(),
  /** The product's own reorder point; null = the style's. */
  reorder_point: Nullable(Type.Integer()),
  stock_qty: Type.Integer(),
  tax_rate: Type.Number(),
  image_url: Nullable(Type.String()),
  images: Type.Array(ProductImage),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Product = Static<typeof Product>;

export const ProductReply = Type.Object({ product: Product });
export type ProductReply = Static<typeof ProductReply>;

export const ProductListReply = Type.Object({ products: Type.Array(Product), count: Type.Integer(), pagination: Pagination });
export type ProductList = Static<typeof ProductListReply>;

/** The filter dropdowns' values (sizes in size order). */
export const FacetsReply = Type.Object({
  categories: Type.Array(Type.String()),
  brands: Type.Array(Type.String()),
  sizes: Type.Array(Type.String()),
  materials: Type.Array(Type.String()),
});
export type Facets = Static<typeof FacetsReply>;

/** One line of a product's stock ledger. */
export const StockMovement = Type.Object({
  id: Type.Integer(),
  product_id: Type.Integer(),
  reason: Type.String(),
  qty_delta: Type.Integer(),
  stock_after: Type.Integer(),
  ref_type: Nullable(Type.String()),
  ref_id: Nullable(Type.String()),
  note: Nullable(Type.String()),
  user_id: Nullable(Type.Integer()),
  created_at: Timestamp,
});
export const MovementListReply = Type.Object({ movements: Type.Array(StockMovement), pagination: Pagination });
export type MovementList = Static<typeof MovementListReply>;

/** DELETE: removed, or archived when sales history refers to the product. */
export const ProductDeletedReply = Type.Object({ ok: Type.Boolean(), id: Type.Integer(), archived: Type.Boolean() });

// Style shapes for other plugins' screens (they may import type only from schemas.ts; declared in styles-schemas.ts).
export type { Style, StyleList } from './styles-schemas.js';

// ---- Slots the inventory screen offers other plugins' UI (ui/slot.tsx); props, not JSON ----

/** 'inventory-head': beside the page title (purchasing's low-stock badge). */
export interface InventoryHeadProps {
  /** Changes after every write of the screen (a stock adjustment, a new style), so counts load again. */
  refreshKey: number;
}
