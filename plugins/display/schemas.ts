// TypeBox schemas of the customer display's routes (#26.7), and the view the display renders: the server's
// reply shapes are the one declaration of these JSON shapes (the display screen takes its types from here).
import { Type, type Static } from 'typebox';
import { Dollars, Nullable, ShortText, Strict, Timestamp } from '../../core/schemas.js';

/** POST /api/display/pairing: no fields (the till is named by its X-Kedai-Till header). */
export const PairingCodeBody = Strict({});

/** POST /api/display/pairing's reply: the code to type on the display. */
export const PairingCodeReply = Type.Object({
  /** 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
  code: Type.String(),
  /** When the code stops working (ISO 8601): 10 minutes after it was made; used once. */
  expiresAt: Timestamp,
  till: Type.String(),
});
export type PairingCodeReply = Static<typeof PairingCodeReply>;

/** GET /api/display/pairing: whether this till has a display, and its unused code (if any). */
export const PairingStatusReply = Type.Object({
  till: Type.String(),
  paired: Type.Boolean(),
  pairedAt: Nullable(Timestamp),
  /** The code still waiting to be typed on a display, or null. */
  code: Nullable(Type.String()),
  expiresAt: Nullable(Timestamp),
});
export type PairingStatusReply = Static<typeof PairingStatusReply>;

/** POST /api/display/pair: the display sends the code the till shows. Letters in any case; spaces and hyphens ignored. */
export const PairBody = Strict({ code: ShortText({ minLength: 1, maxLength: 20 }) });
export type PairBody = Static<typeof PairBody>;

export const PairReply = Type.Object({
  /** The display's token: opens only this till's stream, nothing else. Kept by the display (localStorage). */
  token: Type.String(),
  till: Type.String(),
});
export type PairReply = Static<typeof PairReply>;

/** GET /api/display/stream?token= (text/event-stream). A staff session's token is no display token. */
export const StreamQuery = Strict({ token: ShortText({ minLength: 1, maxLength: 2000 }) });
export type StreamQuery = Static<typeof StreamQuery>;

/** PUT /api/display/state's reply: whether a display is paired to this till (the till stops publishing when none is). */
export const StateReply = Type.Object({ paired: Type.Boolean() });
export type StateReply = Static<typeof StateReply>;

export const UnpairReply = Type.Object({ paired: Type.Boolean() });

/** One cart line as the customer sees it (the till's cart row: name, size, unit price with GST first). */
export const DisplayLine = Type.Object({
  name: Type.String(),
  size: Nullable(Type.String()),
  qty: Type.Integer(),
  /** The catalogue's unit price (before GST unless the shop's prices include GST). */
  unitPrice: Dollars,
  /** The unit price with GST, what the shelf label says. */
  unitPriceWithGst: Dollars,
  /** Dollars off this line. */
  discount: Dollars,
  /** qty x unit price less the line's discount, as the invoice prices the line. */
  total: Dollars,
});
export type DisplayLine = Static<typeof DisplayLine>;

/**
 * What another plugin takes off the sale (#28: a promotion's deal), as the quote lists it: its label and amount
 * (negative dollars lower the sale). The display shows it between the lines and the totals, never naming a plugin.
 */
export const DisplayAdjustment = Type.Object({ label: Type.String(), amount: Dollars });
export type DisplayAdjustment = Static<typeof DisplayAdjustment>;

export const DisplayPay = Type.Object({
  method: Type.Union([Type.Literal('CASH'), Type.Literal('NETS'), Type.Literal('PAYNOW'), Type.Literal('CREDIT')]),
  /** What is paid some other way first (a credit note handed over), already off the amount below. */
  paidOtherwise: Dollars,
  /** What this method pays, before any cash rounding. */
  amount: Dollars,
  /** The 5-cent cash rounding (signed; 0 unless cash with the shop's rounding on). */
  rounding: Dollars,
  /** What the customer hands over or transfers now. */
  amountDue: Dollars,
  /** PAYNOW: the SGQR for the amount due, the same one the till shows (same reference), or null when none can be made. */
  payNow: Nullable(Type.Object({ svg: Type.String(), reference: Type.String(), amount: Dollars })),
});
export type DisplayPay = Static<typeof DisplayPay>;

export const DisplaySale = Type.Object({
  total: Dollars,
  amountDue: Dollars,
  /** Cash handed over, or null when none was recorded. */
  tendered: Nullable(Dollars),
  change: Dollars,
  method: Type.String(),
  /** Left on the customer's account (a credit sale). */
  onAccount: Dollars,
});
export type DisplaySale = Static<typeof DisplaySale>;

/**
 * The customer the till chose for the sale (#29), as the customer sees themself: the name and what other plugins
 * show beside it (loyalty: `{label: 'Points', value: '1,240 ($12.40)'}`), never their account or credit.
 */
export const DisplayCustomer = Type.Object({
  name: Type.String(),
  badges: Type.Array(Type.Object({ label: Type.String(), value: Type.String() })),
});
export type DisplayCustomer = Static<typeof DisplayCustomer>;

/** What a display shows: one event of its stream. No costs, nothing of other tills; the customer only when chosen. */
export const DisplayView = Type.Object({
  phase: Type.Union([Type.Literal('IDLE'), Type.Literal('CART'), Type.Literal('PAY'), Type.Literal('DONE')]),
  shopName: Type.String(),
  till: Type.String(),
  pricesIncludeGst: Type.Boolean(),
  /** 'GST (9%)'. */
  gstLabel: Type.String(),
  /** 'Total includes GST 9% of $x' when the prices include GST, else null. */
  gstIncluded: Nullable(Type.String()),
  lines: Type.Array(DisplayLine),
  /**
   * The quote's adjustments (a promotion), in its order; `subtotal` is the lines' sum before them. Then its charges
   * (#29: a plugin's item without GST, a gift card; positive, marked '(no GST)'), outside the subtotal, in the total.
   */
  adjustments: Type.Array(DisplayAdjustment),
  /** Units in the cart. */
  units: Type.Integer(),
  subtotal: Dollars,
  lineDiscount: Dollars,
  /** The sale discount (percent or amount off the subtotal). */
  discount: Dollars,
  discountLabel: Type.String(),
  gst: Dollars,
  total: Dollars,
  pay: Nullable(DisplayPay),
  sale: Nullable(DisplaySale),
  /** The chosen customer and their badges, when the till published one (absent otherwise). */
  customer: Type.Optional(DisplayCustomer),
  /** When the till published it. */
  at: Timestamp,
});
export type DisplayView = Static<typeof DisplayView>;
