// The report period on the client: defaults (today in the shop's zone), the yearly picker's years,
// the API query, the CSV link and its file name.
import { formatDate } from '../../../core/date-format.js';
import { buildUrl } from '../../../ui/api.js';
import { shopDate } from '../../../ui/shop-config.js';
import type { PeriodType } from './types.js';

export interface PeriodState {
  type: PeriodType;
  date: string;
  month: string;
  year: string;
}

/** Years offered by the yearly picker (docs/spec.md: the current year and the 4 before it), newest first. */
export const YEARS_SHOWN = 5;

/** Today's date (YYYY-MM-DD) in the shop's time zone. */
export function shopToday(now = new Date()): string {
  return shopDate(now);
}

/** The picker's starting state: today, this month, this year. */
export function initialPeriod(now = new Date()): PeriodState {
  const today = shopToday(now);
  return { type: 'daily', date: today, month: today.slice(0, 7), year: today.slice(0, 4) };
}

/** The current year and the 4 before it. */
export function yearOptions(now = new Date()): string[] {
  const current = Number(shopToday(now).slice(0, 4));
  return Array.from({ length: YEARS_SHOWN }, (_, i) => String(current - i));
}

/** The value the period type uses ('' when not chosen yet). */
export function periodValue(p: PeriodState): string {
  return p.type === 'daily' ? p.date : p.type === 'monthly' ? p.month : p.year;
}

/** True when the chosen value is complete (a cleared date input gives ''). */
export function periodReady(p: PeriodState): boolean {
  const v = periodValue(p);
  return p.type === 'daily' ? /^\d{4}-\d{2}-\d{2}$/.test(v) : p.type === 'monthly' ? /^\d{4}-\d{2}$/.test(v) : /^\d{4}$/.test(v);
}

/** The API query: type plus the one matching param. */
export function periodQuery(p: PeriodState): Record<string, string> {
  const key = p.type === 'daily' ? 'date' : p.type === 'monthly' ? 'month' : 'year';
  return { type: p.type, [key]: periodValue(p) };
}

/** The CSV download link (the session cookie authenticates it). */
export function csvHref(p: PeriodState): string {
  return buildUrl('/api/reports/sales/csv', periodQuery(p));
}

/** docs/spec.md: sales-report-<period>-<value>.csv. */
export function csvFileName(p: PeriodState): string {
  return `sales-report-${p.type}-${periodValue(p)}.csv`;
}

const TYPE_LABEL: Record<PeriodType, string> = { daily: 'Daily', monthly: 'Monthly', yearly: 'Yearly' };

/** "Monthly 2024-05" style heading for the printed page. */
export function periodTitle(p: PeriodState): string {
  return `${TYPE_LABEL[p.type]} ${formatDate(periodValue(p))}`;
}
