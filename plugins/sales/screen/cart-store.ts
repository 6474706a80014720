// The POS cart: a signals store kept in localStorage so a reload never loses a sale in progress.
import { computed, effect, signal } from '@preact/signals-react';
import { percentToBps, rateToBps, toCents, toDollars } from '../../../core/money.js';
import { discountAboveLimit, discountCents, discountPercent, invoiceTotals, lineAmounts, type DiscountKind } from '../pricing.js';
import type { CartCharge, CheckoutQuote } from '../schemas.js';
import type { CustomerSummary, PosProduct } from './types.js';

/** One cart line (docs/spec.md "Cart item"): the product's snapshot plus the quantity. */
export interface CartItem {
  productId: number;
  sku: string;
  name: string;
  size: string;
  /** The colourway, shown beside the size (older saved carts have none). */
  colour?: string | null;
  price: number;
  cost: number;
  stock: number;
  qty: number;
  /** A discount on this line as typed (% of the line or $ off it); sales/pricing.ts turns it into cents. */
  discount?: LineDiscount;
}

/** A discount as the cashier typed it. */
export interface LineDiscount {
  kind: DiscountKind;
  value: number;
}

export interface CartTotals {
  /** Sum of qty x price (dollars). */
  subtotal: number;
  /** invoiceDiscount % of the subtotal, half-up (dollars). */
  discount: number;
  /** The amount before GST (dollars): subtotal after the invoice discount, less the GST inside it when prices include GST. */
  taxable: number;
  /** GST computed once, half-up (dollars): added to the taxable amount, or the 9/109 inside the total when prices include GST. */
  tax: number;
  /** The prices include GST: the total is the discounted subtotal and `tax` is inside it. */
  pricesIncludeGst: boolean;
  total: number;
  totalCents: number;
  /** Discounts on the lines (dollars). */
  lineDiscount: number;
  /** Line + sale discounts (dollars), and as a percent of the undiscounted amount: the staff limit's measure. */
  discountTotal: number;
  discountPercent: number;
  /** Sum of qty x price before any discount, in cents. */
  grossCents: number;
  discountTotalCents: number;
}

type PricedLine = { price: number; qty: number; discount?: LineDiscount };

/** Cents off one line for its typed discount (sales/pricing.ts, the server's module). */
export function lineDiscountCents(line: PricedLine): number {
  if (!line.discount) return 0;
  const gross = lineAmounts({ qty: line.qty, unitPriceCents: toCents(line.price), discountCents: 0 }).grossCents;
  return discountCents(gross, line.discount.kind, line.discount.value);
}

const priced = (line: PricedLine) => ({ qty: line.qty, unitPriceCents: toCents(line.price), discountCents: lineDiscountCents(line) });

/** One line's total in dollars (qty x unit price less its discount), as checkout prices it (sales/pricing.ts). */
export function lineTotal(line: PricedLine): number {
  return toDollars(lineAmounts(priced(line)).totalCents);
}

/** True when the cart's discounts are above a staff limit (percent), measured as the server measures them. */
export function aboveDiscountLimit(t: CartTotals, maxPercent: number): boolean {
  return discountAboveLimit(t, maxPercent);
}

/**
 * The cart's totals for a percent discount and a GST rate (fraction), computed by the very code the
 * server's checkout uses (sales/pricing.ts, core/money.ts), so the till and the invoice agree to the cent.
 * `pricesIncludeGst`: the shop's prices include GST (GET /api/auth/config pricesIncludeGst).
 */
export function cartTotals(
  lines: PricedLine[],
  invoiceDiscountPercent: number,
  taxRate: number,
  invoiceDiscountAmount = 0,
  pricesIncludeGst = false,
): CartTotals {
  const amountCents = invoiceDiscountAmount > 0 ? toCents(invoiceDiscountAmount) : 0;
  const t = invoiceTotals(
    lines.map(priced),
    percentToBps(Math.max(0, invoiceDiscountPercent || 0)),
    rateToBps(Math.max(0, taxRate || 0)),
    amountCents,
    pricesIncludeGst,
  );
  return {
    lineDiscount: toDollars(t.lineDiscountCents),
    discountTotal: toDollars(t.discountTotalCents),
    discountPercent: discountPercent(t),
    grossCents: t.grossCents,
    discountTotalCents: t.discountTotalCents,
    subtotal: toDollars(t.subtotalCents),
    discount: toDollars(t.invoiceDiscountCents),
    taxable: toDollars(t.taxableCents),
    tax: toDollars(t.taxCents),
    total: toDollars(t.grandTotalCents),
    totalCents: t.grandTotalCents,
    pricesIncludeGst,
  };
}

