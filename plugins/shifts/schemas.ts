// TypeBox schemas for the shift routes: open, pay in/out, close with a count by denomination, and the X / Z
// report. Every object strict, every string bounded; money in dollars (2 decimals) in JSON, cents inside.
import { Type, type Static } from 'typebox';
import {
  Dollars,
  Id,
  LongText,
  MAX_MONEY_DOLLARS,
  Money,
  Nullable,
  PageQuery,
  Pagination,
  PositiveMoney,
  ShortText,
  Strict,
  Timestamp,
} from '../../core/schemas.js';
import { TILL_NAME_MAX, TILL_NAME_PATTERN } from '../../core/till.js';
import { DENOMINATION_KEY_PATTERN } from './denominations.js';

/** A till's name ('Till 1'): 1-40 printable ASCII characters, as the X-Kedai-Till header carries it. */
export const TillName = Type.String({ minLength: 1, maxLength: TILL_NAME_MAX, pattern: TILL_NAME_PATTERN });

export const OpenShiftBody = Strict({
  till: TillName,
  opening_float: Money,
});
export type OpenShiftBody = Static<typeof OpenShiftBody>;

export const CurrentShiftQuery = Strict({ till: TillName });

export const MovementKind = Type.Union([Type.Literal('PAY_IN'), Type.Literal('PAY_OUT')]);
export type MovementKind = Static<typeof MovementKind>;

export const CashMovementBody = Strict({
  kind: MovementKind,
  amount: PositiveMoney,
  reason: ShortText({ minLength: 1, maxLength: 200 }),
});
export type CashMovementBody = Static<typeof CashMovementBody>;

/** The most of one note or coin in a count. */
export const MAX_PIECES = 100_000;

export const CloseShiftBody = Strict({
  /** How many of each note and coin: {"100": 1, "50": 2, "0.05": 3}; a denomination left out counts 0. */
  counted: Type.Record(Type.String({ pattern: DENOMINATION_KEY_PATTERN }), Type.Integer({ minimum: 0, maximum: MAX_PIECES }), { additionalProperties: false }),
  notes: Type.Optional(LongText(500)),
});
export type CloseShiftBody = Static<typeof CloseShiftBody>;

export const ShiftStatus = Type.Union([Type.Literal('OPEN'), Type.Literal('CLOSED')]);
export type ShiftStatus = Static<typeof ShiftStatus>;

export const ShiftListQuery = Strict({
  till: Type.Optional(TillName),
  status: Type.Optional(Type.Union([ShiftStatus, Type.Literal('')])),
  ...PageQuery,
});
export type ShiftListQuery = Static<typeof ShiftListQuery>;

// Held sales (#26.5): the cart a till parks under a name or number, as the POS's cart store keeps it.

/** The most lines in a held cart, and the most units of one line. */
export const MAX_HELD_LINES = 100;
export const MAX_HELD_QTY = 100_000;

const DiscountKind = Type.Union([Type.Literal('PERCENT'), Type.Literal('AMOUNT')]);

/** One cart line: the product's snapshot (name, size, price when it was added) and the quantity. */
export const HeldCartItem = Strict({
  productId: Id,
  qty: Type.Integer({ minimum: 1, maximum: MAX_HELD_QTY }),
  sku: Type.Optional(ShortText({ maxLength: 100 })),
  name: ShortText({ maxLength: 300 }),
  size: Type.Optional(ShortText({ maxLength: 40 })),
  colour: Type.Optional(Nullable(ShortText({ maxLength: 100 }))),
  price: Money,
  cost: Type.Optional(Money),
  stock: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
  /** As typed: a percent of the line (<= 100) or dollars off it. */
  discount: Type.Optional(Strict({ kind: DiscountKind, value: Type.Number({ exclusiveMinimum: 0, maximum: MAX_MONEY_DOLLARS }) })),
});
export type HeldCartItem = Static<typeof HeldCartItem>;

/**
 * An item of another plugin beside the goods (#29: a gift card, `{kind: 'gift_card', value: {amount: 50}}`), kept as the
 * till's cart has it. Its value is that plugin's to check: the checkout checks it again when the sale is resumed and paid.
 */
export const HeldCartCharge = Strict({
  kind: Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' }),
  value: Type.Record(Type.String({ maxLength: 40 }), Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean(), Type.Null()]), {
    maxProperties: 10,
  }),
  label: ShortText({ maxLength: 120 }),
  amount: Money,
});
export type HeldCartCharge = Static<typeof HeldCartCharge>;

/** The held cart: its lines, other plugins' items and the sale discount (percent or dollars); the customer is picked again on resume. */
export const HeldCart = Strict({
  items: Type.Array(HeldCartItem, { minItems: 1, maxItems: MAX_HELD_LINES }),
  charges: Type.Optional(Type.Array(HeldCartCharge, { maxItems: 20 })),
  invoiceDiscount: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  invoiceDiscountAmount: Type.Optional(Money),
});
export type HeldCart = Static<typeof HeldCart>;

