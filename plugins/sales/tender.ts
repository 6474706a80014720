// How a sale is paid: which payment rows to record, the change for cash, and what is left on credit.
// Pure (no database), so the rules are easy to read and test.
import { badRequest } from '../../core/errors.js';
import type { InvoiceMethod } from './repo.js';
import { roundedCashDue } from './pricing.js';

export type TillMethod = 'CASH' | 'NETS' | 'PAYNOW' | 'CREDIT' | 'CREDIT_NOTE';
/** A till payment's method: sales' own, or a plugin's tender (#29: GIFT_CARD, LOYALTY_POINTS, ...). */
export type TenderMethod = TillMethod | (string & {});

export interface TenderInput {
  payments: { method: TenderMethod; amountCents: number; reference: string | null }[];
  /** The methods plugins of this app take as tenders (hooksOf(db).tenders: CREDIT_NOTE, GIFT_CARD, ...); others are refused. */
  pluginTenders?: readonly string[];
  /** Cash handed over, when the till sent it. */
  tenderedCents: number | null;
  grandTotalCents: number;
  /** A registered customer (credit allowed) or a walk-in (must pay in full). */
  onAccount: boolean;
  /** The shop's cash rounding (settings' cash_rounding): the cash part of a sale settled now rounds to 5 cents. */
  cashRounding?: boolean;
}

export interface TenderPlan {
  /** Rows of a plugin's tender (CREDIT_NOTE, GIFT_CARD, ...) are spent by its owner (checkout's tender hook), the others are written as they are. */
  rows: { method: Exclude<TenderMethod, 'CREDIT'>; amountCents: number; reference: string | null; field: string }[];
  tenderedCents: number | null;
  changeCents: number;
  /** Left to pay later (credit sales only). */
  creditCents: number;
  paymentMethod: InvoiceMethod;
  /** Signed cents the cash part was rounded by (0 unless cash rounding applied); amount due = total + rounding. */
  roundingCents: number;
}

/**
 * Walk-in: NETS/PayNow count as sent, cash covers the rest and may exceed it (change); no payments
 * means cash for exactly the total. On account: what is paid now counts, the rest goes on credit.
 * A credit note, like every plugin tender, is non-cash: never rounded, and with NETS/PayNow it cannot exceed the total.
 */
export function planTender(input: TenderInput): TenderPlan {
  const total = input.grandTotalCents;
  const all = input.payments.map((p, i) => ({ ...p, field: `payments.${i}` }));
  // A method is sales' own or one a plugin of this app declares; any other is refused before anything is written.
  const known = new Set<string>(['CASH', 'NETS', 'PAYNOW', 'CREDIT', ...(input.pluginTenders ?? [])]);
  for (const p of all) {
    if (!known.has(p.method)) throw badRequest(`${tenderName(p.method)} cannot be tendered here`, `${p.field}.method`);
  }
  const received = all.filter((p) => p.method !== 'CREDIT' && p.amountCents > 0);
  for (const p of received) {
    if (p.method === 'CREDIT_NOTE' && !p.reference) throw badRequest('A credit note payment needs the note number as its reference', `${p.field}.reference`);
  }
  if (!input.onAccount && input.payments.some((p) => p.method === 'CREDIT')) {
    throw badRequest('A credit sale needs a registered customer', 'customerId');
  }
  const cashRows = received.filter((p) => p.method === 'CASH');
  const otherRows = received.filter((p) => p.method !== 'CASH') as TenderPlan['rows'];
  const nonCash = otherRows.reduce((s, p) => s + p.amountCents, 0);
  let cashSent = cashRows.reduce((s, p) => s + p.amountCents, 0);
  let hasCash = cashRows.length > 0;
  if (!input.onAccount && received.length === 0) {
    // The till sent no payment: a plain cash sale for the total.
    cashSent = input.tenderedCents ?? total;
    hasCash = true;
  }
  if (input.tenderedCents !== null && !hasCash) throw badRequest('tendered applies to cash payments only', 'tendered');
  if (nonCash > total) throw badRequest('NETS, PayNow and credit note payments cannot exceed the total', 'payments');
  const cashDue = total - nonCash;
  // Cash rounding (#17.2): only the cash part of a sale settled now (nothing left on credit) rounds; no cash, no rounding.
  // A customer's cash that covers the cash due as rounded (96.30 for 96.31) settles the sale like a walk-in's (#25).
  const settledNow = !input.onAccount || cashSent >= Math.min(cashDue, roundedCashDue(cashDue, Boolean(input.cashRounding)).dueCents);
  const { dueCents: cashToPay, roundingCents } = roundedCashDue(cashDue, Boolean(input.cashRounding) && hasCash && settledNow);
  // The cash actually handed over: `tendered` when the till sent it, else the cash payment amounts (a cash payment of
  // exactly the unrounded cash due, with no `tendered`, is exact cash: the rounded amount, no change).
  const handed = input.tenderedCents ?? (roundingCents !== 0 && cashSent === cashDue ? cashToPay : cashSent);
  let cashApplied: number;
  if (!input.onAccount) {
    if (handed < cashToPay) {
      throw input.tenderedCents !== null
        ? badRequest('Cash tendered is less than the amount due', 'tendered')
        : badRequest('Payments do not cover the total', 'payments');
    }
    cashApplied = cashToPay;
  } else {
    cashApplied = roundingCents !== 0 ? cashToPay : Math.min(cashSent, cashDue);
    if (handed < cashApplied) throw badRequest('Cash tendered is less than the amount due', 'tendered');
  }
  const changeCents = hasCash ? handed - cashApplied : 0;
  const tenderedCents = hasCash ? handed : null;
  const rows: TenderPlan['rows'] = [...otherRows];
  if (cashApplied > 0)
    rows.unshift({ method: 'CASH', amountCents: cashApplied, reference: cashRows[0]?.reference ?? null, field: cashRows[0]?.field ?? 'payments' });
  const creditCents = total + roundingCents - nonCash - cashApplied;
  const methods = new Set(rows.map((r) => r.method));
  // An invoice has no CREDIT_NOTE (or other plugin tender) method: a sale one paid (in part or whole) is MIXED.
  const paymentMethod: InvoiceMethod =
    creditCents > 0
      ? 'CREDIT'
      : methods.size > 1 || [...methods].some((m) => !INVOICE_METHODS.has(m))
        ? 'MIXED'
        : ((rows[0]?.method as InvoiceMethod | undefined) ?? (input.onAccount ? 'CREDIT' : 'CASH'));
  return { rows, tenderedCents, changeCents, creditCents, paymentMethod, roundingCents };
}

const INVOICE_METHODS = new Set<string>(['CASH', 'NETS', 'PAYNOW']);

/** A method as an error names it: "Credit notes", "GIFT_CARD". */
const tenderName = (method: string) => (method === 'CREDIT_NOTE' ? 'Credit notes' : method);
