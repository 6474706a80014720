// The one date format of Kedai, on every screen, PDF and receipt: "24 Nov 2026" and "24 Nov 2026, 14:05"
// (day first, month in letters: never 11/24/2026 or 24/11/2026, which readers take for each other).
// Pure (Intl only for the time zone; month names our own, so the executable's ICU data cannot change them).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const partsByZone = new Map<string, Intl.DateTimeFormat>();

function zoneParts(at: Date, timeZone: string): Record<string, string> {
  let f = partsByZone.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    partsByZone.set(timeZone, f);
  }
  return Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
}

/** A business date "2026-11-24" (or "2026-11") -> "24 Nov 2026" ("Nov 2026"); anything else is returned as given. */
export function formatDate(ymd: string): string {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(ymd);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return ymd;
  return m[3] ? `${m[3]} ${MONTHS[Number(m[2]) - 1]} ${m[1]}` : `${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
}

/** The shop-local date of an instant as "24 Nov 2026". */
export function formatInstantDate(at: Date, timeZone: string): string {
  const p = zoneParts(at, timeZone);
  return formatDate(`${p.year}-${p.month}-${p.day}`);
}

/** An instant -> "24 Nov 2026, 14:05" in the shop's time zone. */
export function formatDateTime(at: Date, timeZone: string): string {
  const p = zoneParts(at, timeZone);
  return `${formatDate(`${p.year}-${p.month}-${p.day}`)}, ${p.hour}:${p.minute}`;
}
