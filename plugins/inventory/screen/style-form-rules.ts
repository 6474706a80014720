// The Add Style / Edit Style forms: values, validation and request bodies, kept pure for tests. Money in
// dollars as typed, tax edited as a percent and sent as a fraction (as the product form does).
import type { AddSizes, Style, StyleCreate, StyleUpdate } from '../styles-schemas.js';
import { taxFraction, taxPercentText } from './product-form-rules.js';

/** The most sizes one style may have (the server's MAX_SIZES). */
export const MAX_STYLE_SIZES = 60;

/** The shared fields of a style (Edit Style edits only these). */
export interface StyleFieldsValues {
  item_name: string;
  brand: string;
  category: string;
  material: string;
  colour: string;
  cost: string;
  selling_price: string;
  /** Percent, 0..100. */
  tax_rate: string;
  reorder_point: string;
}

/** One row of the sizes table; `key` keeps React rows stable while sizes are typed. */
export interface SizeRow {
  key: number;
  size: string;
  stock_qty: string;
  barcode: string;
}

export interface StyleFormValues extends StyleFieldsValues {
  sku_prefix: string;
  sizes: SizeRow[];
}

export type StyleFieldErrors = Partial<Record<keyof StyleFieldsValues | 'sku_prefix' | 'sizes', string>>;
/** Errors of the sizes table, per row index and column. */
export type SizeRowErrors = Record<number, Partial<Record<'size' | 'stock_qty' | 'barcode', string>>>;
export interface StyleFormErrors {
  fields: StyleFieldErrors;
  rows: SizeRowErrors;
}

let nextKey = 1;
/** A new sizes-table row. */
export function sizeRow(size = '', stock_qty = '', barcode = ''): SizeRow {
  return { key: nextKey++, size, stock_qty, barcode };
}

/** Rows for a new run of sizes, keeping what was typed for sizes already in the table. */
export function rowsForSizes(sizes: string[], previous: SizeRow[]): SizeRow[] {
  const old = new Map(previous.map((r) => [r.size.trim().toLowerCase(), r]));
  return sizes.map((s) => {
    const kept = old.get(s.toLowerCase());
    return kept ? { ...kept, size: s } : sizeRow(s);
  });
}

/** A new style's form: GST 9%, no sizes yet. */
export function emptyStyleForm(): StyleFormValues {
  return {
    item_name: '',
    brand: '',
    category: '',
    material: '',
    colour: '',
    cost: '',
    selling_price: '',
    tax_rate: '9',
    reorder_point: '',
    sku_prefix: '',
    sizes: [],
  };
}

/** The shared fields filled from a stored style (Edit Style). */
export function fieldsFromStyle(s: Style): StyleFieldsValues {
  return {
    item_name: s.item_name,
    brand: s.brand ?? '',
    category: s.category ?? '',
    material: s.material ?? '',
    colour: s.colour ?? '',
    cost: String(s.cost),
    selling_price: String(s.selling_price),
    tax_rate: taxPercentText(s.tax_rate),
    reorder_point: s.reorder_point === null ? '' : String(s.reorder_point),
  };
}

const decimals = (t: string) => (t.trim().split('.')[1] ?? '').length;
const isNumber = (t: string) => t.trim() !== '' && Number.isFinite(Number(t));
const isCount = (t: string) => /^\d+$/.test(t.trim()) && Number(t) <= 1_000_000;

function moneyError(label: string, t: string): string | undefined {
  if (t.trim() === '') return `${label} is required`;
  if (!isNumber(t) || Number(t) < 0) return `${label} must be at least 0`;
  if (decimals(t) > 2) return `${label} can have at most 2 decimal places`;
  return undefined;
}

/** Errors of the shared fields; empty when they can be sent. */
export function validateStyleFields(v: StyleFieldsValues): StyleFieldErrors {
  const e: StyleFieldErrors = {};
  if (!v.item_name.trim()) e.item_name = 'Style name is required';
  else if (v.item_name.trim().length > 200) e.item_name = 'Style name must be at most 200 characters';
  const cost = moneyError('Cost', v.cost);
  if (cost) e.cost = cost;
  const price = moneyError('Selling price', v.selling_price);
  if (price) e.selling_price = price;
  if (v.tax_rate.trim() !== '') {
    const t = Number(v.tax_rate);
    if (!isNumber(v.tax_rate) || t < 0 || t > 100) e.tax_rate = 'Tax rate must be between 0 and 100';
    else if (decimals(v.tax_rate) > 2) e.tax_rate = 'Tax rate can have at most 2 decimal places';
  }
  if (v.reorder_point.trim() !== '' && !isCount(v.reorder_point)) e.reorder_point = 'Reorder point must be a whole number, 0 or more';
  for (const key of ['brand', 'category', 'material', 'colour'] as const) {
    if (v[key].trim().length > 100) e[key] = 'Must be at most 100 characters';
  }
  return e;
}

