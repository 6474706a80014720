// TypeBox schemas for the sales routes (contract: docs/api.md). Every object strict, every string bounded.
// The replies' shapes are declared here too: the server's mappers and the screens take their types from them.
import type { ComponentType, RefObject } from 'react';
import { Type, type Static } from 'typebox';
import {
  Dollars,
  Id,
  IsoDate,
  LongText,
  MAX_MONEY_DOLLARS,
  Money,
  Nullable,
  OptionalShortText,
  PageQuery,
  Pagination,
  ShortText,
  Strict,
  Timestamp,
} from '../../core/schemas.js';
import { TENDER_METHOD_PATTERN } from '../../core/tender-method.js';

const OptionalText = OptionalShortText;
/** A money amount that may be negative or zero at the schema level, so the route can answer with the spec's message. */
const AnyAmount = Type.Number({ minimum: -MAX_MONEY_DOLLARS, maximum: MAX_MONEY_DOLLARS, multipleOf: 0.01 });

/** Marks the checkout fields the SPEC's till sends but the server derives itself: accepted, never read. */
const SPEC_ONLY = "Accepted because the SPEC's till sends it, and ignored:";

/** A manager's (active ADMIN's) username and password, typed at the till (a discount, a void). */
function ManagerCredentials() {
  return Strict({
    username: Type.String({ minLength: 1, maxLength: 100 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
  });
}

/** A product of the cart as the server prices it: the catalogue's product, how many, the dollars off the line. */
const CartProductFields = {
  productId: Id,
  qty: Type.Integer({ minimum: 1, maximum: 100_000 }),
  /** Dollars off this line. */
  discount: Type.Optional(Money),
};

/** A catalogue product in the checkout's cart (the SPEC's till also sends its unit price: ignored). */
export const ProductItem = Strict({
  ...CartProductFields,
  unitPrice: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: MAX_MONEY_DOLLARS,
      multipleOf: 0.01,
      description: `${SPEC_ONLY} the price comes from the catalogue.`,
    }),
  ),
});
export type ProductItem = Static<typeof ProductItem>;

/**
 * #29: an item another plugin sells (not stock, no GST: a gift card), one key naming its kind, its value checked by
 * that plugin's declared schema (core/plugin.ts ChargeKind): `{gift_card: {amount: 50}}`. An unknown kind is a 400.
 */
export const PluginItem = Type.Record(Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' }), Type.Unknown(), {
  minProperties: 1,
  maxProperties: 1,
  additionalProperties: false,
});
export type PluginItem = Static<typeof PluginItem>;

/** A cart item: a product (checked first, so its errors name its fields) or a plugin's item. */
export const CheckoutItem = Type.Union([ProductItem, PluginItem]);
export type CheckoutItem = Static<typeof CheckoutItem>;

/** True for a catalogue product's item (a plugin's item has one lower-case key, never `productId`). */
export function isProductItem(item: CheckoutItem): item is ProductItem {
  return typeof (item as { productId?: unknown }).productId === 'number';
}

/**
 * CREDIT_NOTE: `reference` is the note's number (CN-yyyymmdd-seq); the note pays `amount` of the sale. Any other
 * upper-case method (GIFT_CARD with the card's code as `reference`, LOYALTY_POINTS) is a plugin's tender (#29): taken
 * when a plugin of this app declares it in its manifest `tenders`, else a 400 on `payments.N.method`.
 */
export const TillPayment = Strict({
  method: Type.Union([
    Type.Literal('CASH'),
    Type.Literal('NETS'),
    Type.Literal('PAYNOW'),
    Type.Literal('CREDIT'),
    Type.Literal('CREDIT_NOTE'),
    Type.Literal('GIFT_CARD'),
    Type.Literal('LOYALTY_POINTS'),
    Type.String({ pattern: TENDER_METHOD_PATTERN, description: "A plugin's tender (its manifest `tenders`)" }),
  ]),
  amount: Money,
  reference: OptionalText(200),
});

