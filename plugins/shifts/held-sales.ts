// Held sales (#26.5): carts parked at a till. Hold writes one row; resume reads and deletes it in one transaction,
// so two taps (or two tills) can never both resume the same sale. Only the till that held a sale sees or resumes it.
import type { Db } from '../../core/db.js';
import { nowIso, writeTx } from '../../core/db.js';
import { badRequest, notFound } from '../../core/errors.js';
import { toCents, toDollars } from '../../core/money.js';
import { perDb } from '../../core/repo-support.js';
import type { HeldCart, HeldSale, HoldSaleBody } from './schemas.js';

/** The most bytes of a held cart's JSON (the table's CHECK says the same). */
export const MAX_HELD_CART_BYTES = 65_536;

interface HeldRow {
  id: number;
  till: string;
  label: string;
  cart_json: string;
  item_count: number;
  total_cents: number;
  created_by: number | null;
  created_by_username: string | null;
  created_at: string;
}

const SELECT = `SELECT h.*, u.username AS created_by_username FROM shifts_held_sale h LEFT JOIN core_user u ON u.id = h.created_by`;

const heldRepo = perDb((db: Db) => ({
  insert: db.prepare(`INSERT INTO shifts_held_sale (till, label, cart_json, item_count, total_cents, created_by, created_at)
    VALUES (@till, @label, @cart_json, @item_count, @total_cents, @created_by, @created_at)`),
  get: db.prepare(`${SELECT} WHERE h.id = ? AND h.till = ?`),
  atTill: db.prepare(`${SELECT} WHERE h.till = ? ORDER BY h.id DESC`),
  atTillUntil: db.prepare(`${SELECT} WHERE h.till = ? AND h.created_at <= ? ORDER BY h.id DESC`),
  remove: db.prepare('DELETE FROM shifts_held_sale WHERE id = ?'),
}));

function heldJson(row: HeldRow): HeldSale {
  return {
    id: row.id,
    label: row.label,
    cart: JSON.parse(row.cart_json) as HeldCart,
    item_count: row.item_count,
    total: toDollars(row.total_cents),
    created_at: row.created_at,
    created_by: row.created_by_username,
  };
}

/** Parks a cart at `till`; 400 for a blank label or a cart above 64 KB. Returns the held sale. */
export function holdSale(db: Db, till: string, body: HoldSaleBody, userId: number | null): HeldSale {
  const label = body.label.trim();
  if (!label) throw badRequest('label: give the held sale a name or number', 'label');
  const cartJson = JSON.stringify(body.cart);
  if (Buffer.byteLength(cartJson) > MAX_HELD_CART_BYTES) throw badRequest('cart: too large to hold', 'cart');
  const repo = heldRepo(db);
  const id = Number(
    repo.insert.run({
      till,
      label,
      cart_json: cartJson,
      item_count: body.cart.items.reduce((n, i) => n + i.qty, 0),
      total_cents: toCents(body.total),
      created_by: userId,
      created_at: nowIso(),
    }).lastInsertRowid,
  );
  return heldJson(repo.get.get(id, till) as HeldRow);
}

/** The till's held sales, newest first. */
export function heldSalesAt(db: Db, till: string): HeldSale[] {
  return (heldRepo(db).atTill.all(till) as HeldRow[]).map(heldJson);
}

/** Resumes a held sale: returns it and deletes it in one step; 404 when unknown or another till's. */
export function resumeHeldSale(db: Db, till: string, id: number): HeldSale {
  const repo = heldRepo(db);
  return writeTx(db, () => {
    const row = repo.get.get(id, till) as HeldRow | undefined;
    if (!row) throw notFound('Held sale');
    repo.remove.run(id);
    return heldJson(row);
  });
}

/** What a shift's report lists: the till's sales still held (for a closed shift, those held by its close). */
export function heldForReport(db: Db, till: string, closedAt: string | null): HeldSale[] {
  const repo = heldRepo(db);
  const rows = (closedAt ? repo.atTillUntil.all(till, closedAt) : repo.atTill.all(till)) as HeldRow[];
  return rows.map(heldJson);
}
