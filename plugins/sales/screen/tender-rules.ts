// Other plugins' tenders at checkout (slot 'checkout-tender': credit-notes' credit note, gift-cards' card, ...):
// what each pays of the sale and where they go in the checkout body. The server checks it all again in the sale's
// transaction.
import { toCents, toDollars } from '../../../core/money.js';
import type { AppliedTender, CheckoutTender } from '../schemas.js';
import type { CheckoutBody } from './types.js';

const sameTender = (a: Pick<CheckoutTender, 'method' | 'reference'>, b: Pick<CheckoutTender, 'method' | 'reference'>) =>
  a.method === b.method && a.reference === b.reference;

/** The list with `tender` applied: one with the same method and reference is replaced in place, else it is added last. */
export function withTenderApplied(list: readonly CheckoutTender[], tender: CheckoutTender): CheckoutTender[] {
  return list.some((t) => sameTender(t, tender)) ? list.map((t) => (sameTender(t, tender) ? tender : t)) : [...list, tender];
}

/** The list without `tender`. */
export function withTenderRemoved(list: readonly CheckoutTender[], tender: Pick<CheckoutTender, 'method' | 'reference'>): CheckoutTender[] {
  return list.filter((t) => !sameTender(t, tender));
}

/** Each tender with what it pays, in order: all it can, up to what the ones before it left of the total. */
export function appliedTenders(list: readonly CheckoutTender[], totalCents: number): AppliedTender[] {
  let left = Math.max(0, totalCents);
  return list.map((t) => {
    const cents = Math.max(0, Math.min(toCents(t.available), left));
    left -= cents;
    return { ...t, amount: toDollars(cents) };
  });
}

/** What the applied tenders pay together, in cents. */
export function tendersCents(applied: readonly AppliedTender[]): number {
  return applied.reduce((sum, t) => sum + toCents(t.amount), 0);
}

/** One tender's part of the sale, in cents: all it can pay, up to the total. */
export function tenderAppliedCents(tender: CheckoutTender | null, totalCents: number): number {
  return tender ? tendersCents(appliedTenders([tender], totalCents)) : 0;
}

/**
 * The checkout body with the tenders' payments first (those paying nothing left out). `body` was built for the
 * rest (the total less the tenders), so its payment (or credit) covers only that; a rest of 0 drops it.
 */
export function withTenders(body: CheckoutBody, applied: readonly AppliedTender[]): CheckoutBody {
  const paying = applied.filter((t) => toCents(t.amount) > 0);
  if (paying.length === 0) return body;
  const rest = (body.payments ?? []).filter((p) => p.amount > 0);
  const first = paying.map((t) => ({ method: t.method, reference: t.reference, amount: t.amount }));
  const out: CheckoutBody = { ...body, payments: [...first, ...rest] };
  if (rest.length === 0) delete out.tendered;
  return out;
}

/** One tender first in the body (withTenders for a single tender and its part). */
export function withTender(body: CheckoutBody, tender: CheckoutTender | null, appliedCents: number): CheckoutBody {
  return tender ? withTenders(body, [{ ...tender, amount: toDollars(appliedCents) }]) : body;
}