export const CheckoutBody = Strict({
  // An empty cart is refused by the route with the spec's 'Cart is empty'.
  items: Type.Array(CheckoutItem, { maxItems: 200 }),
  customerId: Type.Optional(Type.Union([Id, Type.Null()])),
  walkInCompanyName: OptionalText(200),
  taxRate: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  /** Percent off the sale (after line discounts). */
  invoiceDiscount: Type.Optional(Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.01 })),
  /** Dollars off the sale instead of a percent (sending both is a 400). */
  invoiceDiscountAmount: Type.Optional(Money),
  /** Why the discount was given; required when it is above the staff limit and a manager approves it. */
  discountReason: OptionalText(200),
  /** A manager's (active ADMIN's) credentials, typed at the till, approving a USER's discount above the limit. */
  approval: Type.Optional(ManagerCredentials()),
  payments: Type.Optional(Type.Array(TillPayment, { maxItems: 10 })),
  /**
   * The shop's cash rounding as the till believed it when it showed the amount due (GET /api/auth/config cashRounding).
   * When sent and no longer the setting: 409 SETTINGS_CHANGED, nothing written.
   */
  cashRounding: Type.Optional(Type.Boolean()),
  /** Whether the till priced the cart with GST-inclusive prices (GET /api/auth/config pricesIncludeGst); a 409 SETTINGS_CHANGED when the setting differs now. */
  pricesIncludeGst: Type.Optional(Type.Boolean()),
  /**
   * #17.7: who the full tax invoice names (the buyer asked, or the sale is above $1,000.00 for a walk-in or a
   * customer without a billing address). Stored as the invoice's customer name, address and UEN.
   */
  buyer: Type.Optional(
    Strict({
      name: ShortText({ minLength: 1, maxLength: 200 }),
      address: LongText(500),
      uen: OptionalText(20),
    }),
  ),
  /** Cash handed over (CASH sales): the invoice records it and the change. */
  tendered: Type.Optional(Type.Union([Money, Type.Null()])),
  // The SPEC's payload also carries these; the server derives terms, status, due date and the amount on credit
  // from the customer and the priced cart, so what is sent is accepted (the SPEC's till keeps working) and ignored.
  creditTermsDays: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0, maximum: 365 }), Type.Null()], {
      description: `${SPEC_ONLY} the terms are the customer's.`,
    }),
  ),
  paymentStatus: Type.Optional(
    Type.Union([Type.Literal('PAID'), Type.Literal('UNPAID')], {
      description: `${SPEC_ONLY} the status follows the payments.`,
    }),
  ),
  dueDate: Type.Optional(
    Type.Union([ShortText({ maxLength: 40 }), Type.Null()], {
      description: `${SPEC_ONLY} the due date is the sale's date plus the customer's terms.`,
    }),
  ),
  creditAmount: Type.Optional(
    Type.Union([Money, Type.Null()], {
      description: `${SPEC_ONLY} the amount on credit is what the payments leave unpaid.`,
    }),
  ),
});
export type CheckoutBody = Static<typeof CheckoutBody>;

export const CheckoutHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});

