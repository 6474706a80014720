// Display formatting shared by every screen: money with $ and 2 decimals (core/money's formatMoney, as
// the PDFs and the server's messages), dates in the shop's time zone (served by the server: shop-config.ts).
import { formatMoney, toCents } from '../core/money.js';
import { shopTimeZone } from './shop-config.js';

/** Dollars -> "$12.34" ("-$5.00" for negatives); non-numbers show "$0.00". */
export function money(dollars: number | string | null | undefined): string {
  const n = typeof dollars === 'string' ? Number(dollars) : dollars ?? 0;
  // toCents rounds half away from zero at the cent, like the server (toFixed alone mis-rounds 1.005).
  return formatMoney(Number.isFinite(n) ? toCents(n as number) : 0);
}

const plainDateFormat = new Intl.DateTimeFormat('en-SG', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });
const zoned = new Map<string, { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat }>();

/** The date and date-time formats for the shop's current time zone (built once per zone). */
function shopFormats() {
  const timeZone = shopTimeZone();
  let f = zoned.get(timeZone);
  if (!f) {
    f = {
      date: new Intl.DateTimeFormat('en-SG', { day: '2-digit', month: 'short', year: 'numeric', timeZone }),
      dateTime: new Intl.DateTimeFormat('en-SG', {
        day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone,
      }),
    };
    zoned.set(timeZone, f);
  }
  return f;
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "2024-05-01" or an ISO timestamp -> "01 May 2024"; empty or invalid -> "N/A". */
export function dateText(iso: string | null | undefined): string {
  // A bare business date is already local: format it as-is, never shifted by a zone.
  if (iso && /^\d{4}-\d{2}-\d{2}$/.test(iso)) {
    const d = parse(`${iso}T00:00:00Z`);
    return d ? plainDateFormat.format(d) : 'N/A';
  }
  const d = parse(iso);
  return d ? shopFormats().date.format(d) : 'N/A';
}

/** ISO timestamp -> "01 May 2024, 14:05" in the shop's time zone; empty or invalid -> "N/A". */
export function dateTimeText(iso: string | null | undefined): string {
  const d = parse(iso);
  return d ? shopFormats().dateTime.format(d) : 'N/A';
}
