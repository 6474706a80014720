// Display formatting shared by every screen: money with $ and 2 decimals, dates in the shop's time zone.

/** The shop's time zone (the server's default business zone). */
export const SHOP_TIME_ZONE = 'Asia/Singapore';

/** Dollars -> "$12.34" ("-$5.00" for negatives); non-numbers show "$0.00". */
export function money(dollars: number | string | null | undefined): string {
  const n = typeof dollars === 'string' ? Number(dollars) : dollars ?? 0;
  const value = Number.isFinite(n) ? (n as number) : 0;
  // Round half away from zero at the cent, like the server (toFixed alone mis-rounds 1.005).
  const cents = Math.round(Math.abs(value) * 100 + 1e-7);
  const text = `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return value < 0 && cents > 0 ? `-${text}` : text;
}

const dateFormat = new Intl.DateTimeFormat('en-SG', { day: '2-digit', month: 'short', year: 'numeric', timeZone: SHOP_TIME_ZONE });
const plainDateFormat = new Intl.DateTimeFormat('en-SG', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-SG', {
  day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: SHOP_TIME_ZONE,
});

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
  return d ? dateFormat.format(d) : 'N/A';
}

/** ISO timestamp -> "01 May 2024, 14:05" in the shop's time zone; empty or invalid -> "N/A". */
export function dateTimeText(iso: string | null | undefined): string {
  const d = parse(iso);
  return d ? dateTimeFormat.format(d) : 'N/A';
}