const Status = Type.Union([Type.Literal('PAID'), Type.Literal('UNPAID'), Type.Literal('PARTIAL'), Type.Literal('VOID')]);
// CARD is what the spec's invoice filter offers; it means NETS here.
const ListMethod = Type.Union([
  Type.Literal('CASH'),
  Type.Literal('NETS'),
  Type.Literal('PAYNOW'),
  Type.Literal('CREDIT'),
  Type.Literal('MIXED'),
  Type.Literal('CARD'),
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

// ---- Replies ----

export const PaymentStatus = Type.Union([Type.Literal('PAID'), Type.Literal('UNPAID'), Type.Literal('PARTIAL'), Type.Literal('VOID')]);
export type PaymentStatus = Static<typeof PaymentStatus>;
/** How a sale was settled at the till (MIXED: more than one method). */
const InvoiceMethod = Type.Union([Type.Literal('CASH'), Type.Literal('NETS'), Type.Literal('PAYNOW'), Type.Literal('CREDIT'), Type.Literal('MIXED')]);
const RefundMethod = Type.Union([Type.Literal('CASH'), Type.Literal('NETS'), Type.Literal('PAYNOW'), Type.Literal('BANK_TRANSFER')]);
/** A payment's method: money, a credit note, or a plugin's tender (#29: GIFT_CARD, LOYALTY_POINTS, ...). */
const PaymentMethod = Type.Union([...RefundMethod.anyOf, Type.Literal('CREDIT_NOTE'), Type.String({ pattern: TENDER_METHOD_PATTERN })]);

/** NONE (#29): the sale has nothing GST is charged on (only untaxed charges, a gift card): not a tax invoice. */
export const TaxInvoiceKind = Type.Union([Type.Literal('SIMPLIFIED'), Type.Literal('FULL'), Type.Literal('NONE')]);
export type TaxInvoiceKind = Static<typeof TaxInvoiceKind>;

/** The customer as printed on the invoice (a snapshot taken at the sale). */
export const InvoiceCustomer = Type.Object({
  id: Nullable(Type.Integer()),
  name: Type.String(),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  company: Nullable(Type.String()),
  billing_address: Nullable(Type.String()),
  /** The buyer's UEN as printed on the invoice (#17.7). */
  uen: Nullable(Type.String()),
});

/** An invoice as the list returns it: everything but its items, payments and refunds. */
export const InvoiceSummary = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  date: Timestamp,
  business_date: IsoDate,
  due_date: Nullable(Type.String()),
  payment_status: PaymentStatus,
  payment_method: InvoiceMethod,
  customer: InvoiceCustomer,
  /** IRAS: FULL names the buyer (above $1,000.00 or when asked); SIMPLIFIED is the receipt of a sale up to $1,000.00. */
  tax_invoice: TaxInvoiceKind,
  subtotal: Dollars,
  discount_total: Dollars,
  invoice_discount: Dollars,
  invoice_discount_percent: Type.Number(),
  tax_rate: Type.Number(),
  tax_total: Dollars,
  grand_total: Dollars,
  /** Signed dollars the cash part was rounded by (5-cent cash rounding, #17.2); 0 when not rounded. */
  rounding: Dollars,
  /** What the customer owes for the sale: grand_total + rounding. */
  amount_due: Dollars,
  /** The line prices include GST: tax_total is the GST inside grand_total (= subtotal - discounts), not added to it. */
  prices_include_gst: Type.Boolean(),
  amount_paid: Dollars,
  outstanding: Dollars,
  tendered: Nullable(Dollars),
  change: Dollars,
  created_by: Nullable(Type.String()),
  /** Username of the ADMIN who approved a discount above the staff limit (null when none was needed). */
  discount_approved_by: Nullable(Type.String()),
  discount_reason: Nullable(Type.String()),
  void_reason: Nullable(Type.String()),
  voided_at: Nullable(Timestamp),
  /** Username of the ADMIN who approved a cashier's void at the till (#26.4); null when none was needed. */
  void_approved_by: Nullable(Type.String()),
});
export type InvoiceSummary = Static<typeof InvoiceSummary>;

export const InvoiceLine = Type.Object({
  id: Type.Integer(),
  product_id: Type.Integer(),
  description: Type.String(),
  size: Nullable(Type.String()),
  qty: Type.Integer(),
  unit_price: Dollars,
  discount: Dollars,
  line_total: Dollars,
  /**
   * The part of `discount` that invoice adjustments made (#28.2, a promotion's share), signed (0 or negative):
   * the line before them is line_total - adjustment, and the cashier's own discount is discount + adjustment.
   */
  adjustment: Dollars,
  product: Type.Object({ sku: Nullable(Type.String()) }),
});
export type InvoiceLine = Static<typeof InvoiceLine>;

/**
 * An invoice adjustment (#28.2) as receipts, invoices and the till show it: one per adjustment (a promotion applied
 * on the sale), its signed amount (negative lowers the sale) summed over the lines it touched and the units that
 * formed it. `source` is the plugin that made it; `promotion_id` is its `ref_id` when that plugin is promotions.
 */
export const InvoiceAdjustment = Type.Object({
  source: Type.String(),
  code: Type.String(),
  label: Type.String(),
  amount: Dollars,
  units: Type.Integer(),
  ref_id: Nullable(Type.Integer()),
  promotion_id: Nullable(Type.Integer()),
  /**
   * #29: a charge, not a discount: an item another plugin sold (a gift card) on no line, its `amount` positive and
   * carrying no GST, added after the goods (in `subtotal` and `grand_total`, never under the invoice discount or GST).
   */
  charge: Type.Boolean(),
});
export type InvoiceAdjustment = Static<typeof InvoiceAdjustment>;

export const InvoicePayment = Type.Object({
  id: Type.Integer(),
  method: PaymentMethod,
  amount: Dollars,
  reference: Nullable(Type.String()),
  date: Timestamp,
  created_by: Nullable(Type.String()),
});
export type InvoicePayment = Static<typeof InvoicePayment>;

