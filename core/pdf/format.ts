// The formatting every printed document shares (money, dates, the GST label), without pdfkit: receipts and slips
// made as text or HTML on the thread that answers the tills use them too, and that thread never loads pdfkit (#27).
import { formatDate, formatDateTime } from '../date-format.js';
import { formatMoney, gstRateLabel } from '../money.js';

/** "$12.34" (negative "-$12.34"). */
export const money = (cents: number) => formatMoney(cents);

/** YYYY-MM-DD -> "12 Mar 2025" (core/date-format.ts: the one date format). */
export function dateText(date: string): string {
  return formatDate(date);
}

/** An instant -> "12 Mar 2025, 14:05" in the shop's time zone. */
export function dateTimeText(iso: string, timeZone: string): string {
  return formatDateTime(new Date(iso), timeZone);
}

/** "GST 9%" from basis points (900); keeps decimals only when the rate has them (8.5%). */
export function gstLabel(taxRateBps: number): string {
  return gstRateLabel(taxRateBps);
}