/** Errors of a sizes table (at least one size, each named once, stock a whole number, barcode as scanned). */
export function validateSizeRows(rows: SizeRow[], existing: string[] = []): { sizes?: string; rows: SizeRowErrors } {
  const out: SizeRowErrors = {};
  let sizes: string | undefined;
  if (rows.length === 0) sizes = 'Add at least one size';
  else if (rows.length + existing.length > MAX_STYLE_SIZES) sizes = `A style has at most ${MAX_STYLE_SIZES} sizes`;
  const seen = new Set(existing.map((s) => s.toLowerCase()));
  rows.forEach((r, i) => {
    const e: SizeRowErrors[number] = {};
    const size = r.size.trim();
    if (!size) e.size = 'Size is required';
    else if (size.length > 100) e.size = 'Must be at most 100 characters';
    else if (seen.has(size.toLowerCase())) e.size = `Size ${size} is listed twice`;
    seen.add(size.toLowerCase());
    if (r.stock_qty.trim() !== '' && !isCount(r.stock_qty)) e.stock_qty = 'A whole number, 0 or more';
    if (r.barcode.trim().length > 48) e.barcode = 'At most 48 characters';
    else if (r.barcode.trim() && !/^[!-~]([ -~]*[!-~])?$/.test(r.barcode.trim())) e.barcode = 'Letters, digits and symbols only';
    if (Object.keys(e).length) out[i] = e;
  });
  return { sizes, rows: out };
}

/** Every error of the Add Style form. */
export function validateStyleForm(v: StyleFormValues): StyleFormErrors {
  const fields = validateStyleFields(v);
  if (!v.sku_prefix.trim()) fields.sku_prefix = 'SKU prefix is required';
  else if (v.sku_prefix.trim().length > 40) fields.sku_prefix = 'SKU prefix must be at most 40 characters';
  const sizes = validateSizeRows(v.sizes);
  if (sizes.sizes) fields.sizes = sizes.sizes;
  return { fields, rows: sizes.rows };
}

/** True when the form has an error anywhere. */
export const formHasErrors = (e: StyleFormErrors) => Object.keys(e.fields).length > 0 || Object.keys(e.rows).length > 0;

const opt = (s: string) => (s.trim() === '' ? null : s.trim());
const dollars = (s: string) => Math.round(Number(s) * 100) / 100;

/** The PATCH /api/styles/:id body of valid shared fields. */
export function styleUpdateBody(v: StyleFieldsValues): Required<StyleUpdate> {
  return {
    item_name: v.item_name.trim(),
    brand: opt(v.brand),
    category: opt(v.category),
    material: opt(v.material),
    colour: opt(v.colour),
    cost: dollars(v.cost),
    selling_price: dollars(v.selling_price),
    // An empty tax field means the default GST of 9%.
    tax_rate: v.tax_rate.trim() === '' ? 0.09 : taxFraction(Number(v.tax_rate)),
    reorder_point: v.reorder_point.trim() === '' ? null : Number(v.reorder_point),
  };
}

/** The sizes of a valid table as the API takes them (empty stock = 0, empty barcode left out). */
export function sizesBody(rows: SizeRow[]): AddSizes['sizes'] {
  return rows.map((r) => ({
    size: r.size.trim(),
    stock_qty: r.stock_qty.trim() === '' ? 0 : Number(r.stock_qty),
    ...(r.barcode.trim() ? { barcode: r.barcode.trim() } : {}),
  }));
}

/** The POST /api/styles body of a valid Add Style form. */
export function styleCreateBody(v: StyleFormValues): StyleCreate {
  return { ...styleUpdateBody(v), sku_prefix: v.sku_prefix.trim(), sizes: sizesBody(v.sizes) };
}

/**
 * Where a server error belongs: a field of the form ('item_name') or a cell of the sizes table
 * ('sizes[3].barcode' -> row 3, barcode).
 */
export function serverFieldError(field: string | undefined, message: string): StyleFormErrors {
  const e: StyleFormErrors = { fields: {}, rows: {} };
  if (!field) return e;
  const cell = /^sizes\[(\d+)\]\.(size|stock_qty|barcode|sku)$/.exec(field);
  if (cell) {
    // A SKU is made from the size: show its clash on the size.
    const col = cell[2] === 'sku' ? 'size' : (cell[2] as 'size' | 'stock_qty' | 'barcode');
    e.rows[Number(cell[1])] = { [col]: message };
  } else if (field === 'sizes' || field === 'sku_prefix' || field in emptyStyleForm()) {
    e.fields[field as keyof StyleFieldErrors] = message;
  }
  return e;
}