/** Money paid back when the invoice was voided. */
export const InvoiceRefund = Type.Object({
  id: Type.Integer(),
  method: RefundMethod,
  amount: Dollars,
  reason: Type.String(),
  date: Timestamp,
  created_by: Nullable(Type.String()),
});

/** The full invoice: summary, items, payments, and refunds (a voided invoice's payments paid back). */
/** The head of an invoice as the pickers of other plugins show it (Process Return, Apply Credit Note). */
export const InvoiceHeadFields = {
  id: Type.Integer(),
  number: Type.String(),
  date: Timestamp,
  business_date: IsoDate,
  payment_status: Type.String(),
  customer: Type.Object({ id: Nullable(Type.Integer()), name: Type.String() }),
};

export const Invoice = Type.Object({
  ...InvoiceSummary.properties,
  items: Type.Array(InvoiceLine),
  /** Adjustments before GST (promotions), already inside the items' discounts: printed between lines and subtotal. */
  adjustments: Type.Array(InvoiceAdjustment),
  payments: Type.Array(InvoicePayment),
  refunds: Type.Array(InvoiceRefund),
  amount_refunded: Dollars,
});
export type Invoice = Static<typeof Invoice>;

export const InvoiceReply = Type.Object({ invoice: Invoice });
export const InvoiceListReply = Type.Object({ invoices: Type.Array(InvoiceSummary), pagination: Pagination });
export type InvoiceList = Static<typeof InvoiceListReply>;

/** A sold product's stock right after the sale, so the till updates its cards without reloading the catalogue. */
export const StockAfterSale = Type.Object({ product_id: Type.Integer(), stock_qty: Type.Integer() });
export type StockAfterSale = Static<typeof StockAfterSale>;

/**
 * POST /api/checkout: the SPEC's {invoiceId, number}, plus the invoice as written and the sold products' new stock.
 * #29: a plugin whose items were sold adds its own key (its ChargeKind `replyKey`, e.g. `gift_cards`), listing what it
 * recorded for them; only declared keys are added (a key clashing with these is refused at start).
 */
export const CheckoutReply = Type.Object(
  { invoiceId: Type.Integer(), number: Type.String(), invoice: Invoice, stock: Type.Array(StockAfterSale) },
  { additionalProperties: true },
);
export type CheckoutReply = Static<typeof CheckoutReply>;

/** POST /api/checkout/quote (#28.1): a checkout's body priced as the checkout will price it; nothing is written. */
export const CheckoutQuote = Type.Object({
  items: Type.Array(
    Type.Object({
      product_id: Type.Integer(),
      name: Type.String(),
      size: Nullable(Type.String()),
      qty: Type.Integer(),
      unit_price: Dollars,
      discount: Dollars,
      line_total: Dollars,
      /** The adjustments' part of `discount` (signed, 0 or negative), as on the invoice's items. */
      adjustment: Dollars,
    }),
  ),
  /** What other plugins change before GST (promotions, #28.2), as the invoice will list them. */
  adjustments: Type.Array(InvoiceAdjustment),
  subtotal: Dollars,
  line_discount: Dollars,
  invoice_discount: Dollars,
  discount_total: Dollars,
  /** The discounts as a percent of the undiscounted amount (what the staff limit is measured on). */
  discount_percent: Type.Number(),
  /** The shop's GST rate as the invoice gives it (0.09). */
  tax_rate: Type.Number(),
  prices_include_gst: Type.Boolean(),
  tax_total: Dollars,
  grand_total: Dollars,
  cash_rounding: Type.Boolean(),
  /** What a customer paying all in cash hands over (5-cent rounding when the shop uses it), and that rounding. */
  cash_amount_due: Dollars,
  cash_rounding_amount: Dollars,
  /** A USER's discount above the shop's limit: the checkout will need a manager's approval (403 APPROVAL_REQUIRED). */
  approval_required: Type.Boolean(),
  max_staff_discount_percent: Type.Number(),
});
export type CheckoutQuote = Static<typeof CheckoutQuote>;
export const CheckoutQuoteReply = Type.Object({ quote: CheckoutQuote });

/** POST /api/customers/:id/payments: the payment, how it was allocated (oldest invoice first), the new balance. */
export const CustomerPaymentReply = Type.Object({
  payment: Type.Object({
    id: Type.Integer(),
    customer_id: Type.Integer(),
    method: RefundMethod,
    amount: Dollars,
    reference: Nullable(Type.String()),
    date: Timestamp,
  }),
  allocations: Type.Array(Type.Object({ invoice_id: Type.Integer(), number: Type.String(), amount: Dollars })),
  outstanding_balance: Dollars,
});

