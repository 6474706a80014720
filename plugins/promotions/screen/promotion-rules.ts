// The Promotions screen's pure rules: the form's values, its checks (the server's own, so bad input sends nothing),
// the request body (only the chosen kind's fields), and how a deal, a scope, dates and a status read in the list.
import type { Promotion, PromotionKind, PromotionStatus } from './types.js';

export interface PickedStyle {
  id: number;
  name: string;
}

export interface PromotionFormValues {
  name: string;
  kind: PromotionKind;
  percentOff: string;
  buyQty: string;
  getQty: string;
  getPercentOff: string;
  bundleQty: string;
  bundlePrice: string;
  startsOn: string;
  endsOn: string;
  stackable: boolean;
  brands: string[];
  categories: string[];
  styles: PickedStyle[];
  /** Products picked elsewhere (the API): kept as they are, not edited here. */
  productIds: number[];
}

export type PromotionFormErrors = Partial<
  Record<'name' | 'percentOff' | 'buyQty' | 'getQty' | 'getPercentOff' | 'bundleQty' | 'bundlePrice' | 'endsOn', string>
>;

export const KIND_LABELS: Record<PromotionKind, string> = {
  PERCENT_OFF: 'Percent off',
  BUY_X_GET_Y: 'Buy X get Y',
  BUNDLE_PRICE: 'Bundle price',
};

/** Which form field the server names for each body field (its 400's details.field). */
export const FIELD_OF_BODY: Record<string, keyof PromotionFormErrors> = {
  name: 'name',
  percent_off: 'percentOff',
  buy_qty: 'buyQty',
  get_qty: 'getQty',
  get_percent_off: 'getPercentOff',
  bundle_qty: 'bundleQty',
  bundle_price: 'bundlePrice',
  ends_on: 'endsOn',
};

export function emptyPromotionForm(): PromotionFormValues {
  return {
    name: '',
    kind: 'PERCENT_OFF',
    percentOff: '',
    buyQty: '1',
    getQty: '1',
    getPercentOff: '100',
    bundleQty: '2',
    bundlePrice: '',
    startsOn: '',
    endsOn: '',
    stackable: false,
    brands: [],
    categories: [],
    styles: [],
    productIds: [],
  };
}

/** The form filled from a stored promotion; `styleNames` names its styles when known. */
export function formFromPromotion(p: Promotion, styleNames: ReadonlyMap<number, string> = new Map()): PromotionFormValues {
  const text = (v: number | null, fallback: string) => (v === null ? fallback : String(v));
  return {
    name: p.name,
    kind: p.kind,
    percentOff: text(p.percent_off, ''),
    buyQty: text(p.buy_qty, '1'),
    getQty: text(p.get_qty, '1'),
    getPercentOff: text(p.get_percent_off, '100'),
    bundleQty: text(p.bundle_qty, '2'),
    bundlePrice: p.bundle_price === null ? '' : p.bundle_price.toFixed(2),
    startsOn: p.starts_on ?? '',
    endsOn: p.ends_on ?? '',
    stackable: p.stackable,
    brands: p.scope.brands,
    categories: p.scope.categories,
    styles: p.scope.style_ids.map((id) => ({ id, name: styleNames.get(id) ?? `Style #${id}` })),
    productIds: p.scope.product_ids,
  };
}

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
const QTY = /^\d{1,4}$/;
const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

function percentError(text: string, what: string): string | undefined {
  const v = text.trim();
  if (!v) return `${what} is required`;
  if (!PERCENT.test(v) || Number(v) <= 0 || Number(v) > 100) return `${what} must be above 0 and at most 100`;
  return undefined;
}

function qtyError(text: string, what: string): string | undefined {
  const v = text.trim();
  if (!QTY.test(v) || Number(v) < 1 || Number(v) > 1000) return `${what} must be a whole number from 1 to 1000`;
  return undefined;
}

