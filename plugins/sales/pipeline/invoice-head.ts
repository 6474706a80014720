// Part of stage 6, persist: the invoice's own row as the stages before left the sale: its number, the customer's
// snapshot (or the walk-in's, or the tax invoice's buyer), the totals, how it was paid, who sold and approved it.
import { storedSubtotalCents, type Totals } from '../pricing.js';
import type { CreditCustomer, NewInvoice } from '../repo.js';
import type { BilledParty } from '../billed-party.js';
import type { TenderTerms } from './tender.js';

export const WALK_IN_NAME = 'Walk-in Customer';

export interface InvoiceHeadInput {
  number: string;
  businessDate: string;
  seq: number;
  customer: CreditCustomer | undefined;
  walkInCompanyName?: string | null;
  billed: BilledParty;
  totals: Totals;
  invoiceDiscountBps: number;
  taxRateBps: number;
  pricesIncludeGst: boolean;
  tender: TenderTerms;
  idempotencyKey: string | null;
  requestHash: string | null;
  userId: number | null;
  createdAt: string;
  till: string | null;
  approvedBy: number | null;
  discountReason: string | null;
}

export function invoiceHead(h: InvoiceHeadInput): NewInvoice {
  const { customer, totals, billed } = h;
  const plan = h.tender.plan;
  const walkInCompany = customer ? null : h.walkInCompanyName?.trim() || null;
  const billedFields = billed.buyer ? { customer_name: billed.buyer.name, customer_billing_address: billed.buyer.address } : {};
  return {
    number: h.number,
    business_date: h.businessDate,
    seq: h.seq,
    customer_id: customer?.id ?? null,
    customer_name: customer?.name ?? WALK_IN_NAME,
    customer_phone: customer?.phone ?? null,
    customer_email: customer?.email ?? null,
    customer_company: customer ? customer.company : walkInCompany,
    customer_billing_address: customer?.billing_address ?? null,
    walk_in_company_name: walkInCompany,
    subtotal_cents: storedSubtotalCents(totals),
    line_discount_cents: totals.lineDiscountCents,
    invoice_discount_bps: h.invoiceDiscountBps,
    invoice_discount_cents: totals.invoiceDiscountCents,
    discount_total_cents: totals.discountTotalCents,
    tax_rate_bps: h.taxRateBps,
    tax_total_cents: totals.taxCents,
    grand_total_cents: totals.grandTotalCents,
    // The payment trigger moves this on to PARTIAL/PAID as payments are recorded.
    payment_status: totals.grandTotalCents === 0 ? 'PAID' : 'UNPAID',
    payment_method: plan.paymentMethod,
    due_date: h.tender.dueDate,
    overdue_from: h.tender.overdueFrom,
    tendered_cents: plan.tenderedCents,
    change_cents: plan.changeCents,
    rounding_cents: plan.roundingCents,
    idempotency_key: h.idempotencyKey,
    request_hash: h.requestHash,
    created_by: h.userId,
    created_at: h.createdAt,
    till: h.till,
    discount_approved_by: h.approvedBy,
    discount_reason: totals.discountTotalCents > 0 ? h.discountReason : null,
    prices_include_gst: h.pricesIncludeGst ? 1 : 0,
    charges_cents: totals.chargesCents ?? 0,
    ...billedFields,
    // Written by setTaxInvoice (not by the INSERT); here so the reply shows them.
    customer_uen: billed.uen,
    full_tax_invoice: billed.full ? 1 : 0,
  };
}
