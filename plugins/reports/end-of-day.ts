// GET /api/reports/end-of-day: the cash-up for one shop-local day: sales by method, what should be in
// the cash drawer, money received on account, credit notes issued, the day's invoice number range.
import type { Db } from '../../core/db.js';
import { toDollars } from '../../core/money.js';
import { chargeFigures, creditNoteFigures, revenueOnly, salesFigures } from './aggregate.js';
import { periodFigures, sumCents, type MethodFigure } from '../ledger/api.js';
import { dayPeriod } from './period.js';
import { reportsRepo } from './repo.js';
import { boundsOf, chargesJson, orderedMethods } from './sales-report.js';
import type { EndOfDay, ReportLiability } from './schemas.js';

const methodJson = (entries: [string, MethodFigure][]) => Object.fromEntries(entries.map(([m, f]) => [m, { count: f.count, amount: toDollars(f.cents) }]));

/** Builds the end-of-day cash-up for a date (YYYY-MM-DD, shop-local). */
export function endOfDay(db: Db, date: string, timeZone: string, liabilities: ReportLiability[] = [], generatedAt = new Date()): EndOfDay {
  const repo = reportsRepo(db);
  const b = boundsOf(dayPeriod(date, timeZone));
  // #29: what the day's sales charged besides goods (a gift card) is listed apart, not in total_sales.
  const charges = chargeFigures(repo.charges(b));
  const sales = revenueOnly(salesFigures(repo.dayGroups(b)), charges);
  const notes = creditNoteFigures(repo.creditNotes(b));
  const returned = repo.returned(b);
  // Every money figure from the ledger's one module (docs/money.md).
  const money = periodFigures(db, date, date);
  const c = money.cash;

  return {
    date,
    invoice_count: sales.invoiceCount,
    total_sales: toDollars(sales.totalCents),
    total_gst: toDollars(sales.taxCents),
    net_sales: toDollars(sales.totalCents - sales.taxCents),
    charges_total: toDollars(charges.totalCents),
    charges: chargesJson(charges),
    first_invoice_number: repo.firstNumber(date),
    last_invoice_number: repo.lastNumber(date),
    void_count: sales.voidCount,
    void_total: toDollars(sales.voidCents),
    // 5-cent cash rounding on the day's sales (signed): total_sales + rounding_total = value received for them.
    rounding_total: toDollars(money.saleRoundingCents),
    // How the day's sales were settled at the till, cash as rounded (with credit notes taken: total_sales + rounding_total).
    by_method: methodJson(orderedMethods(money.salesByMethod)),
    credit_notes_taken: { count: money.creditNotesTaken.count, amount: toDollars(money.creditNotesTaken.cents) },
    // Taken at the till today on sales voided since (not in by_method / total_sales, but received today).
    voided_sales_received: methodJson(orderedMethods(money.voidedSalesByMethod)),
    // Payments on credit invoices received today (whenever the sale was, voided since or not: never changes later).
    payments_received: methodJson(orderedMethods(money.collectionsByMethod)),
    payments_received_total: toDollars(sumCents(money.collectionsByMethod)),
    // Money paid back today (voided invoices, returns refunded in money), by method.
    refunds: methodJson(orderedMethods(money.refundsByMethod)),
    refunds_total: toDollars(sumCents(money.refundsByMethod)),
    // #29: value put back on gift cards and other plugin tenders by the day's returns (not money, not the drawer).
    tender_refunds: methodJson(orderedMethods(money.tenderRefundsByMethod)),
    liabilities,
    credit_notes_applied: { count: money.creditNotesApplied.count, amount: toDollars(money.creditNotesApplied.cents) },
    cash: {
      tendered: toDollars(sales.tenderedCents),
      change_given: toDollars(sales.changeCents),
      opening_floats: toDollars(c.floatCents),
      cash_sales: toDollars(c.salesCents),
      voided_cash_sales: toDollars(c.voidedSalesCents),
      customer_payments: toDollars(c.customerPaymentsCents),
      refunds: toDollars(c.refundsCents),
      pay_ins: toDollars(c.payInsCents),
      pay_outs: toDollars(c.payOutsCents),
      expected_in_drawer: toDollars(c.expectedCents),
    },
    back_office: { refunds: methodJson(orderedMethods(money.backOfficeRefundsByMethod)), cash_paid_out: toDollars(c.backOfficeCents) },
    // The goods brought back in the period (GST included), however they were paid back (#25).
    returns_total: toDollars(returned.amount),
    credit_notes: {
      count: notes.count,
      amount: toDollars(notes.cents),
      gst: toDollars(notes.taxCents),
      from_returns: { count: notes.fromReturns.count, amount: toDollars(notes.fromReturns.cents) },
      manual: { count: notes.manual.count, amount: toDollars(notes.manual.cents) },
    },
    generated_at: generatedAt.toISOString(),
  };
}