/**
 * The server's quote of the cart (POST /api/checkout/quote, #28) and the request it answers (`key`: the body as
 * JSON); `quote` is null when that request failed (the till then keeps its own totals). Set by use-cart-quote.ts.
 */
export interface CartQuoteState {
  key: string;
  quote: CheckoutQuote | null;
}

/** What adding a product did: added (or one more), or refused because of stock. */
export type AddResult = 'ADDED' | 'OUT_OF_STOCK' | 'STOCK_LIMIT';

/** The store's default tax rate (docs/spec.md: 0.07); the POS computes with the GST rate the server serves (ui/shop-config.ts). */
export const DEFAULT_STORE_TAX_RATE = 0.07;
/** localStorage key of the saved cart. */
export const CART_STORAGE_KEY = 'kedai.cart';

interface SavedCart {
  items: CartItem[];
  /** #29: other plugins' items (a gift card). */
  charges?: CartCharge[];
  invoiceDiscount: number;
  /** Dollars off the sale (instead of the percent). */
  invoiceDiscountAmount: number;
  taxRate: number;
  selectedCustomer: CustomerSummary | null;
}

/** Same product and same size: one line. */
export const itemKey = (item: { productId: number; size: string }) => `${item.productId}|${item.size}`;

const nonNegative = (n: unknown, fallback: number) => {
  const v = Number(n);
  return Number.isFinite(v) ? Math.max(0, v) : fallback;
};

function validDiscount(d: unknown): LineDiscount | undefined {
  const x = d as LineDiscount | undefined;
  return x && (x.kind === 'PERCENT' || x.kind === 'AMOUNT') && Number.isFinite(x.value) && x.value > 0 ? { kind: x.kind, value: x.value } : undefined;
}

function validItem(x: unknown): x is CartItem {
  const i = x as CartItem;
  return (
    !!i &&
    Number.isInteger(i.productId) &&
    typeof i.name === 'string' &&
    Number.isFinite(i.price) &&
    Number.isInteger(i.qty) &&
    i.qty > 0 &&
    Number.isFinite(i.stock)
  );
}

function validCharge(x: unknown): x is CartCharge {
  const c = x as CartCharge;
  return (
    !!c && typeof c.kind === 'string' && typeof c.label === 'string' && Number.isFinite(c.amount) && c.amount > 0 && !!c.value && typeof c.value === 'object'
  );
}

/**
 * The totals with the cart's charges (#29) added after the goods, as the server adds them: in the subtotal and the
 * total, never under the sale discount or GST (the discount measure and the taxable amount stay the goods').
 */
export function withCharges(t: CartTotals, charges: readonly CartCharge[]): CartTotals {
  const cents = charges.reduce((sum, c) => sum + toCents(c.amount), 0);
  if (cents === 0) return t;
  const totalCents = t.totalCents + cents;
  return { ...t, subtotal: toDollars(toCents(t.subtotal) + cents), total: toDollars(totalCents), totalCents };
}

function readSaved(storage: Storage | null): SavedCart | null {
  try {
    const raw = storage?.getItem(CART_STORAGE_KEY);
    if (!raw) return null;
    const data = JSON.parse(raw) as Partial<SavedCart>;
    return {
      items: Array.isArray(data.items)
        ? data.items.filter(validItem).map((i) => ({
            ...i,
            sku: String(i.sku ?? ''),
            size: String(i.size ?? ''),
            cost: Number(i.cost) || 0,
            discount: validDiscount(i.discount),
          }))
        : [],
      charges: Array.isArray(data.charges) ? data.charges.filter(validCharge) : [],
      invoiceDiscount: nonNegative(data.invoiceDiscount, 0),
      invoiceDiscountAmount: nonNegative(data.invoiceDiscountAmount, 0),
      taxRate: nonNegative(data.taxRate, DEFAULT_STORE_TAX_RATE),
      selectedCustomer: data.selectedCustomer && Number.isInteger(data.selectedCustomer.id) ? data.selectedCustomer : null,
    };
  } catch {
    // A corrupt saved cart is dropped rather than breaking the till.
    return null;
  }
}

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** A product as a new cart line with quantity 1. */
export function cartItemFor(p: PosProduct): CartItem {
  return {
    productId: p.id,
    sku: p.sku ?? '',
    name: p.item_name,
    size: p.size ?? '',
    colour: p.colour ?? null,
    price: p.selling_price,
    cost: p.cost ?? 0,
    stock: p.stock_qty,
    qty: 1,
  };
}

/**
 * The cart as a held sale keeps it (#26.5, POST /api/held-sales `cart`, shifts' HeldCart schema). Declared here as
 * sales may not name shifts (shifts depends on sales); tests/held-sale-types.test.ts checks the two agree.
 */
