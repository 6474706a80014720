// The shift's figures come from the ledger (docs/money.md): every row the till took while the shift was open,
// computed by the ledger's one module (shiftFigures), so the X/Z report, the close's expected cash and end-of-day
// use one formula. An X report is these figures so far; the Z report is the closed shift's, with its count.
import type { Db } from '../../core/db.js';
import { toDollars } from '../../core/money.js';
import { drawerOpenings, ledgerRows, shiftFigures, type MethodFigure } from '../ledger/api.js';
import { DENOMINATIONS } from './denominations.js';
import { heldForReport } from './held-sales.js';
import { shiftsRepo, type ShiftRow } from './repo.js';
import type { ShiftReport } from './schemas.js';
import { movementJson, shiftJson } from './shift-json.js';

/** The expected cash in the drawer right now (inside the caller's transaction for an exact figure). */
export function expectedCash(db: Db, shift: ShiftRow): number {
  return shiftFigures(db, shift.id).cash.expectedCents;
}

const ORDER = ['CASH', 'NETS', 'PAYNOW', 'BANK_TRANSFER', 'CREDIT'];
const lines = (map: Map<string, MethodFigure>) =>
  [...map.entries()]
    .sort(([a], [b]) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99))
    .map(([method, f]) => ({ method, count: f.count, amount: toDollars(f.cents) }));

/** The X report (open shift: figures so far) or the Z report (closed shift: with its count). */
export function shiftReport(db: Db, shift: ShiftRow, generatedAt = new Date()): ShiftReport {
  const repo = shiftsRepo(db);
  const f = shiftFigures(db, shift.id);
  const c = f.cash;
  // What the drawer took by method: sales (voided since or not) and later payments; CREDIT is what went on account.
  const takings = new Map<string, MethodFigure>();
  for (const map of [f.salesByMethod, f.collectionsByMethod]) {
    for (const [m, v] of map) takings.set(m, { count: (takings.get(m)?.count ?? 0) + v.count, cents: (takings.get(m)?.cents ?? 0) + v.cents });
  }
  const closed = shift.status === 'CLOSED';
  const qty = new Map(repo.counts(shift.id).map((x) => [x.denomination_cents, x.qty]));
  const users = repo.usernames();
  return {
    kind: closed ? 'Z' : 'X',
    generated_at: generatedAt.toISOString(),
    shift: shiftJson(shift),
    cash: {
      opening_float: toDollars(c.floatCents),
      cash_sales: toDollars(c.salesCents + c.customerPaymentsCents),
      cash_refunds: toDollars(c.refundsCents),
      pay_ins: toDollars(c.payInsCents),
      pay_outs: toDollars(c.payOutsCents),
      expected: toDollars(closed ? shift.expected_cents! : c.expectedCents),
    },
    takings: lines(takings),
    refunds: lines(f.refundsByMethod),
    tender_refunds: lines(f.tenderRefundsByMethod),
    sales: {
      invoice_count: f.invoiceCount,
      total: toDollars(f.salesTotalCents),
      rounding: toDollars(f.saleRoundingCents),
      credit_notes_taken: toDollars(f.creditNotesTaken.cents),
    },
    // Every refund paid from this drawer (returns, voids, also those made from the back office), with who made it.
    refund_lines: refundLines(db, shift.id, users),
    movements: repo.movements(shift.id).map(movementJson),
    drawer_openings: drawerOpenings(db, shift.id).map((o) => ({ at: o.at, by: o.username, reason: o.reason, invoice_id: o.invoice_id })),
    held_sales: heldForReport(db, shift.till, closed ? shift.closed_at : null).map((h) => ({
      label: h.label,
      item_count: h.item_count,
      total: h.total,
      created_at: h.created_at,
      created_by: h.created_by,
    })),
    count: closed
      ? {
          lines: DENOMINATIONS.map((d) => ({ key: d.key, label: d.label, qty: qty.get(d.cents) ?? 0, amount: toDollars(d.cents * (qty.get(d.cents) ?? 0)) })),
          counted: toDollars(shift.counted_cents!),
          expected: toDollars(shift.expected_cents!),
          variance: toDollars(shift.variance_cents!),
        }
      : null,
  };
}

/** Each money refund of the shift as paid out: its cash rounding (a row at the same instant) added in. */
function refundLines(db: Db, shiftId: number, users: Map<number, string>): ShiftReport['refund_lines'] {
  const rows = ledgerRows(db, { shiftId });
  const rounding = new Map(rows.filter((r) => r.kind === 'ROUNDING' && r.at_sale === 0).map((r) => [`${r.invoice_id} ${r.at}`, r.amount_cents]));
  return rows
    .filter((r) => (r.kind === 'REFUND' || r.kind === 'VOID_REFUND') && r.method !== 'CREDIT')
    .map((r) => ({
      kind: r.kind as 'REFUND' | 'VOID_REFUND',
      method: r.method,
      amount: toDollars(-(r.amount_cents + (r.method === 'CASH' ? (rounding.get(`${r.invoice_id} ${r.at}`) ?? 0) : 0))),
      at: r.at,
      by: r.user_id === null ? null : (users.get(r.user_id) ?? null),
      reference: r.reference,
    }));
}