export const HoldSaleBody = Strict({
  /** A name or number the cashier says back ('Mrs Tan', 'Hold 2'). */
  label: ShortText({ minLength: 1, maxLength: 60 }),
  cart: HeldCart,
  /** The cart's total as the till showed it (for the list and the X/Z report; checkout prices it again). */
  total: Money,
});
export type HoldSaleBody = Static<typeof HoldSaleBody>;

// Replies.

export const HeldSale = Type.Object({
  id: Id,
  label: Type.String(),
  cart: HeldCart,
  item_count: Type.Integer(),
  total: Dollars,
  created_at: Timestamp,
  created_by: Nullable(Type.String()),
});
export type HeldSale = Static<typeof HeldSale>;
export const HeldSaleReply = Type.Object({ held_sale: HeldSale });
export type HeldSaleReply = Static<typeof HeldSaleReply>;
export const HeldSaleListReply = Type.Object({ held_sales: Type.Array(HeldSale) });
export type HeldSaleListReply = Static<typeof HeldSaleListReply>;

export const Shift = Type.Object({
  id: Id,
  till: Type.String(),
  status: ShiftStatus,
  opening_float: Dollars,
  opened_at: Timestamp,
  opened_by: Nullable(Type.String()),
  closed_at: Nullable(Timestamp),
  closed_by: Nullable(Type.String()),
  /** Set at close. */
  counted: Nullable(Dollars),
  expected: Nullable(Dollars),
  /** counted - expected: negative when the drawer is short. */
  variance: Nullable(Dollars),
  notes: Nullable(Type.String()),
});
export type Shift = Static<typeof Shift>;

export const ShiftReply = Type.Object({ shift: Shift });
export const CurrentShiftReply = Type.Object({ shift: Nullable(Shift) });
export const ShiftListReply = Type.Object({ shifts: Type.Array(Shift), pagination: Pagination });

export const CashMovement = Type.Object({
  id: Id,
  kind: MovementKind,
  amount: Dollars,
  reason: Type.String(),
  created_at: Timestamp,
  created_by: Nullable(Type.String()),
});
export type CashMovement = Static<typeof CashMovement>;
export const CashMovementReply = Type.Object({ movement: CashMovement, expected_cash: Dollars });

const MethodLine = Type.Object({ method: Type.String(), count: Type.Integer(), amount: Dollars });
export type MethodLine = Static<typeof MethodLine>;

/** X report (mid-shift, figures so far) or Z report (the closed shift, with its count). */
export const ShiftReport = Type.Object({
  kind: Type.Union([Type.Literal('X'), Type.Literal('Z')]),
  generated_at: Timestamp,
  shift: Shift,
  cash: Type.Object({
    opening_float: Dollars,
    /** Cash received at this till: sales, invoice and customer payments. */
    cash_sales: Dollars,
    cash_refunds: Dollars,
    pay_ins: Dollars,
    pay_outs: Dollars,
    /** float + cash sales - cash refunds + pay-ins - pay-outs. */
    expected: Dollars,
  }),
  /** Everything taken at this till by method (CASH, NETS, PAYNOW, BANK_TRANSFER, and CREDIT put on account). */
  takings: Type.Array(MethodLine),
  refunds: Type.Array(MethodLine),
  /**
   * `rounding`: the sales' 5-cent cash rounding (signed); the cash sales above are the rounded cash taken.
   * `credit_notes_taken`: credit notes tendered at these sales (part of `total`, not money in the drawer).
   */
  sales: Type.Object({ invoice_count: Type.Integer(), total: Dollars, rounding: Dollars, credit_notes_taken: Dollars }),
  /** Each refund paid from this drawer (a return's money, a void's), with who made it (a back-office void too). */
  refund_lines: Type.Array(
    Type.Object({
      kind: Type.Union([Type.Literal('REFUND'), Type.Literal('VOID_REFUND')]),
      method: Type.String(),
      amount: Dollars,
      at: Timestamp,
      by: Nullable(Type.String()),
      reference: Nullable(Type.String()),
    }),
  ),
  movements: Type.Array(CashMovement),
  /** Each time the drawer was opened: by a cash sale's first receipt (invoice_id) or without a sale (reason). */
  drawer_openings: Type.Array(Type.Object({ at: Timestamp, by: Nullable(Type.String()), reason: Type.String(), invoice_id: Nullable(Id) })),
  /** The till's sales still held when the report was made (for a Z: held by the close, and not resumed since). */
  held_sales: Type.Array(
    Type.Object({ label: Type.String(), item_count: Type.Integer(), total: Dollars, created_at: Timestamp, created_by: Nullable(Type.String()) }),
  ),
  /** The close's count (Z only). */
  count: Nullable(
    Type.Object({
      lines: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), qty: Type.Integer(), amount: Dollars })),
      counted: Dollars,
      expected: Dollars,
      variance: Dollars,
    }),
  ),
});
export type ShiftReport = Static<typeof ShiftReport>;
export const ShiftReportReply = Type.Object({ report: ShiftReport });
