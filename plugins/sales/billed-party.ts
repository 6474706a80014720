// Who a sale's tax invoice names (#17.7). A buyer block from the till (the buyer asked, or the till asked for one)
// overrides the snapshot's name, address and UEN; otherwise a registered customer is named from their record.
// Above $1,000.00 somebody must be named with an address, else checkout answers 400 (see `missing`).
import { badRequest } from '../../core/errors.js';
import type { CreditCustomer } from './repo.js';
import { BUYER_NEEDED, cleanBuyer, needsFullTaxInvoice, type Buyer, type BuyerInput } from './tax-invoice.js';

export interface BilledParty {
  /** True for a full tax invoice (else the receipt is a simplified one). */
  full: boolean;
  /** The buyer block to store in place of the customer's name and billing address, when one was sent. */
  buyer: Buyer | null;
  /** The UEN to print (the buyer's, else the registered customer's). */
  uen: string | null;
  /** The field to name in the 400 when the sale needs a buyer it does not have: `buyer` (walk-in) or `buyer.address`. */
  missing: 'buyer' | 'buyer.address' | null;
}

/** The billed party of a sale (never throws: checkout refuses a `missing` buyer once stock and credit are checked). */
export function billedParty(customer: CreditCustomer | undefined, input: BuyerInput | undefined, grandTotalCents: number): BilledParty {
  if (input) {
    const buyer = cleanBuyer(input);
    return { full: true, buyer, uen: buyer.uen, missing: null };
  }
  const uen = customer?.uen ?? null;
  if (!needsFullTaxInvoice(grandTotalCents)) return { full: false, buyer: null, uen, missing: null };
  if (!customer) return { full: true, buyer: null, uen, missing: 'buyer' };
  return { full: true, buyer: null, uen, missing: customer.billing_address?.trim() ? null : 'buyer.address' };
}

/** The 400 for a sale above $1,000.00 with nobody to name on its full tax invoice. */
export function buyerNeeded(field: 'buyer' | 'buyer.address') {
  return badRequest(BUYER_NEEDED, field);
}
