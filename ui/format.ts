// Display formatting shared by every screen: money as "$1,234.56" (core/money's formatMoney, as the PDFs and
// the server's messages), dates as "24 Nov 2026" in the shop's time zone (core/date-format.ts; zone: shop-config.ts).
import { formatDate, formatDateTime, formatInstantDate } from '../core/date-format.js';
import { formatMoney, toCents } from '../core/money.js';
import { shopTimeZone } from './shop-config.js';

/** Dollars -> "$12.34" ("-$5.00" for negatives); non-numbers show "$0.00". */
export function money(dollars: number | string | null | undefined): string {
  const n = typeof dollars === 'string' ? Number(dollars) : (dollars ?? 0);
  // toCents rounds half away from zero at the cent, like the server (toFixed alone mis-rounds 1.005).
  return formatMoney(Number.isFinite(n) ? toCents(n as number) : 0);
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "2024-05-01" or an ISO timestamp -> "01 May 2024" (core/date-format.ts, as the PDFs); empty or invalid -> "N/A". */
export function dateText(iso: string | null | undefined): string {
  // A bare business date is already local: format it as-is, never shifted by a zone.
  if (iso && /^\d{4}-\d{2}-\d{2}$/.test(iso)) return parse(`${iso}T00:00:00Z`) ? formatDate(iso) : 'N/A';
  const d = parse(iso);
  return d ? formatInstantDate(d, shopTimeZone()) : 'N/A';
}

/** ISO timestamp -> "01 May 2024, 14:05" in the shop's time zone; empty or invalid -> "N/A". */
export function dateTimeText(iso: string | null | undefined): string {
  const d = parse(iso);
  return d ? formatDateTime(d, shopTimeZone()) : 'N/A';
}
