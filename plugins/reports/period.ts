// A report period from the query (daily date, monthly month, yearly year) -> its first and last
// shop-local business dates, and the UTC instants that bound it (for payments, stamped in UTC).
import { badRequest } from '../../core/errors.js';
import { addDays, startOfLocalDay } from '../../core/clock.js';
import type { ReportQuery } from './schemas.js';

export type PeriodType = 'daily' | 'monthly' | 'yearly';

export interface Period {
  type: PeriodType;
  /** The date, month or year asked for ("2024-05-01", "2024-05", "2024"). */
  value: string;
  /** First and last shop-local business dates (inclusive). */
  startDate: string;
  endDate: string;
  /** UTC ISO instants: the period is [fromIso, toIso). */
  fromIso: string;
  toIso: string;
}

const PARAM: Record<PeriodType, 'date' | 'month' | 'year'> = { daily: 'date', monthly: 'month', yearly: 'year' };

/** True when "YYYY-MM-DD" is a real calendar day (2024-02-30 is not; nor is year 0000, as for months and years). */
export function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date.startsWith('0000')) return false;
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

function lastDayOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** Checks the query (400 naming the field) and resolves the period in the shop's time zone. */
export function resolvePeriod(q: ReportQuery, timeZone: string): Period {
  const type = q.type;
  const field = PARAM[type];
  const value = q[field];
  if (value === undefined || value === '') throw badRequest(`${field} is required for a ${type} report`, field);
  let startDate: string;
  let endDate: string;
  if (type === 'daily') {
    if (!isCalendarDate(value)) throw badRequest('date must be a valid date (YYYY-MM-DD)', 'date');
    startDate = endDate = value;
  } else if (type === 'monthly') {
    const m = /^(\d{4})-(\d{2})$/.exec(value);
    if (!m || Number(m[2]) < 1 || Number(m[2]) > 12 || Number(m[1]) < 1) throw badRequest('month must be a valid month (YYYY-MM)', 'month');
    startDate = `${value}-01`;
    endDate = lastDayOfMonth(value);
  } else {
    if (!/^\d{4}$/.test(value) || Number(value) < 1) throw badRequest('year must be a valid year (YYYY)', 'year');
    startDate = `${value}-01-01`;
    endDate = `${value}-12-31`;
  }
  return {
    type,
    value,
    startDate,
    endDate,
    fromIso: startOfLocalDay(startDate, timeZone).toISOString(),
    toIso: startOfLocalDay(addDays(endDate, 1), timeZone).toISOString(),
  };
}

/** The day as a one-day period (end of day). */
export function dayPeriod(date: string, timeZone: string): Period {
  return resolvePeriod({ type: 'daily', date }, timeZone);
}