// ---- Receipts (#16.5): one receipt model for the ESC/POS printer and the browser's 80 mm print ----

/** A block another plugin prints on the receipt: its title, its lines (amount = the value of that line) and total. */
export const ReceiptSection = Type.Object({
  title: Type.String(),
  lines: Type.Array(Type.Object({ name: Type.String(), size: Nullable(Type.String()), sku: Nullable(Type.String()), qty: Type.Integer(), amount: Dollars })),
  total: Dollars,
  /** Label/value pairs under the lines (#29 loyalty: "Points earned" "120"); a block of notes only prints no total. */
  notes: Type.Optional(Type.Array(Type.Object({ label: Type.String(), value: Type.String() }))),
  /** Each line prints "<qty> x <qty_label>"; the total prints under total_label (a return's: "returned", "Returned total"). */
  qty_label: Type.String(),
  total_label: Type.String(),
  /** #29: codes the section prints as Code 128 (a gift card's), the text under the bars; `svg` the bars for the browser's print. */
  barcodes: Type.Array(Type.Object({ value: Type.String(), label: Type.String(), svg: Type.Optional(Type.String()) })),
});
export type ReceiptSection = Static<typeof ReceiptSection>;

/** The 80 mm receipt, a simplified tax invoice (IRAS): supplier, GST reg no, number, date, total incl. GST and the GST amount. */
export const Receipt = Type.Object({
  invoice_id: Type.Integer(),
  number: Type.String(),
  date: Timestamp,
  /** The date as printed, in the shop's time zone ("24 Nov 2026 14:05"). */
  date_text: Type.String(),
  status: PaymentStatus,
  shop: Type.Object({
    name: Type.String(),
    address: Type.String(),
    phone: Type.String(),
    gst_reg_no: Type.String(),
    uen: Type.String(),
    footer: Type.String(),
  }),
  served_by: Nullable(Type.String()),
  customer: Nullable(Type.String()),
  /** #17.7: a FULL tax invoice prints the buyer (name, company, address, UEN); a SIMPLIFIED one has no buyer. */
  tax_invoice: TaxInvoiceKind,
  buyer: Nullable(
    Type.Object({
      name: Type.String(),
      company: Nullable(Type.String()),
      address: Nullable(Type.String()),
      uen: Nullable(Type.String()),
    }),
  ),
  due_date: Nullable(Type.String()),
  lines: Type.Array(
    Type.Object({
      name: Type.String(),
      size: Nullable(Type.String()),
      sku: Nullable(Type.String()),
      /** The item's code as the receipt prints it (#30): its barcode when it has one, else its SKU; null: neither. */
      code: Nullable(Type.String()),
      qty: Type.Integer(),
      unit_price: Dollars,
      /** As stored: the cashier's discount and the adjustments' part (#28.2) together. */
      discount: Dollars,
      line_total: Dollars,
      /** The adjustments' part of `discount` (0 or negative), printed as their own rows under the lines. */
      adjustment: Dollars,
      /** What prints after 'less': the cashier's own discount (discount + adjustment). */
      own_discount: Dollars,
      /** What prints on the line's right: the line before adjustments (line_total - adjustment). */
      amount: Dollars,
    }),
  ),
  /**
   * #28.2 the sale's adjustments (a promotion's discount), printed after the lines and before the Subtotal by label
   * and signed amount: the lines' `amount`s plus these make the subtotal exactly.
   */
  adjustments: Type.Array(Type.Object({ label: Type.String(), amount: Dollars })),
  subtotal: Dollars,
  /** Sale-level discount (subtotal minus the total before GST). */
  discount: Dollars,
  discount_label: Type.String(),
  total_before_gst: Dollars,
  gst_label: Type.String(),
  gst: Dollars,
  total: Dollars,
  /** 5-cent cash rounding (signed; 0 when none): the receipt then shows 'Rounding' and 'Amount due' (total + rounding). */
  rounding: Dollars,
  amount_due: Dollars,
  /** 'Total includes GST 9% of $x' (the invoice's rate) when the prices included GST: printed after the total in place of 'Total excl. GST' and the GST line. */
  gst_included: Nullable(Type.String()),
  payments: Type.Array(Type.Object({ method: Type.String(), reference: Nullable(Type.String()), amount: Dollars })),
  tendered: Nullable(Dollars),
  change: Dollars,
  outstanding: Dollars,
  /** Cash was taken at the sale: printing kicks the drawer when the shop wants that. */
  cash_sale: Type.Boolean(),
  /** What other plugins add under the sale (returns: 'Exchanged / returned' with the pairs an exchange took back). */
  sections: Type.Array(ReceiptSection),
  /**
   * #26.3 the invoice number as a Code128 barcode (SVG markup, bars only) for the browser's print, so the Return
   * dialog can scan it (the ESC/POS receipt prints a QR of it). GET /api/invoices/:id/receipt sends it.
   */
  barcode_svg: Type.Optional(Type.String()),
});
export type Receipt = Static<typeof Receipt>;
export const ReceiptReply = Type.Object({ receipt: Receipt });

