// Business dates in the shop's time zone (Asia/Singapore by default): invoice numbers and reports use them.

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC in ms at an instant (whole seconds: old local mean times had them), through Intl. */
function intlOffsetMs(t: number, timeZone: string): number {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(t)
      .map((x) => [x.type, x.value]),
  );
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return asUtc - Math.floor(t / 1000) * 1000;
}

/**
 * An offset known to hold over [from, to): Intl gave the same offset at both ends of a span of an hour, and no
 * zone changes its offset twice within an hour. Intl's formatToParts cost 5 us a call, the most expensive
 * step of a sale's date (#27.4); with this, a till's sales in the same hour do the arithmetic alone.
 */
interface OffsetSpan {
  from: number;
  to: number;
  offsetMs: number;
}
const SPAN_MS = 60 * 60 * 1000;
const spans = new Map<string, OffsetSpan>();
// Dates outside these years go through Intl as they are (toISOString and Intl write far years differently).
const FAST_FROM = Date.UTC(1900, 0, 2);
const FAST_TO = Date.UTC(9999, 0, 1);

function offsetMs(t: number, timeZone: string): number {
  const span = spans.get(timeZone);
  if (span && t >= span.from && t < span.to) return span.offsetMs;
  const offset = intlOffsetMs(t, timeZone);
  if (intlOffsetMs(t + SPAN_MS, timeZone) === offset) spans.set(timeZone, { from: t, to: t + SPAN_MS, offsetMs: offset });
  return offset;
}

/** The shop-local calendar date (YYYY-MM-DD) of an instant. */
export function localDate(at: Date, timeZone: string): string {
  const t = at.getTime();
  if (!(t >= FAST_FROM && t < FAST_TO)) return intlLocalDate(at, timeZone);
  return new Date(t + offsetMs(t, timeZone)).toISOString().slice(0, 10);
}

/** localDate as Intl writes it, part by part (the reference the arithmetic above is tested against). */
export function intlLocalDate(at: Date, timeZone: string): string {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}`;
}

/** Minutes the zone is ahead of UTC at an instant (Singapore: 480). */
export function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

/** The UTC instant at which a shop-local date begins. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const guess = new Date(`${date}T00:00:00Z`);
  const offset = zoneOffsetMinutes(guess, timeZone);
  const start = new Date(guess.getTime() - offset * 60000);
  // Re-check at the found instant, for zones whose offset changed that day.
  const again = zoneOffsetMinutes(start, timeZone);
  return again === offset ? start : new Date(guess.getTime() - again * 60000);
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A shop day (yyyy-mm-dd) plus `months`, the day kept or clamped to the month's last (31 Jan + 1 = 28/29 Feb): when a
 * gift card or loyalty points earned on a day expire (#29).
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
