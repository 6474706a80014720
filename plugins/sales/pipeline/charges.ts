// Stage 1b, charges (#29): the cart's items another plugin sells (manifest `charges`: a gift card), not stock and
// without GST. Each is `{<kind>: value}` in the body's items; its value is checked by the kind's schema (a 400
// naming `items.N.<kind>.<field>`) and priced by the kind. A charge is added after the goods: the adjusters never
// see it, the invoice discount and the GST are on the goods only, and it is written as an invoice-level row of
// sales_invoice_adjustment (line_id NULL, positive amount) that the plugin's `record` hook is handed in the sale's
// transaction. Pure until persisted: the quote and the customer display price charges here too.
import { Value } from 'typebox/value';
import type { Db } from '../../../core/db.js';
import { AppError, badRequest } from '../../../core/errors.js';
import { MAX_MONEY_CENTS } from '../../../core/money.js';
import { hooksOf, type ChargePrice, type RegisteredCharge } from '../../../core/plugin.js';
import type { AdjustmentRow, SalesRepo } from '../repo.js';
import { isProductItem, type CheckoutItem } from '../schemas.js';
import { tooLarge } from './price.js';

/** A charge item of the cart, as sent: its index in the body's items and its kind's key. */
export interface ChargeItem {
  index: number;
  field: string;
  kind: string;
  value: unknown;
}

export interface PricedCharge extends ChargeItem, ChargePrice {
  source: string;
}

/** The cart's plugin items (in the body's order, with their indexes), the products left to mergeLines. */
export function chargeItems(items: readonly CheckoutItem[]): ChargeItem[] {
  const out: ChargeItem[] = [];
  items.forEach((item, index) => {
    if (isProductItem(item)) return;
    const [kind, value] = Object.entries(item)[0] ?? [];
    if (kind !== undefined) out.push({ index, field: `items.${index}`, kind, value });
  });
  return out;
}

/** A Value error as the app's validation 400s read: [message, field] (`items.0.gift_card.amount must be >= 5`). */
function describeValueError(
  at: string,
  e: { keyword?: string; instancePath?: string; message?: string; params?: Record<string, unknown> },
): [message: string, field: string] {
  const path = (e.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const field = [at, path].filter(Boolean).join('.');
  const required = e.params?.requiredProperties;
  if (Array.isArray(required) && required.length) return [`${field}.${required[0]} is required`, `${field}.${required[0]}`];
  if (e.keyword === 'boolean') return [`${field} is not an allowed field`, field];
  return [`${field} ${e.message ?? 'is invalid'}`, field];
}

function kindOf(db: Db, item: ChargeItem): RegisteredCharge {
  const kind = hooksOf(db).charges[item.kind];
  if (!kind) throw badRequest(`${item.field}: "${item.kind}" is not an item this shop sells`, item.field);
  return kind;
}

/** Checks each charge's value against its kind's schema: a 400 naming the field, before anything is read or written. */
export function checkCharges(db: Db, items: readonly ChargeItem[]) {
  for (const item of items) {
    const kind = kindOf(db, item);
    const first = [...Value.Errors(kind.schema, item.value)][0] as { instancePath?: string; message?: string; params?: Record<string, unknown> } | undefined;
    if (!first) continue;
    throw badRequest(...describeValueError(`${item.field}.${item.kind}`, first));
  }
}

/** Prices the cart's charges (their values checked first); 400 for a kind's price below a cent. */
export function priceCharges(db: Db, items: readonly ChargeItem[]): PricedCharge[] {
  checkCharges(db, items);
  return items.map((item) => {
    const kind = kindOf(db, item);
    const price = kind.price(db, item.value as never, `${item.field}.${item.kind}`);
    if (!Number.isInteger(price.amountCents) || price.amountCents <= 0) {
      throw new AppError(500, 'INTERNAL', `Item kind "${item.kind}" priced ${item.field} at ${price.amountCents} cents`);
    }
    if (price.amountCents > MAX_MONEY_CENTS) throw tooLarge(`The amount of ${item.field}`, item.field);
    return { ...item, ...price, source: kind.source };
  });
}

/**
 * The charges as the quote and the invoice list them (after the adjustments): rows of one source, code and label
 * added up (units: how many), as repo.adjustments reads them back.
 */
export function chargeRows(charges: readonly PricedCharge[]): AdjustmentRow[] {
  const byKey = new Map<string, AdjustmentRow>();
  for (const c of charges) {
    const key = JSON.stringify([c.source, c.code, c.label]);
    const row = byKey.get(key);
    if (row) {
      row.units += 1;
      row.amount_cents += c.amountCents;
    } else byKey.set(key, { source: c.source, code: c.code, label: c.label, ref_id: null, units: 1, amount_cents: c.amountCents });
  }
  return [...byKey.values()];
}

/** What the checkout reply lists under a kind's `replyKey`. */
export type ChargeExtras = Record<string, unknown[]>;

/**
 * Part of stage 6, persist: one invoice-level row per charge, then the kind's `record` hook (its records, in this
 * transaction; a throw undoes the sale). Returns what the hooks gave, by reply key.
 */
export function writeCharges(
  db: Db,
  repo: SalesRepo,
  sale: { invoiceId: number; number: string; userId: number | null; at: Date },
  charges: readonly PricedCharge[],
): ChargeExtras {
  const extras: ChargeExtras = {};
  for (const c of charges) {
    const rowId = repo.insertAdjustment({
      invoice_id: sale.invoiceId,
      line_id: null,
      source: c.source,
      code: c.code,
      label: c.label,
      ref_id: null,
      units: 1,
      amount_cents: c.amountCents,
    });
    const kind = kindOf(db, c);
    const price = { code: c.code, label: c.label, amountCents: c.amountCents };
    const recorded = kind.record?.(db, { ...sale, rowId, index: c.index, value: c.value, price });
    if (kind.replyKey && recorded !== undefined) (extras[kind.replyKey] ??= []).push(recorded);
  }
  return extras;
}

/**
 * A replayed checkout's extras: every kind's `recall` over the invoice's charge rows, matched to the body's charge
 * items in order (the body is the one first sent: its hash matched).
 */
export function recallCharges(db: Db, repo: SalesRepo, invoice: { invoiceId: number; number: string }, items: readonly CheckoutItem[]): ChargeExtras {
  const rows = repo.chargeRows(invoice.invoiceId);
  const extras: ChargeExtras = {};
  chargeItems(items).forEach((item, i) => {
    const row = rows[i];
    const kind = hooksOf(db).charges[item.kind];
    if (!row || !kind?.recall || !kind.replyKey) return;
    const price = { code: row.code, label: row.label, amountCents: row.amount_cents };
    const recalled = kind.recall(db, { ...invoice, rowId: row.id, index: item.index, value: item.value, price });
    if (recalled !== undefined) (extras[kind.replyKey] ??= []).push(recalled);
  });
  return extras;
}
