// The product form's values, validation (docs/spec.md §5) and request body, kept pure for tests.
// The tax rate is edited as a percent (9) and sent as a fraction (0.09).
import type { ProductCreate } from '../schemas.js';
import type { Product } from './types.js';

export interface ProductFormValues {
  item_name: string;
  sku: string;
  size: string;
  category: string;
  brand: string;
  material: string;
  cost: string;
  selling_price: string;
  stock_qty: string;
  /** Percent, 0..100. */
  tax_rate: string;
  colour: string;
  /** EAN-13 / UPC / Code128 text; the server checks EAN/UPC check digits. */
  barcode: string;
  /** Blank = the style's reorder point. */
  reorder_point: string;
}

export type ProductFormErrors = Partial<Record<keyof ProductFormValues, string>>;

/** A new product's form: GST 9%, everything else empty. */
export function emptyProductForm(): ProductFormValues {
  return {
    item_name: '',
    sku: '',
    size: '',
    category: '',
    brand: '',
    material: '',
    cost: '',
    selling_price: '',
    stock_qty: '',
    tax_rate: '9',
    colour: '',
    barcode: '',
    reorder_point: '',
  };
}

/** A fraction (0.0725) -> the percent the form shows ("7.25"). */
export function taxPercentText(fraction: number): string {
  return String(Math.round(fraction * 10_000) / 100);
}

/** A percent (7.25) -> the fraction the API takes (0.0725), exact to the basis point. */
export function taxFraction(percent: number): number {
  return Math.round(percent * 100) / 10_000;
}

/** The form filled from a stored product (for editing). */
export function formFromProduct(p: Product): ProductFormValues {
  return {
    item_name: p.item_name,
    sku: p.sku ?? '',
    size: p.size ?? '',
    category: p.category ?? '',
    brand: p.brand ?? '',
    material: p.material ?? '',
    cost: String(p.cost),
    selling_price: String(p.selling_price),
    stock_qty: String(p.stock_qty),
    tax_rate: taxPercentText(p.tax_rate),
    colour: p.colour ?? '',
    barcode: p.barcode ?? '',
    reorder_point: p.reorder_point === null ? '' : String(p.reorder_point),
  };
}

const decimals = (text: string) => (text.trim().split('.')[1] ?? '').length;
const isNumber = (text: string) => text.trim() !== '' && Number.isFinite(Number(text));

/** Field errors of the form; empty when it can be sent. */
export function validateProductForm(v: ProductFormValues): ProductFormErrors {
  const e: ProductFormErrors = {};
  if (!v.item_name.trim()) e.item_name = 'Product name is required';
  else if (v.item_name.trim().length > 200) e.item_name = 'Product name must be at most 200 characters';

  if (v.cost.trim() === '') e.cost = 'Cost is required';
  else if (!isNumber(v.cost) || Number(v.cost) < 0) e.cost = 'Cost must be at least 0';
  else if (decimals(v.cost) > 2) e.cost = 'Cost can have at most 2 decimal places';

  if (v.selling_price.trim() === '') e.selling_price = 'Selling price is required';
  else if (!isNumber(v.selling_price) || Number(v.selling_price) < 0) e.selling_price = 'Selling price must be at least 0';
  else if (decimals(v.selling_price) > 2) e.selling_price = 'Selling price can have at most 2 decimal places';

  if (v.stock_qty.trim() === '') e.stock_qty = 'Stock quantity is required';
  else if (!isNumber(v.stock_qty) || Number(v.stock_qty) < 0) e.stock_qty = 'Stock quantity must be at least 0';
  else if (!Number.isInteger(Number(v.stock_qty))) e.stock_qty = 'Stock quantity must be a whole number';

  if (v.tax_rate.trim() !== '') {
    const t = Number(v.tax_rate);
    if (!isNumber(v.tax_rate) || t < 0 || t > 100) e.tax_rate = 'Tax rate must be between 0 and 100';
    else if (decimals(v.tax_rate) > 2) e.tax_rate = 'Tax rate can have at most 2 decimal places';
  }

  if (v.reorder_point.trim() !== '' && (!isNumber(v.reorder_point) || !Number.isInteger(Number(v.reorder_point)) || Number(v.reorder_point) < 0)) {
    e.reorder_point = "Reorder point must be a whole number of 0 or more (blank = the style's)";
  }
  for (const [key, max] of [
    ['sku', 64],
    ['size', 100],
    ['category', 100],
    ['brand', 100],
    ['material', 100],
    ['colour', 100],
    ['barcode', 48],
  ] as const) {
    if (v[key].trim().length > max) e[key] = `Must be at most ${max} characters`;
  }
  if (!e.barcode) {
    const problem = scannedBarcodeProblem(v.barcode);
    if (problem) e.barcode = problem;
  }
  return e;
}

/**
 * A scanned or typed barcode's problem (#30.3), as the server checks it (barcode.ts): an all-digit code of 8, 12 or
 * 13 digits is an EAN-8, UPC-A or EAN-13 and must carry its check digit (a mistyped digit would never scan).
 */
export function scannedBarcodeProblem(raw: string): string | null {
  const v = raw.trim();
  if (!/^(\d{8}|\d{12}|\d{13})$/.test(v)) return null;
  let sum = 0;
  for (let i = 0; i < v.length - 1; i++) sum += Number(v[v.length - 2 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(v.at(-1)) ? null : `Barcode ${v} has a wrong check digit (EAN/UPC)`;
}

/**
 * The form's POST/PATCH body: the create body with every field the form has set (a picture is added on the images
 * screen).
 */
export type ProductBody = Required<Omit<ProductCreate, 'image_url'>>;

/** The POST/PATCH body of a valid form: money in dollars, tax as a fraction, empty attributes as null. */
export function productBody(v: ProductFormValues): ProductBody {
  const opt = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    item_name: v.item_name.trim(),
    sku: opt(v.sku),
    size: opt(v.size),
    category: opt(v.category),
    brand: opt(v.brand),
    material: opt(v.material),
    cost: Math.round(Number(v.cost) * 100) / 100,
    selling_price: Math.round(Number(v.selling_price) * 100) / 100,
    stock_qty: Number(v.stock_qty),
    // An empty tax field means the default GST of 9%.
    tax_rate: v.tax_rate.trim() === '' ? 0.09 : taxFraction(Number(v.tax_rate)),
    colour: opt(v.colour),
    barcode: opt(v.barcode),
    reorder_point: v.reorder_point.trim() === '' ? null : Number(v.reorder_point),
  };
}
