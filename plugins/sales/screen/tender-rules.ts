// Another plugin's tender at checkout (slot 'checkout-tender', e.g. credit-notes' credit note): what it pays of
// the sale and where it goes in the checkout body. The server checks it all again in the sale's transaction.
import { toCents, toDollars } from '../../../core/money.js';
import type { CheckoutTender } from '../schemas.js';
import type { CheckoutBody } from './types.js';

/** The tender's part of the sale, in cents: all it can pay, up to the total. */
export function tenderAppliedCents(tender: CheckoutTender | null, totalCents: number): number {
  return tender ? Math.max(0, Math.min(toCents(tender.available), totalCents)) : 0;
}

/**
 * The checkout body with the tender's payment first. `body` was built for the rest (the total less the tender), so
 * its payment (or credit) covers only that; a rest of 0 drops the other payment.
 */
export function withTender(body: CheckoutBody, tender: CheckoutTender | null, appliedCents: number): CheckoutBody {
  if (!tender || appliedCents <= 0) return body;
  const rest = (body.payments ?? []).filter((p) => p.amount > 0);
  const out: CheckoutBody = { ...body, payments: [{ method: tender.method, reference: tender.reference, amount: toDollars(appliedCents) }, ...rest] };
  if (rest.length === 0) delete out.tendered;
  return out;
}