/** POST /api/invoices/:id/print: `reprint` marks the copy and never opens the drawer. */
export const PrintBody = Strict({ reprint: Type.Optional(Type.Boolean()) });
export type PrintBody = Static<typeof PrintBody>;
export const PrintReply = Type.Object({ printed: Type.Boolean(), printer: Type.String(), drawer_opened: Type.Boolean() });
export type PrintReply = Static<typeof PrintReply>;
export const DrawerOpenBody = Strict({ reason: ShortText({ minLength: 1, maxLength: 200 }) });
export type DrawerOpenBody = Static<typeof DrawerOpenBody>;
export const DrawerOpenReply = Type.Object({ opened: Type.Boolean(), till: Type.String() });

// ---- Slots the POS offers other plugins' UI (ui/slot.tsx): their props, not JSON ----

/**
 * A payment another plugin's tender puts on the sale in progress (slot 'checkout-tender'; credit-notes: a credit
 * note; gift-cards: a gift card). Applied tenders pay first, in the order applied, each all it can up to what is
 * still due; the method chosen below them pays the rest.
 */
export interface CheckoutTender {
  /** The payment's method as checkout takes it (CREDIT_NOTE, or a plugin's tender: GIFT_CARD, LOYALTY_POINTS). */
  method: Static<typeof TillPayment>['method'];
  /** The payment's reference, as checkout takes it (a credit note: the code on its slip, or its number; a gift card: its code). */
  reference: string;
  /** What the till shows it as (a credit note: its number; a gift card: its masked code). */
  label: string;
  /** Dollars it can pay at most (a credit note: what is left on it; a gift card: its balance). */
  available: number;
}

/** A tender as applied to the sale: what it pays of it now (dollars; 0 when the tenders before it cover the sale). */
export interface AppliedTender extends CheckoutTender {
  amount: number;
}

/**
 * 'checkout-tender': in the checkout dialog, under the customer. Every plugin's component there gets the same
 * props and picks out its own tenders by `method`. Several tenders may be applied (a credit note and two gift
 * cards); the payments sent are theirs in order, then the chosen method's for the rest.
 */
export interface CheckoutTenderProps {
  /** The sale's customer (null: walk-in). */
  customer: { id: number; name: string } | null;
  /** Every tender applied to this sale, in the order applied, with what each pays. */
  tenders: AppliedTender[];
  /** Dollars the sale still needs after all applied tenders (what one more tender may pay at most). */
  remaining: number;
  /** Applies a tender (one with the same method and reference is replaced, keeping its place). */
  onApply: (tender: CheckoutTender) => void;
  /** Takes a tender off the sale (by method and reference). */
  onRemove: (tender: Pick<CheckoutTender, 'method' | 'reference'>) => void;
}

/**
 * #29: an item another plugin sells at the till (not stock, no GST: a gift card), held in the cart beside the
 * products and sent in checkout's (and the quote's) `items` as `{[kind]: value}`; the server prices it again.
 */
export interface CartCharge {
  /** The plugin's item kind, its manifest `charges` key (`gift_card`). */
  kind: string;
  /** Its value as that kind's schema takes it (`{amount: 50}`). */
  value: Record<string, unknown>;
  /** The cart row's text (`Gift card $50.00`). */
  label: string;
  /** Dollars it adds to the sale (no GST, not under the sale discount). */
  amount: number;
}

/** 'pos-cart-actions': buttons in the POS cart's header that put other plugins' items in the cart. */
export interface PosCartActionsProps {
  /** Adds the item to the cart as one row. */
  addCharge: (item: CartCharge) => void;
}

