// Stage 4, tender: the till's payments planned against the sale's total (../tender.ts planTender: change, cash
// rounding, what is left on credit), an exchange's credit note paying first, and a customer's credit limit
// checked (409 INSUFFICIENT_CREDIT). A method no plugin of the app declares in `tenders` is a 400 (#29). What is owed on credit falls due after the customer's terms, in shop days.
import { addDays, startOfLocalDay } from '../../../core/clock.js';
import type { Db } from '../../../core/db.js';
import { hooksOf } from '../../../core/plugin.js';
import { conflict } from '../../../core/errors.js';
import { formatMoney, toCents } from '../../../core/money.js';
import type { CreditCustomer } from '../repo.js';
import type { CheckoutBody } from '../schemas.js';
import { planTender, type TenderMethod, type TenderPlan } from '../tender.js';

export interface TenderTerms {
  plan: TenderPlan;
  dueDate: string | null;
  overdueFrom: string | null;
}

export function planPayments(
  db: Db,
  body: Pick<CheckoutBody, 'payments' | 'tendered'>,
  sale: {
    grandTotalCents: number;
    customer: CreditCustomer | undefined;
    cashRounding: boolean;
    businessDate: string;
    timeZone: string;
    /** An exchange's credit note: it pays first, up to what it holds or the total. */
    creditNoteFirst?: { reference: string; upToCents: number };
  },
): TenderTerms {
  const tills: { method: TenderMethod; amountCents: number; reference: string | null }[] = (body.payments ?? []).map((p) => ({
    method: p.method,
    amountCents: toCents(p.amount),
    reference: p.reference?.trim() || null,
  }));
  const first = sale.creditNoteFirst;
  if (first) tills.push({ method: 'CREDIT_NOTE', amountCents: Math.min(first.upToCents, sale.grandTotalCents), reference: first.reference });
  const plan = planTender({
    payments: tills,
    tenderedCents: body.tendered === undefined || body.tendered === null ? null : toCents(body.tendered),
    grandTotalCents: sale.grandTotalCents,
    onAccount: Boolean(sale.customer),
    cashRounding: sale.cashRounding,
    // The manifest `tenders` of the app's plugins (#29): their methods are taken, any other plugin-style method refused.
    pluginTenders: Object.keys(hooksOf(db).tenders),
  });
  const customer = sale.customer;
  if (!customer || plan.creditCents === 0) return { plan, dueDate: null, overdueFrom: null };
  const available = customer.credit_limit_cents - customer.outstanding_cents;
  if (available < plan.creditCents) {
    throw conflict('INSUFFICIENT_CREDIT', `Insufficient credit. Available: ${formatMoney(available)}, Required: ${formatMoney(plan.creditCents)}`, {
      available: available / 100,
      required: plan.creditCents / 100,
    });
  }
  const dueDate = addDays(sale.businessDate, customer.credit_terms_days);
  return { plan, dueDate, overdueFrom: startOfLocalDay(addDays(dueDate, 1), sale.timeZone).toISOString() };
}
