// A sale's rows in the ledger (docs/money.md): one row per method it was settled by at checkout, flagged at_sale,
// adding up to the grand total plus the cash rounding: SALE_PAYMENT (CASH's exact part, NETS, PAYNOW), ROUNDING,
// CN_REDEEM (credit notes tendered), TENDER_REDEEM (another plugin's tender, #29: a gift card, points), ON_ACCOUNT
// (left owing by a registered customer).
import type { LedgerEntryInput } from '../ledger/api.js';

export interface SalePaymentRow {
  method: string;
  amount_cents: number;
  reference: string | null;
}

export interface SaleLedgerInput {
  invoiceId: number;
  number: string;
  till: string | null;
  userId: number | null;
  at: string;
  businessDate: string;
  /** The payment rows as written (CASH holds the rounded cash received). */
  payments: SalePaymentRow[];
  roundingCents: number;
  onAccountCents: number;
}

const MONEY = new Set(['CASH', 'NETS', 'PAYNOW', 'BANK_TRANSFER']);

/** The at-sale ledger rows of a sale: money methods summed per method (two NETS cards are one row), tenders one row each. */
export function saleLedgerEntries(s: SaleLedgerInput): LedgerEntryInput[] {
  const base = { till: s.till, invoiceId: s.invoiceId, atSale: true, userId: s.userId, at: s.at, businessDate: s.businessDate };
  const money = new Map<string, { cents: number; refs: string[] }>();
  const out: LedgerEntryInput[] = [];
  for (const p of s.payments) {
    if (p.method === 'CREDIT_NOTE') {
      out.push({ ...base, kind: 'CN_REDEEM', method: 'CREDIT_NOTE', amountCents: p.amount_cents, reference: p.reference });
      continue;
    }
    if (!MONEY.has(p.method)) {
      out.push({ ...base, kind: 'TENDER_REDEEM', method: p.method, amountCents: p.amount_cents, reference: p.reference });
      continue;
    }
    const m = money.get(p.method) ?? { cents: 0, refs: [] };
    m.cents += p.amount_cents;
    if (p.reference) m.refs.push(p.reference);
    money.set(p.method, m);
  }
  for (const [method, m] of money) {
    const cents = method === 'CASH' ? m.cents - s.roundingCents : m.cents;
    out.unshift({ ...base, kind: 'SALE_PAYMENT', method: method as 'CASH' | 'NETS' | 'PAYNOW', amountCents: cents, reference: m.refs.join(', ') || s.number });
  }
  out.push({ ...base, kind: 'ROUNDING', method: 'CASH', amountCents: s.roundingCents, reference: s.number });
  out.push({ ...base, kind: 'ON_ACCOUNT', method: 'CREDIT', amountCents: s.onAccountCents, reference: s.number });
  return out;
}
