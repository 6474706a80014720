// What one invoice holds in money, from its ledger rows: what came in, what went back, and which drawer took it.
// Returns and voids read this to pay back no more money than came in, to round cash refunds on their running
// total, and to pay a back-office refund from the drawer that took the money (docs/money.md).
import type { Db } from '../../core/db.js';
import { ledgerRepo } from './repo.js';
import { isShiftOpen, openShiftAt } from './post.js';
import { isMoney } from './types.js';

export interface InvoiceMoney {
  /** Money received on the invoice (sale payments with their rounding, later payments). */
  inCents: number;
  /** Money paid back (refunds, void refunds, with their rounding): positive. */
  outCents: number;
  /** Cash refunds so far: their exact amounts, and the cash that actually left (with rounding). */
  cashRefundExactCents: number;
  cashRefundPaidCents: number;
  /** The till and shift that took the invoice's first money (null when none did). */
  tookAt: { till: string | null; shiftId: number | null } | null;
}

/** The invoice's money, from its rows. */
export function invoiceMoney(db: Db, invoiceId: number): InvoiceMoney {
  const m: InvoiceMoney = { inCents: 0, outCents: 0, cashRefundExactCents: 0, cashRefundPaidCents: 0, tookAt: null };
  for (const r of ledgerRepo(db).invoiceRows(invoiceId)) {
    if (!isMoney(r.method)) continue;
    const incoming = r.kind === 'SALE_PAYMENT' || r.kind === 'CUSTOMER_PAYMENT' || (r.kind === 'ROUNDING' && r.at_sale === 1);
    if (incoming) {
      m.inCents += r.amount_cents;
      if (!m.tookAt && r.kind !== 'ROUNDING') m.tookAt = { till: r.till, shiftId: r.shift_id };
    } else if (r.kind === 'REFUND' || r.kind === 'VOID_REFUND' || r.kind === 'ROUNDING') {
      m.outCents -= r.amount_cents;
      if (r.method === 'CASH') {
        m.cashRefundPaidCents -= r.amount_cents;
        if (r.kind !== 'ROUNDING') m.cashRefundExactCents -= r.amount_cents;
      }
    }
  }
  return m;
}

/** Where money paid back on an invoice comes from: the till/shift/drawer to stamp on its rows. */
export interface PayoutDrawer {
  till: string | null;
  shiftId: number | null;
  drawer: 'BACK_OFFICE' | null;
}

/**
 * The request's till when it has an open shift (the cashier hands the money over from that drawer); else, from the
 * back office, the shift that took the money while it is open; else the back office's cash when that shift has
 * closed; else (no shift took it) the request's till as it is.
 */
export function payoutDrawer(db: Db, invoiceId: number, requestTill: string | null): PayoutDrawer {
  const here = openShiftAt(db, requestTill);
  if (here !== null) return { till: requestTill, shiftId: here, drawer: null };
  const took = invoiceMoney(db, invoiceId).tookAt;
  if (took?.shiftId != null) {
    return isShiftOpen(db, took.shiftId) ? { till: took.till, shiftId: took.shiftId, drawer: null } : { till: null, shiftId: null, drawer: 'BACK_OFFICE' };
  }
  return { till: requestTill, shiftId: null, drawer: null };
}

/**
 * What plugin tenders (#29: a gift card, points) paid of an invoice and still hold of it, by method: its TENDER_REDEEM
 * rows less the TENDER_REFUND rows that put value back on the tender (returns). Money and credit notes are not here.
 */
export function invoiceTenders(db: Db, invoiceId: number): Map<string, number> {
  const left = new Map<string, number>();
  for (const r of ledgerRepo(db).invoiceRows(invoiceId)) {
    if (r.kind === 'TENDER_REDEEM' || r.kind === 'TENDER_REFUND') left.set(r.method, (left.get(r.method) ?? 0) + r.amount_cents);
  }
  return left;
}
