// What an invoice asks and what it has received, with the 5-cent cash rounding (#17.2) in: every screen, PDF,
// receipt and report reads these three, never grand_total_cents alone, as what is owed.
// paid_cents counts the payments toward the exact grand total (migration 006): payments - rounding.

type Amounts = { grand_total_cents: number; paid_cents: number; rounding_cents?: number | null };

/** What the customer owes for the sale: grand total + the cash rounding (signed). */
export function amountDueCents(inv: Amounts): number {
  return inv.grand_total_cents + (inv.rounding_cents ?? 0);
}

/** The money received on the invoice (the sum of its payments). */
export function amountPaidCents(inv: Amounts): number {
  return inv.paid_cents === 0 ? 0 : inv.paid_cents + (inv.rounding_cents ?? 0);
}

/** What is still owed: amount due - amount paid (never below 0). */
export function outstandingCents(inv: Amounts): number {
  return Math.max(0, inv.grand_total_cents - inv.paid_cents);
}
