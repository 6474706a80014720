// A card's status on a shop day: VOID (its sale was voided), EXPIRED (past its last day; the balance is kept and
// reported), USED (nothing left), else ACTIVE.
import type { CardRow } from './repo.js';

export type CardStatus = 'ACTIVE' | 'USED' | 'EXPIRED' | 'VOID';

export function cardStatus(card: CardRow, today: string): CardStatus {
  if (card.voided) return 'VOID';
  if (card.expires_on !== null && today > card.expires_on) return 'EXPIRED';
  return card.balance_cents === 0 ? 'USED' : 'ACTIVE';
}

/** `date` (yyyy-mm-dd) plus `months`, the day kept or clamped to the month's last (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
