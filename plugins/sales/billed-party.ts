// Who a sale's tax invoice names (#17.7). A buyer block from the till (the buyer asked, or the till asked for one)
// overrides the snapshot's name, address and UEN; otherwise a registered customer is named from their record.
// Above $1,000.00 somebody must be named with an address: else 400, and the sale is not written.
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
}

/** The billed party of a sale; throws 400 naming `buyer` (walk-in) or `buyer.address` (customer without one). */
export function billedParty(customer: CreditCustomer | undefined, input: BuyerInput | undefined, grandTotalCents: number): BilledParty {
  if (input) {
    const buyer = cleanBuyer(input);
    return { full: true, buyer, uen: buyer.uen };
  }
  const uen = customer?.uen ?? null;
  if (!needsFullTaxInvoice(grandTotalCents)) return { full: false, buyer: null, uen };
  if (!customer) throw badRequest(BUYER_NEEDED, 'buyer');
  if (!customer.billing_address?.trim()) throw badRequest(BUYER_NEEDED, 'buyer.address');
  return { full: true, buyer: null, uen };
}
