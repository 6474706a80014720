// A sale of a till's open shift -> the Receipts list's row (#26.4): enough to find it, reprint it and void it.
import { toDollars } from '../../core/money.js';
import { amountDueCents } from './amount-due.js';
import type { TillSaleRow } from './repo.js';
import type { TillReceipt } from './schemas.js';

export function tillReceiptJson(row: TillSaleRow): TillReceipt {
  return {
    id: row.id,
    number: row.number,
    date: row.created_at,
    customer_name: row.customer_name,
    grand_total: toDollars(row.grand_total_cents),
    amount_due: toDollars(amountDueCents(row)),
    payment_status: row.payment_status,
    payment_method: row.payment_method,
    methods: (row.methods ? row.methods.split(',') : []) as TillReceipt['methods'],
    created_by: row.created_by_username,
    amount_refunded: toDollars(row.refunded_cents),
    void_reason: row.void_reason,
    voided_at: row.voided_at,
    void_approved_by: row.void_approved_by_username ?? null,
  };
}