/** 'sale-complete': in the sale-complete dialog, under the totals: the checkout's reply (plugins read their own keys, `gift_cards`). */
export interface SaleCompleteSlotProps {
  sale: Static<typeof CheckoutReply>;
}

/** 'pos-return': the POS's Return dialog (returns' own), opened by the cart's 'Return' button. */
export interface PosReturnProps {
  open: boolean;
  /** Closes it (the POS search takes the focus back). */
  onClose: () => void;
}

/** How the till takes a payment: on account (a customer's credit), or paid now. */
export type TillMethod = 'CREDIT' | 'CASH' | 'NETS' | 'PAYNOW';

/** The till's payment panel (method radios, cash box with quick cash, NETS approval code, PayNow QR). */
export interface PaymentChoiceProps {
  methods: { value: TillMethod; label: string }[];
  method: TillMethod;
  onMethod: (m: TillMethod) => void;
  totalCents: number;
  /** The cash to pay (the total, rounded to 5 cents when the shop rounds cash): the placeholder and 'Exact'. */
  cashDueCents?: number;
  tendered: string;
  onTendered: (text: string) => void;
  /** Change due in cents (null while nothing valid is typed; negative when short). */
  change: number | null;
  reference: string;
  onReference: (text: string) => void;
  /** The PayNow reference generated for this sale attempt (the QR's). */
  payNowGenerated: string;
  tenderedRef: RefObject<HTMLInputElement | null>;
}

/** The till's keys while a payment dialog is open: Enter completes; 1 / 5 / 0 add a note, E the exact amount (cash). */
export interface TillKeys {
  open: boolean;
  /** Quick cash applies to a cash payment only. */
  cash: boolean;
  tendered: string;
  totalCents: number;
  onTendered: (text: string) => void;
  onEnter: () => void;
}

/** How the cart is paid, for its POST /api/checkout body (a walk-in sale paid now). */
export interface PosSalePay {
  /** The GST rate the till priced with (the shop's). */
  taxRate: number;
  /** What this payment pays, in cents (0: nothing paid now). */
  totalCents: number;
  method: Exclude<TillMethod, 'CREDIT'>;
  reference: string;
  tendered: string;
  cashRounding?: boolean;
  pricesIncludeGst?: boolean;
}

/** The till's own ways of taking money, lent to a dialog another plugin opens at the POS (the exchange's difference). */
export interface PosTill {
  /** What is due now and the rounding: cash rounds to 5 cents when the shop rounds cash (the server's rule). */
  amountDue: (totalCents: number, method: TillMethod, cashRounding: boolean) => { dueCents: number; roundingCents: number };
  /** Change due in cents for the cash typed (null while nothing valid is typed; negative when short). */
  changeCents: (tendered: string, dueCents: number) => number | null;
  /** Cash typed, in cents (null when empty or invalid). */
  tenderedCents: (text: string) => number | null;
  /** A new PayNow reference for this till (the QR's). */
  payNowReference: () => string;
  /** A new Idempotency-Key for one attempt. */
  newIdempotencyKey: () => string;
  /** The till's payment keys (a hook: call it on every render of the dialog). */
  useKeys: (keys: TillKeys) => void;
  PaymentChoice: ComponentType<PaymentChoiceProps>;
  /** The checkout dialogs' layout rules (a <style>). */
  Styles: ComponentType;
}

/**
 * 'pos-exchange': the POS's Exchange dialog (returns' own), opened by the cart's 'Exchange' button (or its
 * checkout button while an exchange waits for its new pairs). The cart is the exchange's new sale.
 */
export interface PosExchangeProps {
  open: boolean;
  /** Closes it (the POS search takes the focus back). */
  onClose: () => void;
  /** After the exchange: the new sale as checkout replies it (the POS shows it, prints its receipt), and the cash handed over (dollars). */
  onSuccess: (sale: CheckoutReply, tendered: number | null) => void;
  /** The units in the cart, the new pairs (0: the exchange starts from the pairs coming back). */
  cartUnits: number;
  /** The cart as a POST /api/checkout body paid as given. */
  saleBody: (pay: PosSalePay) => CheckoutBody;
  /** Empties the cart (the exchange went through). */
  clearCart: () => void;
  /** Whether an exchange waits for its new pairs: the cart's checkout button then reads (and opens) 'Exchange'. */
  onWaiting: (waiting: boolean) => void;
  till: PosTill;
}

