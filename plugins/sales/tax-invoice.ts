// IRAS tax invoices (#17.7): a sale of S$1,000 or less incl. GST may be a simplified tax invoice (the receipt);
// above that, or whenever the buyer asks, it is a full tax invoice naming the buyer (name, address, UEN).
// Pure rules, shared by checkout (server) and the till (screens), so both ask for the buyer at the same total.
import { formatMoney } from '../../core/money.js';
import { isUen, normalUen, UEN_RULE } from '../../core/uen.js';

/** The largest grand total (cents, incl. GST) a simplified tax invoice may show. */
export const SIMPLIFIED_LIMIT_CENTS = 100_000;

/** Checkout's 400 when a sale above the limit has no buyer to name. */
export const BUYER_NEEDED = `A sale above ${formatMoney(SIMPLIFIED_LIMIT_CENTS)} needs the buyer's name and address for a full tax invoice`;

/** The buyer as the till sends it (checkout's `buyer`). */
export interface BuyerInput {
  name: string;
  address: string;
  uen?: string | null;
}

/** A buyer with every text trimmed (the UEN upper case, null when none). */
export interface Buyer {
  name: string;
  address: string;
  uen: string | null;
}

/** Whether a sale of this grand total must be a full tax invoice. */
export function needsFullTaxInvoice(grandTotalCents: number): boolean {
  return grandTotalCents > SIMPLIFIED_LIMIT_CENTS;
}

/** What is wrong with a buyer block, as [field, message], or null when it can be printed. */
export function buyerProblem(b: BuyerInput): [field: string, message: string] | null {
  if (!b.name.trim()) return ['buyer.name', "Enter the buyer's name for the full tax invoice"];
  if (!b.address.trim()) return ['buyer.address', "Enter the buyer's address for the full tax invoice"];
  if (b.uen?.trim() && !isUen(b.uen)) return ['buyer.uen', `buyer.uen must be ${UEN_RULE}`];
  return null;
}

/** The buyer block as stored (call buyerProblem first). */
export function cleanBuyer(b: BuyerInput): Buyer {
  return { name: b.name.trim(), address: b.address.trim(), uen: normalUen(b.uen) };
}

/** The buyer as a full tax invoice names them (the snapshot stored on the invoice). */
export interface BilledTo {
  name: string;
  company: string | null;
  address: string | null;
  uen: string | null;
}

/** The lines the receipts print under 'Bill To:' (every receipt renderer prints the same). */
export function billedToLines(b: BilledTo): string[] {
  const address = (b.address ?? '').split(/\r?\n/).map((l) => l.trim());
  return [b.name, b.company ?? '', ...address, b.uen ? `UEN: ${b.uen}` : ''].filter((l) => l !== '');
}

/** Whether the till must ask for the buyer: above the limit, for a walk-in or a customer without a billing address. */
export function tillNeedsBuyer(grandTotalCents: number, customer: { billing_address?: string | null } | null): boolean {
  return needsFullTaxInvoice(grandTotalCents) && !customer?.billing_address?.trim();
}

/** Why the till cannot send its buyer block yet (null when it can): the 400 checkout would answer, said first. */
export function buyerBlocker(b: BuyerInput, required: boolean): string | null {
  if (required && (!b.name.trim() || !b.address.trim())) return BUYER_NEEDED;
  return buyerProblem(b)?.[1] ?? null;
}

/** The `buyer` the till sends: trimmed, the UEN only when one was typed. */
export function buyerPayload(b: BuyerInput): BuyerInput {
  const uen = normalUen(b.uen);
  return uen ? { name: b.name.trim(), address: b.address.trim(), uen } : { name: b.name.trim(), address: b.address.trim() };
}

/** What an invoice row tells about its kind of tax invoice. */
export interface TaxInvoiceFacts {
  full_tax_invoice?: number;
  subtotal_cents: number;
  tax_total_cents: number;
  prices_include_gst?: number | boolean | null;
  charges_cents?: number;
}

/** The note a sale of only untaxed charges (#29, a gift card) prints under its title. */
export const NOT_A_TAX_INVOICE = 'Not a tax invoice: no GST is charged on this sale';

/**
 * #29: a sale whose only content is untaxed charges (the goods' part is nothing: a gift card sold alone) is not a tax
 * invoice (NONE); otherwise a FULL one when it names the buyer, else SIMPLIFIED (#17.7).
 */
export function taxInvoiceKind(inv: TaxInvoiceFacts): 'SIMPLIFIED' | 'FULL' | 'NONE' {
  const charges = inv.charges_cents ?? 0;
  const lines = inv.prices_include_gst ? inv.subtotal_cents + inv.tax_total_cents : inv.subtotal_cents;
  if (charges > 0 && lines - charges === 0) return 'NONE';
  return inv.full_tax_invoice ? 'FULL' : 'SIMPLIFIED';
}

/** The document's title as every receipt and invoice prints it: a tax invoice's, or a plain receipt's (#29). */
export function documentTitle(kind: 'SIMPLIFIED' | 'FULL' | 'NONE', form: 'receipt' | 'invoice'): string {
  if (kind !== 'NONE') return 'Tax Invoice';
  return form === 'receipt' ? 'Receipt' : 'Invoice';
}
