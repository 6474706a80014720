// The one module that turns ledger rows into money figures (docs/money.md). A shift's X/Z report, end-of-day,
// the sales report's methods and its CSV all call moneyFigures on grouped rows, so they can never disagree:
// one formula for expected cash (the CASH rows of the drawer, float included), one for by-method totals.
import type { Db } from '../../core/db.js';
import { ledgerRepo } from './repo.js';
import { isMoney, type LedgerGroup } from './types.js';

export interface MethodFigure {
  /** Rows (a sale is one row per method; rounding rows count 0). */
  count: number;
  cents: number;
}

export interface CashFigures {
  floatCents: number;
  /** Cash taken at sales that still count (rounding in). */
  salesCents: number;
  /** Cash taken at sales voided since (it came into the drawer that day). */
  voidedSalesCents: number;
  /** Cash received later on invoices (customer payments, payments on one invoice). */
  customerPaymentsCents: number;
  /** Cash paid back out of the drawer (returns, voids, with their rounding): positive. */
  refundsCents: number;
  payInsCents: number;
  payOutsCents: number;
  /** float + every cash movement of the drawer. */
  expectedCents: number;
  /** Cash paid back from the back office, not from a drawer: positive. */
  backOfficeCents: number;
}

export interface MoneyFigures {
  /**
   * How the sales that still count were settled: CASH (rounded), NETS, PAYNOW, CREDIT (left on account), and each
   * plugin tender by its method (GIFT_CARD: TENDER_REDEEM rows, #29; not money, never in the drawer).
   */
  salesByMethod: Map<string, MethodFigure>;
  /** Credit notes taken at those sales (not a method: the value came back from an earlier sale). */
  creditNotesTaken: MethodFigure;
  /** Their grand totals (the at-sale rows without rounding) and their cash rounding. */
  salesTotalCents: number;
  saleRoundingCents: number;
  /** What came in at sales voided since, by method (money only). */
  voidedSalesByMethod: Map<string, MethodFigure>;
  /** Money received later on invoices, by method. */
  collectionsByMethod: Map<string, MethodFigure>;
  /** Credit notes applied to invoices after their sale (and note balances paid out). */
  creditNotesApplied: MethodFigure;
  /** Money paid back (positive), by method; back-office payments included, and also apart. */
  refundsByMethod: Map<string, MethodFigure>;
  backOfficeRefundsByMethod: Map<string, MethodFigure>;
  /** Credit notes issued (positive). */
  creditNotesIssued: MethodFigure;
  /** Value put back on plugin tenders by returns (positive), by method (#29: TENDER_REFUND); not money. */
  tenderRefundsByMethod: Map<string, MethodFigure>;
  /** Plugin tenders taking part of an invoice after its sale, by method (TENDER_REDEEM not at a sale). */
  tendersAppliedByMethod: Map<string, MethodFigure>;
  cash: CashFigures;
}

function bump(map: Map<string, MethodFigure>, method: string, count: number, cents: number) {
  const f = map.get(method) ?? { count: 0, cents: 0 };
  f.count += count;
  f.cents += cents;
  map.set(method, f);
}

/** The figures of any set of rows (a shift, a day, a period), from the rows grouped by kind, method and flags. */
export function moneyFigures(groups: LedgerGroup[]): MoneyFigures {
  const f: MoneyFigures = {
    salesByMethod: new Map(),
    creditNotesTaken: { count: 0, cents: 0 },
    salesTotalCents: 0,
    saleRoundingCents: 0,
    voidedSalesByMethod: new Map(),
    collectionsByMethod: new Map(),
    creditNotesApplied: { count: 0, cents: 0 },
    refundsByMethod: new Map(),
    backOfficeRefundsByMethod: new Map(),
    creditNotesIssued: { count: 0, cents: 0 },
    tenderRefundsByMethod: new Map(),
    tendersAppliedByMethod: new Map(),
    cash: {
      floatCents: 0,
      salesCents: 0,
      voidedSalesCents: 0,
      customerPaymentsCents: 0,
      refundsCents: 0,
      payInsCents: 0,
      payOutsCents: 0,
      expectedCents: 0,
      backOfficeCents: 0,
    },
  };
  const c = f.cash;
  for (const g of groups) {
    const cash = g.method === 'CASH';
    if (cash) {
      if (g.back_office) c.backOfficeCents -= g.cents;
      else c.expectedCents += g.cents;
    }
    const count = g.kind === 'ROUNDING' ? 0 : g.n;
    if (g.at_sale) {
      if (g.voided) {
        if (isMoney(g.method)) bump(f.voidedSalesByMethod, g.method, count, g.cents);
        if (cash) c.voidedSalesCents += g.cents;
        continue;
      }
      if (g.kind === 'ROUNDING') f.saleRoundingCents += g.cents;
      else f.salesTotalCents += g.cents;
      if (g.kind === 'CN_REDEEM') {
        f.creditNotesTaken.count += count;
        f.creditNotesTaken.cents += g.cents;
      } else {
        bump(f.salesByMethod, g.method, count, g.cents);
      }
      if (cash) c.salesCents += g.cents;
      continue;
    }
    switch (g.kind) {
      case 'CUSTOMER_PAYMENT':
        bump(f.collectionsByMethod, g.method, count, g.cents);
        if (cash) c.customerPaymentsCents += g.cents;
        break;
      case 'CN_REDEEM':
        f.creditNotesApplied.count += count;
        f.creditNotesApplied.cents += g.cents;
        break;
      case 'CN_ISSUE':
        f.creditNotesIssued.count += count;
        f.creditNotesIssued.cents -= g.cents;
        break;
      case 'TENDER_REDEEM':
        bump(f.tendersAppliedByMethod, g.method, count, g.cents);
        break;
      case 'TENDER_REFUND':
        bump(f.tenderRefundsByMethod, g.method, count, -g.cents);
        break;
      case 'REFUND':
      case 'VOID_REFUND':
      case 'ROUNDING':
        if (!isMoney(g.method)) break;
        bump(f.refundsByMethod, g.method, count, -g.cents);
        if (g.back_office) bump(f.backOfficeRefundsByMethod, g.method, count, -g.cents);
        else if (cash) c.refundsCents -= g.cents;
        break;
      case 'FLOAT':
        c.floatCents += g.cents;
        break;
      case 'PAY_IN':
        c.payInsCents += g.cents;
        break;
      case 'PAY_OUT':
        c.payOutsCents -= g.cents;
        break;
      default:
        break;
    }
  }
  return f;
}

/** Total cents of a method map. */
export const sumCents = (map: Map<string, MethodFigure>) => [...map.values()].reduce((s, f) => s + f.cents, 0);

/** A shift's figures (every row of its drawer, voided sales included in what it took). */
export function shiftFigures(db: Db, shiftId: number): MoneyFigures & { invoiceCount: number } {
  const repo = ledgerRepo(db);
  return { ...moneyFigures(repo.shiftGroups(shiftId)), invoiceCount: repo.shiftInvoices(shiftId) };
}

/** The figures of shop-local days start..end (inclusive), from the day sums. */
export function periodFigures(db: Db, start: string, end: string): MoneyFigures {
  return moneyFigures(ledgerRepo(db).dayGroups(start, end));
}
