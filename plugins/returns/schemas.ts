// TypeBox schemas for the returns routes. Every object strict, every string bounded. The invoice picker,
// quantities and reasons are loose enough that the route answers with the spec's own messages. The replies'
// shapes are declared here too: the server's mappers and the screens take their types from them.
import { Type, type Static } from 'typebox';
import {
  Dollars,
  IsoDate,
  Nullable,
  OptionalLongText,
  OptionalShortText,
  PageQuery,
  Pagination,
  PickedId,
  ShortText,
  Strict,
  Timestamp,
  TypedAmount,
} from '../../core/schemas.js';
import { CreditNote } from '../credit-notes/api.js';
import { CheckoutBody, CheckoutReply, InvoiceHeadFields } from '../sales/api.js';
// The return reasons' type for other plugins' screens (type-only; the list itself: return-reasons.ts).
export type { ReturnReason } from './return-reasons.js';

export const ReturnStatus = Type.Union([Type.Literal('PENDING'), Type.Literal('APPROVED'), Type.Literal('COMPLETED'), Type.Literal('REJECTED')]);

export const ReturnListQuery = Strict({
  status: Type.Optional(Type.Union([ReturnStatus, Type.Literal('')])),
  search: Type.Optional(ShortText({ maxLength: 200 })),
  ...PageQuery,
});
export type ReturnListQuery = Static<typeof ReturnListQuery>;

export const ReturnableInvoicesQuery = Strict({
  search: Type.Optional(ShortText({ maxLength: 200 })),
  ...PageQuery,
});

export const ReturnItem = Strict({
  product_id: PickedId,
  /** Optional: names the exact invoice line (else the line is found by product_id). */
  invoice_line_id: PickedId,
  /** Ignored: the line's sold quantity is used. */
  original_qty: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000 }), Type.Null()])),
  returned_qty: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000 }), Type.Null()])),
  return_reason: OptionalShortText(100),
  /** Ignored: the server computes the refund. */
  refund_amount: TypedAmount,
});

/** How a return is refunded: a credit note (default) or money at the counter (NETS and PayNow need a reference). */
export const RefundMethod = Type.Union([Type.Literal('CREDIT_NOTE'), Type.Literal('CASH'), Type.Literal('NETS'), Type.Literal('PAYNOW')]);
export type RefundMethod = Static<typeof RefundMethod>;