export interface HeldCartSnapshot {
  items: {
    productId: number;
    qty: number;
    sku?: string;
    name: string;
    size?: string;
    colour?: string | null;
    price: number;
    cost?: number;
    stock?: number;
    discount?: LineDiscount;
  }[];
  /** Other plugins' items (#29: a gift card), held beside the goods. */
  charges?: { kind: string; value: Record<string, string | number | boolean | null>; label: string; amount: number }[];
  invoiceDiscount?: number;
  invoiceDiscountAmount?: number;
}

/** Makes a cart store over a storage (localStorage by default; tests pass their own). */
export function createCartStore(storage: Storage | null = defaultStorage()) {
  const saved = readSaved(storage);
  const items = signal<CartItem[]>(saved?.items ?? []);
  const charges = signal<CartCharge[]>(saved?.charges ?? []);
  const invoiceDiscount = signal(saved?.invoiceDiscount ?? 0);
  const invoiceDiscountAmount = signal(saved?.invoiceDiscountAmount ?? 0);
  const taxRate = signal(saved?.taxRate ?? DEFAULT_STORE_TAX_RATE);
  const selectedCustomer = signal<CustomerSummary | null>(saved?.selectedCustomer ?? null);
  // The line the last add touched (and a counter, so adding the same line again still counts): the cart scrolls to it.
  const lastAdded = signal<{ key: string; n: number } | null>(null);
  // The server's quote (not saved: it is asked again for the cart on screen) and the body the cart wants quoted now.
  const quote = signal<CartQuoteState | null>(null);
  const quoteWanted = signal<string | null>(null);
  const touched = (key: string) => {
    lastAdded.value = { key, n: (lastAdded.peek()?.n ?? 0) + 1 };
  };

  const stopSaving = effect(() => {
    const data: SavedCart = {
      items: items.value,
      charges: charges.value,
      invoiceDiscount: invoiceDiscount.value,
      invoiceDiscountAmount: invoiceDiscountAmount.value,
      taxRate: taxRate.value,
      selectedCustomer: selectedCustomer.value,
    };
    try {
      storage?.setItem(CART_STORAGE_KEY, JSON.stringify(data));
    } catch {
      // Storage full or unavailable: the cart still works for this page.
    }
  });

  const update = (key: string, fn: (item: CartItem) => CartItem | null) => {
    items.value = items.value.flatMap((i) => {
      if (itemKey(i) !== key) return [i];
      const next = fn(i);
      return next ? [next] : [];
    });
  };

  return {
    items,
    charges,
    invoiceDiscount,
    invoiceDiscountAmount,
    taxRate,
    selectedCustomer,
    lastAdded,
    quote,
    quoteWanted,
    /** Number of units in the cart. */
    count: computed(() => items.value.reduce((n, i) => n + i.qty, 0) + charges.value.length),
    isEmpty: computed(() => items.value.length === 0 && charges.value.length === 0),

    /** #29: adds another plugin's item (a gift card) as its own row. */
    addCharge(charge: CartCharge) {
      if (!validCharge(charge)) return;
      charges.value = [...charges.value, charge];
    },

    /** Removes the charge at `index` (its row's place among the charges). */
    removeCharge(index: number) {
      charges.value = charges.value.filter((_, i) => i !== index);
    },

    /** Adds one unit of a product (merging with its line); never above the stock. */
    add(product: PosProduct): AddResult {
      const line = cartItemFor(product);
      if (line.stock <= 0) return 'OUT_OF_STOCK';
      const key = itemKey(line);
      const existing = items.value.find((i) => itemKey(i) === key);
      if (!existing) {
        items.value = [...items.value, line];
        touched(key);
        return 'ADDED';
      }
      if (existing.qty >= line.stock) return 'STOCK_LIMIT';
      update(key, (i) => ({ ...i, name: line.name, sku: line.sku, price: line.price, stock: line.stock, qty: i.qty + 1 }));
      touched(key);
      return 'ADDED';
    },

    /** Sets a typed quantity: 0 or less removes the line; capped at the stock; fractions drop. */
    setQty(key: string, qty: number) {
      if (!Number.isFinite(qty)) return;
      const n = Math.floor(qty);
      update(key, (i) => (n <= 0 ? null : { ...i, qty: Math.min(n, Math.max(1, i.stock)) }));
    },

    /** One more unit; returns false when the stock is reached. */
    increment(key: string): boolean {
      const line = items.value.find((i) => itemKey(i) === key);
      if (!line || line.qty >= line.stock) return false;
      update(key, (i) => ({ ...i, qty: i.qty + 1 }));
      return true;
    },

    /** One unit fewer, never below 1 (the remove button removes). */
    decrement(key: string) {
      update(key, (i) => ({ ...i, qty: Math.max(1, i.qty - 1) }));
    },

    remove(key: string) {
      update(key, () => null);
    },

    /** Empties the cart after a sale (discount and customer too). */
    clear() {
      items.value = [];
      charges.value = [];
      invoiceDiscount.value = 0;
      invoiceDiscountAmount.value = 0;
      selectedCustomer.value = null;
    },

    /** The cart as a held sale keeps it (#26.5): its lines and sale discount, no customer. */
    snapshot(): HeldCartSnapshot {
      return {
        items: items.peek().map((i) => ({
          productId: i.productId,
          qty: i.qty,
          sku: i.sku,
          name: i.name,
          size: i.size,
          colour: i.colour ?? null,
          price: i.price,
          cost: i.cost,
          stock: Math.max(0, i.stock),
          ...(i.discount ? { discount: i.discount } : {}),
        })),
        ...(charges.peek().length
          ? { charges: charges.peek().map((c) => ({ ...c, value: c.value as Record<string, string | number | boolean | null> })) }
          : {}),
        invoiceDiscount: invoiceDiscount.peek(),
        invoiceDiscountAmount: invoiceDiscountAmount.peek(),
      };
    },

    /**
     * Replaces the cart with a held one (lines and charges the store cannot read are dropped); the customer is cleared.
     */
    restore(held: HeldCartSnapshot) {
      charges.value = (held.charges ?? []).filter(validCharge);
      items.value = held.items
        .map((i) => ({
          ...i,
          sku: i.sku ?? '',
          size: i.size ?? '',
          colour: i.colour ?? null,
          cost: i.cost ?? 0,
          stock: i.stock ?? i.qty,
          discount: validDiscount(i.discount),
        }))
        .filter(validItem);
      invoiceDiscount.value = Math.min(100, nonNegative(held.invoiceDiscount, 0));
      invoiceDiscountAmount.value = invoiceDiscount.value > 0 ? 0 : nonNegative(held.invoiceDiscountAmount, 0);
      selectedCustomer.value = null;
    },

    /** Invoice discount in percent, clamped to 0..100 (replaces a dollar sale discount). */
    setInvoiceDiscount(percent: number) {
      invoiceDiscount.value = Math.min(100, nonNegative(percent, 0));
      if (invoiceDiscount.value > 0) invoiceDiscountAmount.value = 0;
    },

    /** Dollars off the sale, at least 0 (replaces a percent sale discount); pricing caps it at the subtotal. */
    setInvoiceDiscountAmount(dollars: number) {
      invoiceDiscountAmount.value = nonNegative(dollars, 0);
      if (invoiceDiscountAmount.value > 0) invoiceDiscount.value = 0;
    },

    /** Sets (or with null / a value of 0, removes) a line's discount; a percent is capped at 100. */
    setLineDiscount(key: string, discount: LineDiscount | null) {
      const d =
        discount && Number.isFinite(discount.value) && discount.value > 0
          ? { kind: discount.kind, value: discount.kind === 'PERCENT' ? Math.min(100, discount.value) : discount.value }
          : undefined;
      update(key, (i) => ({ ...i, discount: d }));
    },

    /** The store's tax rate (fraction), clamped to at least 0. */
    setTaxRate(rate: number) {
      taxRate.value = nonNegative(rate, 0);
    },

    setSelectedCustomer(customer: CustomerSummary | null) {
      selectedCustomer.value = customer;
    },

    /** Refreshes names, prices and stock from a fresh product list (after a sale or reload); caps quantities at stock. */
    syncProducts(products: PosProduct[]) {
      const byId = new Map(products.map((p) => [p.id, p]));
      let changed = false;
      const next = items.value.map((i) => {
        const p = byId.get(i.productId);
        if (!p) return i;
        const qty = p.stock_qty >= 1 ? Math.min(i.qty, p.stock_qty) : i.qty;
        if (p.stock_qty === i.stock && p.selling_price === i.price && p.item_name === i.name && qty === i.qty) return i;
        changed = true;
        return { ...i, name: p.item_name, price: p.selling_price, stock: p.stock_qty, qty };
      });
      if (changed) items.value = next;
    },

    /** Totals at a given tax rate and price mode (the POS passes the server's GST rate and prices_include_gst). */
    totals(rate: number = taxRate.value, pricesIncludeGst = false): CartTotals {
      return withCharges(cartTotals(items.value, invoiceDiscount.value, rate, invoiceDiscountAmount.value, pricesIncludeGst), charges.value);
    },

    /** Stops writing to storage (tests). */
    dispose: stopSaving,
  };
}

export type CartStore = ReturnType<typeof createCartStore>;

/** The till's cart (one per browser tab, shared through localStorage across reloads). */
export const cart = createCartStore();