export function validatePromotionForm(v: PromotionFormValues): PromotionFormErrors {
  const errors: PromotionFormErrors = {};
  const set = (key: keyof PromotionFormErrors, message: string | undefined) => {
    if (message) errors[key] = message;
  };
  if (!v.name.trim()) errors.name = 'Promotion name is required';
  else if (v.name.trim().length > 120) errors.name = 'Promotion name must be at most 120 characters';
  if (v.kind === 'PERCENT_OFF') set('percentOff', percentError(v.percentOff, 'Percent off'));
  if (v.kind === 'BUY_X_GET_Y') {
    set('buyQty', qtyError(v.buyQty, 'Buy'));
    set('getQty', qtyError(v.getQty, 'Get'));
    set('getPercentOff', percentError(v.getPercentOff, 'Discount on the "get" items'));
  }
  if (v.kind === 'BUNDLE_PRICE') {
    set('bundleQty', qtyError(v.bundleQty, 'Items in the bundle'));
    const price = v.bundlePrice.trim();
    if (!AMOUNT.test(price) || Number(price) <= 0) set('bundlePrice', 'Bundle price must be an amount above $0.00');
  }
  if (v.startsOn && v.endsOn && v.endsOn < v.startsOn) errors.endsOn = 'End date must be on or after the start date';
  return errors;
}

/** The POST / PATCH body: the chosen kind's fields only; empty dates are open ends (null). */
export function promotionBody(v: PromotionFormValues) {
  const kindFields =
    v.kind === 'PERCENT_OFF'
      ? { percent_off: Number(v.percentOff) }
      : v.kind === 'BUY_X_GET_Y'
        ? { buy_qty: Number(v.buyQty), get_qty: Number(v.getQty), get_percent_off: Number(v.getPercentOff) }
        : { bundle_qty: Number(v.bundleQty), bundle_price: Number(v.bundlePrice) };
  return {
    name: v.name.trim(),
    kind: v.kind,
    ...kindFields,
    starts_on: v.startsOn || null,
    ends_on: v.endsOn || null,
    stackable: v.stackable,
    scope: { brands: v.brands, categories: v.categories, style_ids: v.styles.map((s) => s.id), product_ids: v.productIds },
  };
}

const pct = (n: number | null) => `${n ?? 0}%`;

/** The deal in words: '20% off', 'Buy 1 get 1 at 50% off', 'Buy 2 get 1 free', '3 for $100.00'. */
export function dealText(p: Pick<Promotion, 'kind' | 'percent_off' | 'buy_qty' | 'get_qty' | 'get_percent_off' | 'bundle_qty' | 'bundle_price'>): string {
  if (p.kind === 'PERCENT_OFF') return `${pct(p.percent_off)} off`;
  if (p.kind === 'BUY_X_GET_Y') return `Buy ${p.buy_qty} get ${p.get_qty} ${p.get_percent_off === 100 ? 'free' : `at ${pct(p.get_percent_off)} off`}`;
  return `${p.bundle_qty} for $${(p.bundle_price ?? 0).toFixed(2)}`;
}

/** What it applies to, in words ('All products', 'Brands: Nike, Adidas · 2 styles'). */
export function scopeText(scope: Promotion['scope']): string {
  const parts: string[] = [];
  if (scope.brands.length) parts.push(`Brands: ${scope.brands.join(', ')}`);
  if (scope.categories.length) parts.push(`Categories: ${scope.categories.join(', ')}`);
  const items = scope.style_ids.length + scope.product_ids.length;
  if (scope.style_ids.length) parts.push(`${scope.style_ids.length} ${scope.style_ids.length === 1 ? 'style' : 'styles'}`);
  if (scope.product_ids.length) parts.push(`${scope.product_ids.length} ${scope.product_ids.length === 1 ? 'product' : 'products'}`);
  return items + scope.brands.length + scope.categories.length === 0 ? 'All products' : parts.join(' · ');
}

/** '1 Jun 2026 – 30 Jun 2026', 'From ...', 'Until ...', 'Always'. */
export function datesText(startsOn: string | null, endsOn: string | null, format: (d: string) => string): string {
  if (startsOn && endsOn) return `${format(startsOn)} – ${format(endsOn)}`;
  if (startsOn) return `From ${format(startsOn)}`;
  if (endsOn) return `Until ${format(endsOn)}`;
  return 'Always';
}

const BADGES: Record<PromotionStatus, string> = {
  ACTIVE: 'badge badge-green',
  SCHEDULED: 'badge badge-blue',
  EXPIRED: 'badge badge-yellow',
  ENDED: 'badge badge-red',
};

export const statusBadgeClass = (s: PromotionStatus) => BADGES[s];

/** An ended promotion is kept for its history; it can be neither edited nor ended again. */
export const canChange = (p: Pick<Promotion, 'status'>) => p.status !== 'ENDED';
