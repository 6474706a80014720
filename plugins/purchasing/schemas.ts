// TypeBox schemas for the purchasing routes: suppliers, purchase orders, receiving. Every object strict, every
// string bounded; money in dollars (2 decimals) in JSON, cents inside. Replies are declared here too.
import { Type, type Static } from 'typebox';
import { Dollars, Id, IsoDate, Money, Nullable, OptionalShortText, PageQuery, Pagination, ShortText, Strict, Timestamp } from '../../core/schemas.js';

/** The most units of one product on one order line or one receipt line. */
export const MAX_LINE_QTY = 100_000;
/** The most lines on one purchase order or one receipt. */
export const MAX_LINES = 500;

const Qty = Type.Integer({ minimum: 1, maximum: MAX_LINE_QTY });
/** '' clears a field like null does (forms send empty inputs). */
const Email = Type.Optional(Type.Union([Type.String({ maxLength: 200, pattern: '^(|[^@\\s]+@[^@\\s]+\\.[^@\\s]+)$' }), Type.Null()]));
/** Singapore UEN: 9 or 10 letters and digits (e.g. 201912345K, 53123456A, T08LL1234A); '' or null clears it. */
const Uen = Type.Optional(Type.Union([Type.String({ maxLength: 10, pattern: '^(|[0-9A-Za-z]{9,10})$' }), Type.Null()]));

export const CreateSupplierBody = Strict({
  name: ShortText({ minLength: 1, maxLength: 200 }),
  contact: OptionalShortText(200),
  phone: OptionalShortText(50),
  email: Email,
  uen: Uen,
});
export type CreateSupplierBody = Static<typeof CreateSupplierBody>;

export const UpdateSupplierBody = Strict({
  name: Type.Optional(ShortText({ minLength: 1, maxLength: 200 })),
  contact: OptionalShortText(200),
  phone: OptionalShortText(50),
  email: Email,
  uen: Uen,
});
export type UpdateSupplierBody = Static<typeof UpdateSupplierBody>;

export const SupplierListQuery = Strict({
  search: Type.Optional(ShortText({ maxLength: 200 })),
  ...PageQuery,
});

export const PurchaseOrderStatus = Type.Union([Type.Literal('OPEN'), Type.Literal('PARTIAL'), Type.Literal('RECEIVED'), Type.Literal('CANCELLED')]);
export type PurchaseOrderStatus = Static<typeof PurchaseOrderStatus>;

const OrderLines = Type.Array(Strict({ product_id: Id, qty: Qty, unit_cost: Money }), { minItems: 1, maxItems: MAX_LINES });
/** When the supplier should deliver (a real calendar date); null or '' clears it. */
const ExpectedOn = Type.Optional(Type.Union([IsoDate, Type.Literal(''), Type.Null()]));

export const CreatePurchaseOrderBody = Strict({
  supplier_id: Id,
  lines: OrderLines,
  notes: OptionalShortText(1000),
  expected_on: ExpectedOn,
});
export type CreatePurchaseOrderBody = Static<typeof CreatePurchaseOrderBody>;

/** An edit of an OPEN order nothing was received on: absent fields stay; `lines` replaces every line. */
export const UpdatePurchaseOrderBody = Strict({
  lines: Type.Optional(OrderLines),
  expected_on: ExpectedOn,
  notes: OptionalShortText(1000),
});
export type UpdatePurchaseOrderBody = Static<typeof UpdatePurchaseOrderBody>;

export const PurchaseOrderListQuery = Strict({
  status: Type.Optional(Type.Union([PurchaseOrderStatus, Type.Literal('')])),
  supplier_id: Type.Optional(Id),
  ...PageQuery,
});
export type PurchaseOrderListQuery = Static<typeof PurchaseOrderListQuery>;

export const ReceiveBody = Strict({
  lines: Type.Array(Strict({ product_id: Id, qty: Qty }), { minItems: 1, maxItems: MAX_LINES }),
  /** Receiving more than was ordered (the supplier sent extra) must be asked for. */
  allow_over: Type.Optional(Type.Boolean()),
});
export type ReceiveBody = Static<typeof ReceiveBody>;

// ---- Replies ----

export const Supplier = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  contact: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  uen: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Supplier = Static<typeof Supplier>;
export const SupplierReply = Type.Object({ supplier: Supplier });
export const SupplierListReply = Type.Object({ suppliers: Type.Array(Supplier), pagination: Pagination });

export const PurchaseOrderLine = Type.Object({
  id: Type.Integer(),
  product_id: Type.Integer(),
  sku: Nullable(Type.String()),
  item_name: Type.String(),
  size: Nullable(Type.String()),
  qty_ordered: Type.Integer(),
  qty_received: Type.Integer(),
  unit_cost: Dollars,
  line_total: Dollars,
});

export const Receipt = Type.Object({
  id: Type.Integer(),
  received_at: Timestamp,
  received_by: Nullable(Type.String()),
  lines: Type.Array(
    Type.Object({
      product_id: Type.Integer(),
      qty: Type.Integer(),
      unit_cost: Dollars,
      cost_before: Dollars,
      cost_after: Dollars,
    }),
  ),
});