/** A manager's (active ADMIN's) credentials typed at the till: the refund policy's approval (refund-policy.ts). */
export const ManagerApprovalBody = Type.Optional(
  Strict({
    username: Type.String({ minLength: 1, maxLength: 100 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
  }),
);

/** The refund policy's fields, on a return and on an exchange (#26.4). */
const PolicyFields = {
  /** false: the customer has no receipt (the cashier found the sale by searching): needs a manager's approval. Default true. */
  receipt: Type.Optional(Type.Boolean()),
  /** Needed (USER) when the sale is older than Settings' refund_window_days or `receipt` is false; else 403 APPROVAL_REQUIRED. */
  approval: ManagerApprovalBody,
};

export const CreateReturnBody = Strict({
  invoice_id: PickedId,
  items: Type.Optional(Type.Array(ReturnItem, { maxItems: 200 })),
  notes: OptionalLongText(2000),
  refund_method: Type.Optional(RefundMethod),
  refund_reference: OptionalShortText(200),
  ...PolicyFields,
});
export type CreateReturnBody = Static<typeof CreateReturnBody>;

// ---- Replies ----

export type ReturnStatus = Static<typeof ReturnStatus>;

/** SPEC "Return (as listed)": one returned product line, with its invoice, product and credit note. */
export const Return = Type.Object({
  id: Type.String(),
  invoice_id: Type.Integer(),
  invoice: Type.Object({
    id: Type.Integer(),
    number: Type.String(),
    customer: Type.Object({ id: Nullable(Type.Integer()), name: Type.String() }),
  }),
  invoice_line_id: Type.Integer(),
  product_id: Type.Integer(),
  product: Type.Object({ id: Type.Integer(), item_name: Type.String(), sku: Nullable(Type.String()), size: Nullable(Type.String()) }),
  original_qty: Type.Integer(),
  returned_qty: Type.Integer(),
  refund_amount: Dollars,
  tax_amount: Dollars,
  status: ReturnStatus,
  reason: Type.String(),
  return_reason: Type.String(),
  notes: Nullable(Type.String()),
  refund_method: RefundMethod,
  refund_reference: Nullable(Type.String()),
  credit_note_id: Nullable(Type.Integer()),
  creditNote: Nullable(Type.Object({ id: Type.Integer(), number: Nullable(Type.String()), status: Nullable(Type.String()) })),
  business_date: IsoDate,
  created_at: Timestamp,
  created_by: Nullable(Type.String()),
  /** The manager who approved it outside the refund policy (#26.4), else null. */
  approved_by: Nullable(Type.String()),
  without_receipt: Type.Boolean(),
});
export type Return = Static<typeof Return>;

/** The Returns screen's tiles, over the returns the filter matches. */
export const ReturnSummary = Type.Object({
  total: Type.Integer(),
  total_refund: Dollars,
  pending: Type.Integer(),
  approved: Type.Integer(),
  completed: Type.Integer(),
  rejected: Type.Integer(),
  /** total_refund split by how it was refunded (CREDIT_NOTE, CASH, NETS, PAYNOW; only methods used). */
  refunds_by_method: Type.Record(Type.String(), Dollars),
});
export type ReturnSummary = Static<typeof ReturnSummary>;

export const ReturnListReply = Type.Object({ returns: Type.Array(Return), pagination: Pagination, summary: ReturnSummary });
export type ReturnList = Static<typeof ReturnListReply>;

/** An invoice line with what is left to return and its share of the invoice (after its discount, and its GST). */
export const ReturnableLine = Type.Object({
  id: Type.Integer(),
  product_id: Type.Integer(),
  description: Type.String(),
  item_name: Type.String(),
  sku: Nullable(Type.String()),
  product: Type.Object({ sku: Nullable(Type.String()) }),
  size: Nullable(Type.String()),
  qty: Type.Integer(),
  returned_qty: Type.Integer(),
  returnable_qty: Type.Integer(),
  unit_price: Dollars,
  discount: Dollars,
  line_total: Dollars,
  refund_net: Dollars,
  refund_tax: Dollars,
  refund_total: Dollars,
});
export type ReturnableLine = Static<typeof ReturnableLine>;

/** An invoice for the Process Return modal. */
export const ReturnableInvoice = Type.Object({
  ...InvoiceHeadFields,
  customer_name: Type.String(),
  subtotal: Dollars,
  invoice_discount: Dollars,
  tax_total: Dollars,
  grand_total: Dollars,
  items: Type.Array(ReturnableLine),
});
export type ReturnableInvoice = Static<typeof ReturnableInvoice>;

export const ReturnableInvoiceListReply = Type.Object({ invoices: Type.Array(ReturnableInvoice), pagination: Pagination });
export type ReturnableInvoiceList = Static<typeof ReturnableInvoiceListReply>;

/** Money paid back for a return (null for a credit note): the refund, and what left the drawer (cash rounding). */
export const MoneyRefund = Type.Object({
  method: Type.Union([Type.Literal('CASH'), Type.Literal('NETS'), Type.Literal('PAYNOW')]),
  reference: Nullable(Type.String()),
  amount: Dollars,
  paid_out: Dollars,
  rounding: Dollars,
});

export type MoneyRefund = Static<typeof MoneyRefund>;

/** Value a return put back on a plugin's tender (#29: the gift card that paid the goods), by its method. */
export const TenderRefund = Type.Object({ method: Type.String(), amount: Dollars, reference: Nullable(Type.String()) });

/**
 * Processing a return: one row per returned line, the credit note issued for them (null when refunded in money or
 * all on tenders), the money paid back, and the value put back on plugin tenders (empty when none paid the invoice).
 */
export const CreatedReturnReply = Type.Object({
  returns: Type.Array(Return),
  creditNote: Nullable(CreditNote),
  refund: Nullable(MoneyRefund),
  tender_refunds: Type.Array(TenderRefund),
});

// ---- Exchanges ----

/**
 * POST /api/exchanges: the return (as POST /api/returns, always refunded as a credit note), the new sale (as
 * POST /api/checkout; the note pays first, its payments pay the rest) and how a balance in the customer's
 * favour goes back: left on the note (CREDIT_NOTE, default) or paid in money (NETS/PAYNOW with a reference).
 */
export const ExchangeBody = Strict({
  invoice_id: PickedId,
  items: Type.Optional(Type.Array(ReturnItem, { maxItems: 200 })),
  notes: OptionalLongText(2000),
  sale: CheckoutBody,
  refund_method: Type.Optional(RefundMethod),
  refund_reference: OptionalShortText(200),
  /** The refund policy, as on a return (`sale.approval`, a discount's approval, counts for it too when this is absent). */
  ...PolicyFields,
});
export type ExchangeBody = Static<typeof ExchangeBody>;

/** The money of an exchange: the goods back, the new sale, what the note paid and the difference. */
export const ExchangeDifference = Type.Object({
  returned: Dollars,
  new_total: Dollars,
  applied: Dollars,
  /** new_total - returned: above 0 the customer paid it, below 0 the shop gave it back. */
  difference: Dollars,
  to_pay: Dollars,
  to_refund: Dollars,
  /** The discount the new pairs carried from the pairs they replaced (same style, same list price). */
  carried_discount: Dollars,
  /** How to_refund went back: CREDIT_NOTE (left on the note, still ACTIVE) or money. */
  refund_method: RefundMethod,
  refund: Nullable(MoneyRefund),
});
export type ExchangeDifference = Static<typeof ExchangeDifference>;

/** POST /api/exchanges/quote: the exchange priced as POST /api/exchanges would price it, writing nothing. */
export const ExchangeQuoteReply = Type.Object({
  /** The goods coming back (GST included). */
  returned: Dollars,
  /** The new sale's lines (one product's lines merged): own discount, the discount carried from a returned pair, line total. */
  items: Type.Array(
    Type.Object({
      product_id: Type.Integer(),
      name: Type.String(),
      size: Nullable(Type.String()),
      qty: Type.Integer(),
      unit_price: Dollars,
      discount: Dollars,
      carried_discount: Dollars,
      line_total: Dollars,
    }),
  ),
  /** All lines' carried discount: the original sale's price kept for pairs of the same style and list price. */
  carried_discount: Dollars,
  subtotal: Dollars,
  invoice_discount: Dollars,
  tax: Dollars,
  prices_include_gst: Type.Boolean(),
  new_total: Dollars,
  difference: Dollars,
  to_pay: Dollars,
  to_refund: Dollars,
});
export type ExchangeQuoteReply = Static<typeof ExchangeQuoteReply>;

export const ExchangeReply = Type.Object({
  returns: Type.Array(Return),
  creditNote: CreditNote,
  sale: CheckoutReply,
  difference: ExchangeDifference,
});
export type ExchangeReply = Static<typeof ExchangeReply>;

// ---- Refund slips (#26.3) ----

/** A return as its slip and print routes name it: the id of any of its rows (POST /api/returns replies them). */
export const ReturnIdParams = Strict({ id: Type.String({ pattern: '^[0-9a-f-]{36}$', maxLength: 36 }) });

/** The credit note a return issued, as its slip states it: number, amount, expiry and the code that spends it. */
export const SlipCreditNote = Type.Object({
  number: Type.String(),
  amount: Dollars,
  /** What is left to spend on it now. */
  available: Dollars,
  /** Notes do not expire yet: always null (the slip says it when there is one). */
  expires: Nullable(IsoDate),
  /** Shown to an ADMIN and to whoever made the return (the note is a bearer note, #25); null to anyone else. */
  redemption_code: Nullable(Type.String()),
  /** The code as a Code128 barcode (SVG markup) for the browser's print, null with the code. */
  barcode_svg: Nullable(Type.String()),
});

/** The refund slip: what the browser prints and the ESC/POS printer prints (one model, the same facts). */
export const RefundSlip = Type.Object({
  return_id: Type.String(),
  shop: Type.Object({ name: Type.String(), address: Type.String(), phone: Type.String(), gst_reg_no: Type.String() }),
  title: Type.Literal('REFUND'),
  invoice: Type.Object({ id: Type.Integer(), number: Type.String(), date_text: Type.String() }),
  date: Timestamp,
  date_text: Type.String(),
  cashier: Nullable(Type.String()),
  approved_by: Nullable(Type.String()),
  without_receipt: Type.Boolean(),
  lines: Type.Array(
    Type.Object({
      description: Type.String(),
      size: Nullable(Type.String()),
      sku: Nullable(Type.String()),
      qty: Type.Integer(),
      reason: Type.String(),
      amount: Dollars,
    }),
  ),
  /** The goods' refund, GST included. */
  total: Dollars,
  gst: Dollars,
  method: RefundMethod,
  /** 'Credit note', 'Cash', 'NETS', 'PayNow'. */
  method_text: Type.String(),
  reference: Nullable(Type.String()),
  /** Money handed back (cash after 5-cent rounding); null for a credit note. */
  paid_out: Nullable(Dollars),
  credit_note: Nullable(SlipCreditNote),
});
export type RefundSlip = Static<typeof RefundSlip>;
export const RefundSlipReply = Type.Object({ slip: RefundSlip });

/** POST /api/returns/:id/print: `reprint` marks the copy and never opens the drawer. */
export const SlipPrintBody = Strict({ reprint: Type.Optional(Type.Boolean()) });
export const SlipPrintReply = Type.Object({ printed: Type.Boolean(), printer: Type.String(), drawer_opened: Type.Boolean() });
export type SlipPrintReply = Static<typeof SlipPrintReply>;
