// The shift's figures: what should be in the drawer (float + cash taken - cash refunded + pay-ins - pay-outs)
// and everything the till took by method. An X report is these figures so far; the Z report is the
// closed shift's, with its count and variance.
import type { Db } from '../../core/db.js';
import { toDollars } from '../../core/money.js';
import { tillTakings, type SalesMark, type TillTakings } from '../sales/api.js';
import { DENOMINATIONS } from './denominations.js';
import { shiftsRepo, type MovementRow, type ShiftRow } from './repo.js';
import type { ShiftReport } from './schemas.js';
import { movementJson, shiftJson } from './shift-json.js';

/** The cash side of a shift, in cents. */
export interface CashFigures {
  floatCents: number;
  cashSalesCents: number;
  cashRefundsCents: number;
  payInsCents: number;
  payOutsCents: number;
  expectedCents: number;
}

const fromMark = (s: ShiftRow): SalesMark => ({ invoice: s.from_invoice_id, payment: s.from_payment_id, refund: s.from_refund_id });
const toMark = (s: ShiftRow): SalesMark | null =>
  s.status === 'CLOSED' ? { invoice: s.to_invoice_id!, payment: s.to_payment_id!, refund: s.to_refund_id! } : null;

/** What the till took during the shift (up to now while it is open). */
export function shiftTakings(db: Db, shift: ShiftRow): TillTakings {
  return tillTakings(db, shift.till, fromMark(shift), toMark(shift));
}

/** The drawer's expected cash from the takings and the pay-ins/outs. */
export function cashFigures(shift: ShiftRow, takings: TillTakings, movements: MovementRow[]): CashFigures {
  const cashOf = (rows: { method: string; cents: number }[]) => rows.filter((r) => r.method === 'CASH').reduce((s, r) => s + r.cents, 0);
  const sumOf = (kind: MovementRow['kind']) => movements.filter((m) => m.kind === kind).reduce((s, m) => s + m.amount_cents, 0);
  const f = {
    floatCents: shift.opening_float_cents,
    cashSalesCents: cashOf(takings.payments),
    cashRefundsCents: cashOf(takings.refunds),
    payInsCents: sumOf('PAY_IN'),
    payOutsCents: sumOf('PAY_OUT'),
  };
  return { ...f, expectedCents: f.floatCents + f.cashSalesCents - f.cashRefundsCents + f.payInsCents - f.payOutsCents };
}

/** The expected cash in the drawer right now (inside the caller's transaction for an exact figure). */
export function expectedCash(db: Db, shift: ShiftRow): number {
  return cashFigures(shift, shiftTakings(db, shift), shiftsRepo(db).movements(shift.id)).expectedCents;
}

/** The X report (open shift: figures so far) or the Z report (closed shift: with its count). */
export function shiftReport(db: Db, shift: ShiftRow, generatedAt = new Date()): ShiftReport {
  const repo = shiftsRepo(db);
  const takings = shiftTakings(db, shift);
  const movements = repo.movements(shift.id);
  const cash = cashFigures(shift, takings, movements);
  const line = (r: { method: string; count: number; cents: number }) => ({ method: r.method, count: r.count, amount: toDollars(r.cents) });
  const onAccount = takings.invoices.creditCents > 0 ? [{ method: 'CREDIT', count: takings.invoices.creditCount, cents: takings.invoices.creditCents }] : [];
  const closed = shift.status === 'CLOSED';
  const qty = new Map(repo.counts(shift.id).map((c) => [c.denomination_cents, c.qty]));
  return {
    kind: closed ? 'Z' : 'X',
    generated_at: generatedAt.toISOString(),
    shift: shiftJson(shift),
    cash: {
      opening_float: toDollars(cash.floatCents),
      cash_sales: toDollars(cash.cashSalesCents),
      cash_refunds: toDollars(cash.cashRefundsCents),
      pay_ins: toDollars(cash.payInsCents),
      pay_outs: toDollars(cash.payOutsCents),
      expected: toDollars(closed ? shift.expected_cents! : cash.expectedCents),
    },
    takings: [...takings.payments, ...onAccount].map(line),
    refunds: takings.refunds.map(line),
    sales: { invoice_count: takings.invoices.count, total: toDollars(takings.invoices.totalCents), rounding: toDollars(takings.invoices.roundingCents) },
    movements: movements.map(movementJson),
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
