// What the till shows its customer (#26.7), handed to the POS's 'pos-customer' slot (the customer display plugin
// publishes it): the cart as checkout would take it, the payment being taken while Checkout is open, the sale just
// made. Only what the server can price or check again (sales/schemas.ts PosCustomerState): never names, prices or costs
// (the chosen customer by id only; the server reads the name).
import { toCents, toDollars } from '../../../core/money.js';
import { lineDiscountCents, type CartItem } from './cart-store.js';
import type { CartCharge, PosCustomerState } from '../schemas.js';
import { chargeLines, type CheckoutMethod } from './checkout-rules.js';

/** The payment the checkout dialog is taking: its method, what that method pays (cents) and PayNow's reference. */
export interface CustomerPay {
  method: CheckoutMethod;
  amountCents: number;
  reference: string;
}

/** The state for the till's cart, its open checkout (or null) and the sale just made (or null). */
export function customerState(p: {
  items: CartItem[];
  /** #29: other plugins' items (a gift card), after the products as checkout sends them. */
  charges?: CartCharge[];
  invoiceDiscount: number;
  invoiceDiscountAmount: number;
  pay: CustomerPay | null;
  saleInvoiceId: number | null;
  /** The customer chosen for the sale (#29: the display greets them and shows other plugins' badges, points). */
  customerId?: number | null;
}): PosCustomerState {
  if (p.saleInvoiceId !== null) return { phase: 'DONE', invoiceId: p.saleInvoiceId };
  if (p.items.length === 0 && (p.charges ?? []).length === 0) return { phase: 'IDLE' };
  const state: PosCustomerState = {
    phase: 'CART',
    // As checkoutPayload sends them: the line's discount in dollars, computed by sales/pricing.ts.
    items: p.items.map((i) => {
      const off = lineDiscountCents(i);
      return off > 0 ? { productId: i.productId, qty: i.qty, discount: toDollars(off) } : { productId: i.productId, qty: i.qty };
    }),
  };
  if (p.charges?.length) state.items = [...(state.items ?? []), ...chargeLines(p.charges)];
  if (p.customerId != null) state.customerId = p.customerId;
  if (p.invoiceDiscountAmount > 0) state.invoiceDiscountAmount = toDollars(toCents(p.invoiceDiscountAmount));
  else if (p.invoiceDiscount > 0) state.invoiceDiscount = p.invoiceDiscount;
  if (p.pay) {
    state.phase = 'PAY';
    state.pay = { method: p.pay.method, amount: toDollars(Math.max(0, p.pay.amountCents)) };
    if (p.pay.method === 'PAYNOW' && p.pay.reference) state.pay.reference = p.pay.reference;
  }
  return state;
}
