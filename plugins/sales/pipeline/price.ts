// Stage 1, price: every cart line priced from the catalogue (a price sent by the till is never used). Lines of one
// product become one line first (mergeLines). Refuses what cannot be sold whatever happens later: an unknown or
// archived product (404 naming its line), too many units (400), a discount above its line (400), amounts above
// Kedai's money limit (409). The quote, the customer display and the checkout all price here.
import type { Db } from '../../../core/db.js';
import { AppError, badRequest, conflict } from '../../../core/errors.js';
import { formatMoney, MAX_MONEY_CENTS, toCents } from '../../../core/money.js';
import { getProductRow, type ProductRow } from '../../inventory/api.js';
import { lineAmounts } from '../pricing.js';
import { isProductItem, type CheckoutItem, type ProductItem } from '../schemas.js';

/** The most units of one product on one invoice (lines of the same product are added up first). */
export const MAX_LINE_QTY = 100_000;

/** 409 for an invoice (or a line) worth more than Kedai's money limit: the amount depends on the catalogue's prices. */
export function tooLarge(what: string, field: string) {
  return conflict(
    'AMOUNT_TOO_LARGE',
    `${what} exceeds the largest amount Kedai accepts on one invoice (${formatMoney(MAX_MONEY_CENTS)}). Split the sale into smaller invoices.`,
    { field, max: MAX_MONEY_CENTS / 100 },
  );
}

export interface CartLine {
  field: string;
  productId: number;
  qty: number;
  discountCents: number;
}

/** Lines with the same product become one line (quantities and discounts added); a plugin's item (#29) is skipped. */
export function mergeLines(items: readonly (CheckoutItem | { productId: number; qty: number; discount?: number | null })[]): CartLine[] {
  const byProduct = new Map<number, CartLine>();
  items.forEach((entry, i) => {
    if (!isProductItem(entry as CheckoutItem)) return;
    const item = entry as ProductItem;
    const line = byProduct.get(item.productId);
    const discountCents = toCents(item.discount ?? 0);
    if (line) {
      line.qty += item.qty;
      line.discountCents += discountCents;
    } else {
      byProduct.set(item.productId, { field: `items.${i}`, productId: item.productId, qty: item.qty, discountCents });
    }
  });
  return [...byProduct.values()];
}

/** The units check, before the database is read (a bad request never takes the write lock). */
export function refuseTooManyUnits(cart: readonly CartLine[]) {
  for (const line of cart) {
    if (line.qty > MAX_LINE_QTY) throw badRequest(`${line.field}.qty: at most ${MAX_LINE_QTY} units of one product per invoice`, `${line.field}.qty`);
  }
}

export interface PricedLine {
  field: string;
  product: ProductRow;
  qty: number;
  unitPriceCents: number;
  /** The cashier's discount plus an exchange's carried one: what is off the line before any adjustment. */
  discountCents: number;
  /** The part of discountCents an exchange carried (never counted against the staff discount limit). */
  carriedCents: number;
}

/** Prices the merged cart; `carried` adds an exchange's carried discounts (cents by product) to their lines. */
export function priceLines(db: Db, cart: readonly CartLine[], carried?: ReadonlyMap<number, number>): PricedLine[] {
  refuseTooManyUnits(cart);
  return cart.map((line) => {
    const product = getProductRow(db, line.productId);
    if (!product || product.archived_at) {
      throw new AppError(404, 'NOT_FOUND', 'Product not found', { field: `${line.field}.productId`, productId: line.productId });
    }
    const carriedCents = carried?.get(line.productId) ?? 0;
    const priced = { qty: line.qty, unitPriceCents: product.selling_price_cents, discountCents: line.discountCents + carriedCents };
    const { grossCents } = lineAmounts(priced);
    if (grossCents > MAX_MONEY_CENTS) throw tooLarge(`The amount of ${line.field} (${product.item_name})`, line.field);
    if (priced.discountCents > grossCents) throw badRequest(`${line.field}.discount cannot exceed the line amount`, `${line.field}.discount`);
    return { field: line.field, product, carriedCents, ...priced };
  });
}
