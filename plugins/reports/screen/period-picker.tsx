// Period selector: Daily (a date), Monthly (a month), Yearly (this year and the 4 before).
import type { PeriodState } from './period.js';
import { yearOptions } from './period.js';
import type { PeriodType } from './types.js';

/** The period controls; changes go straight to `onChange`. */
export function PeriodPicker({ value, onChange }: { value: PeriodState; onChange: (p: PeriodState) => void }) {
  const years = yearOptions();
  return (
    <div className="period-picker">
      <div className="field">
        <label htmlFor="report-period">Report Period</label>
        <select id="report-period" value={value.type} onChange={(e) => onChange({ ...value, type: e.target.value as PeriodType })}>
          <option value="daily">Daily</option>
          <option value="monthly">Monthly</option>
          <option value="yearly">Yearly</option>
        </select>
      </div>
      {value.type === 'daily' ? (
        <div className="field">
          <label htmlFor="report-date">Date</label>
          <input id="report-date" type="date" value={value.date} onChange={(e) => onChange({ ...value, date: e.target.value })} />
        </div>
      ) : null}
      {value.type === 'monthly' ? (
        <div className="field">
          <label htmlFor="report-month">Month</label>
          <input id="report-month" type="month" value={value.month} onChange={(e) => onChange({ ...value, month: e.target.value })} />
        </div>
      ) : null}
      {value.type === 'yearly' ? (
        <div className="field">
          <label htmlFor="report-year">Year</label>
          <select id="report-year" value={value.year} onChange={(e) => onChange({ ...value, year: e.target.value })}>
            {(years.includes(value.year) ? years : [value.year, ...years]).map((y) => <option key={y} value={y}>{y}</option>)}
          </select>
        </div>
      ) : null}
    </div>
  );
}
