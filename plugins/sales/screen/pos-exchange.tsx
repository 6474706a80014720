// The POS's side of the Exchange (returns' dialog in the slot 'pos-exchange', PosExchangeProps in schemas.ts): the
// cart as the exchange's new sale (its checkout body, built by checkout's own rules) and the till's ways of taking
// the difference (payment panel, cash keys, rounding), lent so returns copies none of them.
import { useSignals } from '@preact/signals-react/runtime';
import { Slot } from '../../../ui/slot.js';
import { storedTill } from '../../../ui/till.js';
import type { PosExchangeProps, PosTill } from '../schemas.js';
import type { CartStore } from './cart-store.js';
import { useCheckoutKeys } from './checkout-keys.js';
import { amountDue, changeCents, checkoutPayload, newIdempotencyKey, payNowReference, tenderedCents } from './checkout-rules.js';
import { CheckoutStyles } from './checkout-styles.js';
import { PaymentChoice } from './payment-choice.js';

/** The till's payment pieces, as checkout uses them. */
export const posTill: PosTill = {
  amountDue,
  changeCents,
  tenderedCents,
  payNowReference: () => payNowReference(storedTill()),
  newIdempotencyKey,
  useKeys: useCheckoutKeys,
  PaymentChoice,
  Styles: CheckoutStyles,
};

type Host = Pick<PosExchangeProps, 'open' | 'onClose' | 'onSuccess' | 'onWaiting'>;

/** The slot's props for the cart as it is now (read through its signals: a caller rendering them re-renders on a change). */
export function exchangeProps(store: CartStore, host: Host): PosExchangeProps {
  const items = store.items.value;
  const invoiceDiscount = store.invoiceDiscount.value;
  const invoiceDiscountAmount = store.invoiceDiscountAmount.value;
  // A gift card in the cart is part of the new sale (#29): sent as the checkout sends it, so clearing the cart loses nothing.
  const charges = store.charges.value;
  return {
    ...host,
    cartUnits: items.reduce((n, i) => n + i.qty, 0) + charges.length,
    saleBody: (pay) => checkoutPayload({ ...pay, items, charges, invoiceDiscount, invoiceDiscountAmount, customer: null, walkInName: '' }),
    clearCart: () => store.clear(),
    till: posTill,
  };
}

/** The 'pos-exchange' slot, following the cart. */
export function PosExchange({ store, ...host }: Host & { store: CartStore }) {
  useSignals();
  return <Slot<PosExchangeProps> name="pos-exchange" props={exchangeProps(store, host)} />;
}
