// GET /api/reports/end-of-day: the cash-up for one shop-local day: sales by method, what should be in
// the cash drawer, money received on account, credit notes issued, the day's invoice number range.
import type { Db } from '../../core/db.js';
import { toDollars } from '../../core/money.js';
import { collectionFigures, creditNoteFigures, methodFigures, salesFigures, totalCents, type MethodFigure } from './aggregate.js';
import { dayPeriod } from './period.js';
import { reportsRepo } from './repo.js';
import { boundsOf, orderedMethods } from './sales-report.js';
import type { EndOfDay } from './schemas.js';

const methodJson = (entries: [string, MethodFigure][]) =>
  Object.fromEntries(entries.map(([m, f]) => [m, { count: f.count, amount: toDollars(f.cents) }]));

/** Builds the end-of-day cash-up for a date (YYYY-MM-DD, shop-local). */
export function endOfDay(db: Db, date: string, timeZone: string, generatedAt = new Date()): EndOfDay {
  const repo = reportsRepo(db);
  const b = boundsOf(dayPeriod(date, timeZone));
  const sales = salesFigures(repo.dayGroups(b), repo.tillSplit(b), repo.rounding(b));
  const later = collectionFigures(repo.collections(b));
  const notes = creditNoteFigures(repo.creditNotes(b));
  const refunds = methodFigures(repo.refunds(b));
  const voidedTill = methodFigures(repo.voidedTill(b));
  const cashSales = sales.byMethod.get('CASH')?.cents ?? 0;
  const cashVoided = voidedTill.get('CASH')?.cents ?? 0;
  const cashReceived = later.byMethod.get('CASH')?.cents ?? 0;
  const cashRefunded = refunds.get('CASH')?.cents ?? 0;
  const receivedCents = totalCents(later.byMethod);

  return {
    date,
    invoice_count: sales.invoiceCount,
    total_sales: toDollars(sales.totalCents),
    total_gst: toDollars(sales.taxCents),
    net_sales: toDollars(sales.totalCents - sales.taxCents),
    first_invoice_number: repo.firstNumber(date),
    last_invoice_number: repo.lastNumber(date),
    void_count: sales.voidCount,
    void_total: toDollars(sales.voidCents),
    // 5-cent cash rounding on the day's sales (signed): total_sales + rounding_total = money received for them.
    rounding_total: toDollars(sales.roundingCents),
    // How the day's sales were settled at the till, cash as rounded (sums to total_sales + rounding_total).
    by_method: methodJson(orderedMethods(sales.byMethod)),
    // Taken at the till today on sales voided since (not in by_method / total_sales, but received today).
    voided_sales_received: methodJson(orderedMethods(voidedTill)),
    // Payments on credit invoices received today (whenever the sale was, voided since or not: never changes later).
    payments_received: methodJson(orderedMethods(later.byMethod)),
    payments_received_total: toDollars(receivedCents),
    // Money paid back today (voided invoices, returns refunded in money), by method.
    refunds: methodJson(orderedMethods(refunds)),
    refunds_total: toDollars(totalCents(refunds)),
    credit_notes_applied: { count: later.creditNotesApplied.count, amount: toDollars(later.creditNotesApplied.cents) },
    cash: {
      tendered: toDollars(sales.tenderedCents),
      change_given: toDollars(sales.changeCents),
      cash_sales: toDollars(cashSales),
      voided_cash_sales: toDollars(cashVoided),
      customer_payments: toDollars(cashReceived),
      refunds: toDollars(cashRefunded),
      expected_in_drawer: toDollars(cashSales + cashVoided + cashReceived - cashRefunded),
    },
    returns_total: toDollars(notes.cents),
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
