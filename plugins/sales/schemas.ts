// TypeBox schemas for the sales routes (contract: docs/api.md). Every object strict, every string bounded.
import { Type, type Static } from 'typebox';
import { Id, IsoDate, MAX_MONEY_DOLLARS, Money, OptionalShortText, PageQuery, ShortText, Strict } from '../../core/schemas.js';

const OptionalText = OptionalShortText;
/** A money amount that may be negative or zero at the schema level, so the route can answer with the spec's message. */
const AnyAmount = Type.Number({ minimum: -MAX_MONEY_DOLLARS, maximum: MAX_MONEY_DOLLARS, multipleOf: 0.01 });

export const CheckoutItem = Strict({
  productId: Id,
  qty: Type.Integer({ minimum: 1, maximum: 100_000 }),
  /** Ignored: prices come from the catalogue. */
  unitPrice: Type.Optional(Money),
  /** Dollars off this line. */
  discount: Type.Optional(Money),
});

export const TillPayment = Strict({
  method: Type.Union([Type.Literal('CASH'), Type.Literal('NETS'), Type.Literal('PAYNOW'), Type.Literal('CREDIT')]),
  amount: Money,
  reference: OptionalText(200),
});

export const CheckoutBody = Strict({
  // An empty cart is refused by the route with the spec's 'Cart is empty'.
  items: Type.Array(CheckoutItem, { maxItems: 200 }),
  customerId: Type.Optional(Type.Union([Id, Type.Null()])),
  walkInCompanyName: OptionalText(200),
  taxRate: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  invoiceDiscount: Type.Optional(Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.01 })),
  payments: Type.Optional(Type.Array(TillPayment, { maxItems: 10 })),
  // Accepted for the spec's payload; the server derives terms, status and due date from the customer.
  creditTermsDays: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 365 }), Type.Null()])),
  paymentStatus: Type.Optional(Type.Union([Type.Literal('PAID'), Type.Literal('UNPAID')])),
  dueDate: OptionalText(40),
  creditAmount: Type.Optional(Type.Union([Money, Type.Null()])),
  tendered: Type.Optional(Type.Union([Money, Type.Null()])),
});
export type CheckoutBody = Static<typeof CheckoutBody>;

export const CheckoutHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});

const Status = Type.Union([Type.Literal('PAID'), Type.Literal('UNPAID'), Type.Literal('PARTIAL'), Type.Literal('VOID')]);
// CARD is what the spec's invoice filter offers; it means NETS here.
const ListMethod = Type.Union([
  Type.Literal('CASH'), Type.Literal('NETS'), Type.Literal('PAYNOW'), Type.Literal('CREDIT'), Type.Literal('MIXED'), Type.Literal('CARD'),
]);

export const InvoiceListQuery = Strict({
  status: Type.Optional(Type.Union([Status, Type.Literal('')])),
  method: Type.Optional(Type.Union([ListMethod, Type.Literal('')])),
  search: Type.Optional(ShortText({ maxLength: 200 })),
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
  customerId: Type.Optional(Id),
  ...PageQuery,
});
export type InvoiceListQuery = Static<typeof InvoiceListQuery>;

const ReceivedMethod = Type.Union([Type.Literal('CASH'), Type.Literal('NETS'), Type.Literal('PAYNOW'), Type.Literal('BANK_TRANSFER')]);

export const PaymentBody = Strict({
  method: ReceivedMethod,
  amount: AnyAmount,
  reference: OptionalText(200),
});
export type PaymentBody = Static<typeof PaymentBody>;

export const VoidBody = Strict({ reason: ShortText({ minLength: 1, maxLength: 500 }) });
export type VoidBody = Static<typeof VoidBody>;

export const PdfQuery = Strict({
  format: Type.Optional(Type.Union([Type.Literal('invoice'), Type.Literal('receipt'), Type.Literal('a4')])),
});
