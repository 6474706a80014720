// An exchange priced without writing (POST /api/exchanges/quote): the goods coming back, the new pairs with the
// discount carried from the pairs they replace (carry-price.ts), the new total and the difference. The exchange
// itself prices with the same functions, so what the till shows is what the exchange charges.
import type { Db } from '../../../core/db.js';
import { badRequest } from '../../../core/errors.js';
import { percentToBps, toCents, toDollars } from '../../../core/money.js';
import { getProductRow } from '../../inventory/api.js';
import { isProductItem, quoteCart, type CheckoutBody, type Quote } from '../../sales/api.js';
import { carriedDiscounts, type ReturnedGroup } from '../carry-price.js';
import { previewReturn, type ReturnedItem, type ReturnInput } from './create-return.js';

/** The sale's cart as quoteCart takes it (own discounts only). */
function cartOf(sale: Pick<CheckoutBody, 'items' | 'invoiceDiscount' | 'invoiceDiscountAmount'>) {
  return {
    // A plugin's item (#29, a charge) goes as it came: the quote prices it as the exchange's sale will.
    items: sale.items.map((i) => (isProductItem(i) ? { productId: i.productId, qty: i.qty, discount: i.discount ?? 0 } : i)),
    invoiceDiscount: sale.invoiceDiscount ?? undefined,
    invoiceDiscountAmount: sale.invoiceDiscountAmount ?? undefined,
  };
}

/** The discounts the new sale carries from the returned items (cents by product); 404/400/409 as checkout's cart. */
export function carryFor(
  db: Db,
  returned: ReturnedItem[],
  sale: Pick<CheckoutBody, 'items' | 'invoiceDiscount' | 'invoiceDiscountAmount'>,
): { carried: Map<number, number>; own: Quote } {
  const own = quoteCart(db, cartOf(sale));
  const styleOf = (productId: number) => getProductRow(db, productId)?.style_id ?? null;
  const groups: ReturnedGroup[] = returned.map((r) => ({
    styleId: styleOf(r.productId),
    unitPriceCents: r.unitPriceCents,
    qty: r.qty,
    netCents: r.netCents,
    taxCents: r.taxCents,
  }));
  const carried = carriedDiscounts(
    groups,
    own.lines.map((l) => ({ ...l, styleId: styleOf(l.productId) })),
    {
      taxRateBps: own.taxRateBps,
      pricesIncludeGst: own.pricesIncludeGst,
      invoiceDiscountBps: percentToBps(sale.invoiceDiscount ?? 0),
      invoiceDiscountAmountCents: toCents(sale.invoiceDiscountAmount ?? 0),
    },
  );
  return { carried, own };
}

export interface ExchangeQuoteInput extends ReturnInput {
  sale: Pick<CheckoutBody, 'items' | 'invoiceDiscount' | 'invoiceDiscountAmount'>;
}

/** The exchange's figures in dollars, as the reply of POST /api/exchanges/quote. */
export function quoteExchange(db: Db, body: ExchangeQuoteInput) {
  if (body.sale.items.length === 0) throw badRequest('Cart is empty', 'sale.items');
  const { items } = previewReturn(db, body);
  const returnedCents = items.reduce((s, i) => s + i.netCents + i.taxCents, 0);
  const { carried, own } = carryFor(db, items, body.sale);
  const cart = cartOf(body.sale);
  // The new sale with the carried discounts on their lines (one product's lines were merged by quoteCart).
  const withCarried = quoteCart(db, {
    ...cart,
    items: [
      ...own.lines.map((l) => ({ productId: l.productId, qty: l.qty, discount: toDollars(l.discountCents + (carried.get(l.productId) ?? 0)) })),
      ...cart.items.filter((i) => !isProductItem(i)),
    ],
  });
  const newTotal = withCarried.totals.grandTotalCents;
  const difference = newTotal - returnedCents;
  return {
    returned: toDollars(returnedCents),
    items: withCarried.lines.map((l, n) => ({
      product_id: l.productId,
      name: l.name,
      size: l.size,
      qty: l.qty,
      unit_price: toDollars(l.unitPriceCents),
      discount: toDollars(own.lines[n].discountCents),
      carried_discount: toDollars(carried.get(l.productId) ?? 0),
      line_total: toDollars(l.totalCents),
    })),
    carried_discount: toDollars([...carried.values()].reduce((s, c) => s + c, 0)),
    subtotal: toDollars(withCarried.totals.subtotalCents),
    invoice_discount: toDollars(withCarried.totals.invoiceDiscountCents),
    tax: toDollars(withCarried.totals.taxCents),
    prices_include_gst: withCarried.pricesIncludeGst,
    new_total: toDollars(newTotal),
    difference: toDollars(difference),
    to_pay: toDollars(Math.max(0, difference)),
    to_refund: toDollars(Math.max(0, -difference)),
  };
}
