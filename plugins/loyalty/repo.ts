// Loyalty's SQL: the points ledger. Only this plugin writes loyalty_entry; a balance is always a sum of its rows.
import type { Db } from '../../core/db.js';
import { perDb } from '../../core/repo-support.js';

export type EntryKind = 'EARNED' | 'REDEEMED' | 'REVERSED' | 'RESTORED' | 'EXPIRED';

export interface NewEntry {
  customerId: number;
  kind: EntryKind;
  points: number;
  invoiceId: number | null;
  paymentId?: number | null;
  returnId?: string | null;
  byVoid?: boolean;
  basisCents?: number | null;
  lotId?: number | null;
  remaining?: number | null;
  expiresOn?: string | null;
  businessDate: string;
  at: string;
  note?: string | null;
}

export interface LotRow {
  id: number;
  kind: 'EARNED' | 'RESTORED';
  invoice_id: number | null;
  remaining: number;
  expires_on: string | null;
}

export interface EntryRow {
  id: number;
  kind: EntryKind;
  points: number;
  at: string;
  business_date: string;
  invoice_id: number | null;
  invoice_number: string | null;
  expires_on: string | null;
  note: string | null;
}

const INSERT_COLUMNS = `(customer_id, kind, points, invoice_id, payment_id, return_id, by_void, basis_cents, lot_id, remaining, expires_on, business_date, at, note)`;
const INSERT_VALUES = `(@customerId, @kind, @points, @invoiceId, @paymentId, @returnId, @byVoid, @basisCents, @lotId, @remaining, @expiresOn, @businessDate, @at, @note)`;

function params(e: NewEntry) {
  return {
    customerId: e.customerId,
    kind: e.kind,
    points: e.points,
    invoiceId: e.invoiceId,
    paymentId: e.paymentId ?? null,
    returnId: e.returnId ?? null,
    byVoid: e.byVoid ? 1 : 0,
    basisCents: e.basisCents ?? null,
    lotId: e.lotId ?? null,
    remaining: e.remaining ?? null,
    expiresOn: e.expiresOn ?? null,
    businessDate: e.businessDate,
    at: e.at,
    note: e.note ?? null,
  };
}

export const loyaltyRepo = perDb((db: Db) => {
  const balance = db.prepare('SELECT coalesce(sum(points), 0) FROM loyalty_entry WHERE customer_id = ?').pluck();
  const insert = db.prepare(`INSERT INTO loyalty_entry ${INSERT_COLUMNS} VALUES ${INSERT_VALUES}`);
  // The one write that spends: the balance is checked by the INSERT itself, so two tills racing cannot both win.
  const insertIfCovered = db.prepare(
    `INSERT INTO loyalty_entry ${INSERT_COLUMNS} SELECT ${INSERT_VALUES.slice(1, -1)}
     WHERE (SELECT coalesce(sum(points), 0) FROM loyalty_entry WHERE customer_id = @customerId) >= -@points`,
  );
  const openLots = db.prepare(
    `SELECT id, kind, invoice_id, remaining, expires_on FROM loyalty_entry
     WHERE customer_id = ? AND remaining > 0 ORDER BY expires_on IS NULL, expires_on, id`,
  );
  const expiredLots = db.prepare(
    `SELECT id, kind, invoice_id, remaining, expires_on FROM loyalty_entry
     WHERE customer_id = ? AND remaining > 0 AND expires_on < ? ORDER BY expires_on, id`,
  );
  const take = db.prepare('UPDATE loyalty_entry SET remaining = remaining - @n WHERE id = @id AND remaining >= @n');
  const ofInvoice = db.prepare(
    'SELECT kind, coalesce(sum(points), 0) AS points, coalesce(sum(basis_cents), 0) AS basis_cents FROM loyalty_entry WHERE invoice_id = ? AND by_void = ? GROUP BY kind',
  );
  const ofPayment = db.prepare(
    'SELECT kind, coalesce(sum(points), 0) AS points, coalesce(sum(basis_cents), 0) AS basis_cents FROM loyalty_entry WHERE payment_id = ? GROUP BY kind',
  );
  const redeemedPayments = db.prepare("SELECT payment_id FROM loyalty_entry WHERE invoice_id = ? AND kind = 'REDEEMED' ORDER BY id").pluck();
  const entries = db.prepare(
    `SELECT e.id, e.kind, e.points, e.at, e.business_date, e.invoice_id, i.number AS invoice_number, e.expires_on, e.note
     FROM loyalty_entry e LEFT JOIN sales_invoice i ON i.id = e.invoice_id
     WHERE e.customer_id = ? AND e.points <> 0 ORDER BY e.id DESC LIMIT ?`,
  );
  // The sale's own rows (what it earned and spent at checkout), for its receipt's balance after it.
  const saleMark = db
    .prepare("SELECT max(id) FROM loyalty_entry WHERE invoice_id = ? AND kind IN ('EARNED', 'REDEEMED') AND return_id IS NULL AND by_void = 0")
    .pluck();
  const markAt = db.prepare('SELECT max(id) FROM loyalty_entry WHERE customer_id = ? AND at <= ?').pluck();
  const balanceUpTo = db.prepare('SELECT coalesce(sum(points), 0) FROM loyalty_entry WHERE customer_id = ? AND id <= ?').pluck();
  const customerExists = db.prepare('SELECT 1 FROM customers_customer WHERE id = ?').pluck();

  /** Sums by kind for an invoice (or a payment): points signed, basis cents. */
  const byKind = (rows: unknown[]) => {
    const out: Partial<Record<EntryKind, { points: number; basis: number }>> = {};
    for (const r of rows as { kind: EntryKind; points: number; basis_cents: number }[]) out[r.kind] = { points: r.points, basis: r.basis_cents };
    return out;
  };

  return {
    balance: (customerId: number) => balance.get(customerId) as number,
    insert: (e: NewEntry) => Number(insert.run(params(e)).lastInsertRowid),
    /** Writes a negative row only if the customer's balance covers it; null when it does not (nothing written). */
    insertIfCovered: (e: NewEntry) => {
      const r = insertIfCovered.run(params(e));
      return r.changes === 1 ? Number(r.lastInsertRowid) : null;
    },
    openLots: (customerId: number) => openLots.all(customerId) as LotRow[],
    expiredLots: (customerId: number, today: string) => expiredLots.all(customerId, today) as LotRow[],
    take: (id: number, n: number) => {
      if (take.run({ id, n }).changes !== 1) throw new Error(`loyalty lot ${id} holds fewer than ${n} points`);
    },
    /** The invoice's rows by kind: checkout's and returns' (`byVoid` false), or the void's. */
    ofInvoice: (invoiceId: number, byVoid = false) => byKind(ofInvoice.all(invoiceId, byVoid ? 1 : 0)),
    ofPayment: (paymentId: number) => byKind(ofPayment.all(paymentId)),
    redeemedPayments: (invoiceId: number) => redeemedPayments.all(invoiceId) as number[],
    entries: (customerId: number, limit: number) => entries.all(customerId, limit) as EntryRow[],
    saleMark: (invoiceId: number) => saleMark.get(invoiceId) as number | null,
    markAt: (customerId: number, at: string) => markAt.get(customerId, at) as number | null,
    balanceUpTo: (customerId: number, id: number) => balanceUpTo.get(customerId, id) as number,
    customerExists: (id: number) => customerExists.get(id) !== undefined,
  };
});