/** A purchase order as listed: its header and totals. */
export const PurchaseOrderSummary = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  business_date: IsoDate,
  status: PurchaseOrderStatus,
  supplier: Type.Object({ id: Type.Integer(), name: Type.String() }),
  notes: Nullable(Type.String()),
  expected_on: Nullable(IsoDate),
  total: Dollars,
  qty_ordered: Type.Integer(),
  qty_received: Type.Integer(),
  created_at: Timestamp,
  created_by: Nullable(Type.String()),
});
export type PurchaseOrderSummary = Static<typeof PurchaseOrderSummary>;

/** One old -> new of a saved edit: a field of the order, or one line (qty, unit cost, added, removed). */
export const OrderChange = Type.Object({
  field: Type.Union([
    Type.Literal('expected_on'),
    Type.Literal('notes'),
    Type.Literal('qty'),
    Type.Literal('unit_cost'),
    Type.Literal('line_added'),
    Type.Literal('line_removed'),
  ]),
  /** The line's product (null for a field of the order). */
  product_id: Nullable(Type.Integer()),
  /** The line as people read it: 'Nike Air Force 1 size 42 (NK-AF1-WHT-42)'. */
  item: Nullable(Type.String()),
  /** As text: a date, the notes, a quantity, dollars '82.00', a line '6 x $82.00'; null = none. */
  from: Nullable(Type.String()),
  to: Nullable(Type.String()),
});
export type OrderChange = Static<typeof OrderChange>;
/** One saved edit: who, when, what changed. */
export const OrderHistoryEntry = Type.Object({ id: Type.Integer(), at: Timestamp, user: Nullable(Type.String()), changes: Type.Array(OrderChange) });

/** A purchase order with its lines, every receipt booked against it, and every edit (oldest first). */
export const PurchaseOrder = Type.Object({
  ...PurchaseOrderSummary.properties,
  lines: Type.Array(PurchaseOrderLine),
  receipts: Type.Array(Receipt),
  history: Type.Array(OrderHistoryEntry),
});
export type PurchaseOrder = Static<typeof PurchaseOrder>;

export const PurchaseOrderReply = Type.Object({ purchase_order: PurchaseOrder });
export const PurchaseOrderListReply = Type.Object({ purchase_orders: Type.Array(PurchaseOrderSummary), pagination: Pagination });
/** A receive: the order as it is now and the receipt just booked. */
export const ReceiveReply = Type.Object({ purchase_order: PurchaseOrder, receipt: Receipt });

// ---- Low stock and cancelling ----

export const LowStockQuery = Strict({ supplier_id: Type.Optional(Id) });

/** One size at or below its reorder point, with what to order and from whom it was last bought. */
export const LowStockItem = Type.Object({
  product_id: Type.Integer(),
  style_id: Type.Integer(),
  sku: Nullable(Type.String()),
  item_name: Type.String(),
  size: Nullable(Type.String()),
  colour: Nullable(Type.String()),
  brand: Nullable(Type.String()),
  stock_qty: Type.Integer(),
  reorder_point: Type.Integer(),
  /** Units still expected on OPEN and PARTIAL orders. */
  on_order: Type.Integer(),
  /** What still brings it to twice the reorder point, less what is on order (0 = enough is on order). */
  suggested_qty: Type.Integer(),
  /** The style's default supplier, else the supplier of the newest order (not cancelled) holding this size; null if neither. */
  supplier: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type LowStockItem = Static<typeof LowStockItem>;
export const LowStockReply = Type.Object({ items: Type.Array(LowStockItem), count: Type.Integer() });
export type LowStockReply = Static<typeof LowStockReply>;

export const DraftLowStockBody = Strict({
  supplier_id: Id,
  /** Which low sizes to order at their suggested quantity; absent (and no `lines`) = every low size of this supplier still short. */
  product_ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: MAX_LINES })),
  /** The low sizes ticked, each at the quantity the owner chose (wins over product_ids). */
  lines: Type.Optional(Type.Array(Strict({ product_id: Id, qty: Qty }), { minItems: 1, maxItems: MAX_LINES })),
});
export type DraftLowStockBody = Static<typeof DraftLowStockBody>;

/** Cancelling takes no fields (an empty JSON object). */
export const CancelBody = Strict({});

// ---- A style's default supplier ----

export const StyleSupplier = Type.Object({
  style_id: Type.Integer(),
  supplier: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type StyleSupplier = Static<typeof StyleSupplier>;
export const StyleSupplierReply = Type.Object({ style_supplier: StyleSupplier });
/** null clears the default (the style's sizes fall back to their last order's supplier). */
export const SetStyleSupplierBody = Strict({ supplier_id: Type.Union([Id, Type.Null()]) });
export type SetStyleSupplierBody = Static<typeof SetStyleSupplierBody>;