/** 'pos-cart-top': in the cart, above its lines; no props (returns: the pairs coming back of an exchange waiting for its new pairs). */

/**
 * 'checkout-customer': in the checkout dialog's customer picker, beside the customer chosen for the sale (#29
 * loyalty: their points and what they are worth). Not shown for a walk-in.
 */
export interface CheckoutCustomerProps {
  customer: { id: number; name: string };
}

/** 'pos-stock-alert': at the end of the POS filters (purchasing's low-stock badge). */
export interface PosStockAlertProps {
  /** Changes after every sale, so stock counts load again. */
  refreshKey: number;
}

/**
 * #26.7: what the till shows its customer, as the POS publishes it (the display plugin's PUT /api/display/state
 * takes it as its body, and its till slot receives it as props). Only what the server can price or check again:
 * the cart as checkout would take it (catalogue prices, the shop's GST; `quoteCart`), the payment being taken
 * (its method, what that method pays, the PayNow reference the till's QR carries), or the sale just made (by id).
 * IDLE: between sales. CART: lines in the cart. PAY: Checkout is open. DONE: the sale-complete panel is shown.
 */
export const PosCustomerState = Strict({
  phase: Type.Union([Type.Literal('IDLE'), Type.Literal('CART'), Type.Literal('PAY'), Type.Literal('DONE')]),
  /** CART and PAY: the cart's lines as checkout takes them (a line's `discount` in dollars; a plugin's item, #29). */
  items: Type.Optional(Type.Array(Type.Union([Strict(CartProductFields), PluginItem]), { maxItems: 200 })),
  invoiceDiscount: Type.Optional(Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.01 })),
  invoiceDiscountAmount: Type.Optional(Money),
  /** PAY: how it is being paid and what that method pays (the total, less a credit note's part). */
  pay: Type.Optional(
    Strict({
      method: Type.Union([Type.Literal('CASH'), Type.Literal('NETS'), Type.Literal('PAYNOW'), Type.Literal('CREDIT')]),
      amount: Money,
      /** PAYNOW: the reference of the till's QR (KD-<till>-<time>), so the customer's QR is the same one. */
      reference: Type.Optional(Type.String({ minLength: 1, maxLength: 25, pattern: '^[A-Za-z0-9-]+$' })),
    }),
  ),
  /** DONE: the sale just made at this till. */
  invoiceId: Type.Optional(Id),
  /** The customer chosen for the sale (#29): the display shows their name and other plugins' badges (points). */
  customerId: Type.Optional(Id),
});
export type PosCustomerState = Static<typeof PosCustomerState>;

// ---- The till's receipts (#26.4): the open shift's sales, reprinted or voided at the till (routes in plugins/shifts) ----

/** POST /api/till/receipts/:id/void: why, and a manager's approval typed in place (a USER must send it; an ADMIN need not). */
export const TillVoidBody = Strict({
  reason: ShortText({ minLength: 1, maxLength: 500 }),
  approval: Type.Optional(ManagerCredentials()),
});
export type TillVoidBody = Static<typeof TillVoidBody>;

/** One sale of the shift as the Receipts list shows it. */
export const TillReceipt = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  date: Timestamp,
  customer_name: Type.String(),
  grand_total: Dollars,
  /** What the customer paid for it: grand_total + the cash rounding. */
  amount_due: Dollars,
  payment_status: PaymentStatus,
  payment_method: InvoiceMethod,
  /** The methods it was paid with, in the order received (CREDIT_NOTE included); empty when nothing was paid. */
  methods: Type.Array(PaymentMethod),
  created_by: Nullable(Type.String()),
  /** Money paid back on it (a void's refunds, refunded returns). */
  amount_refunded: Dollars,
  void_reason: Nullable(Type.String()),
  voided_at: Nullable(Timestamp),
  void_approved_by: Nullable(Type.String()),
});
export type TillReceipt = Static<typeof TillReceipt>;

export const TillReceiptsReply = Type.Object({
  till: Type.String(),
  shift_id: Type.Integer(),
  /** Newest first; at most TILL_RECEIPTS_MAX (`more` says there were older ones). */
  receipts: Type.Array(TillReceipt),
  more: Type.Boolean(),
});
export type TillReceiptsReply = Static<typeof TillReceiptsReply>;
