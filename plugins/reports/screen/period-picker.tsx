// Period selector: Daily (a date), Monthly (a month), Yearly (this year and the 4 before).
import { formatDate } from '../../../core/date-format.js';
import { dateText } from '../../../ui/format.js';
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
          <input
            id="report-date"
            type="date"
            value={value.date}
            aria-describedby="report-date-text"
            onChange={(e) => onChange({ ...value, date: e.target.value })}
          />
          {/* The box's own text follows the browser's language (11/24/2026 in en-US Chrome); this line is Kedai's one format. */}
          <small id="report-date-text" className="muted period-date-text">
            {value.date ? dateText(value.date) : 'dd Mmm yyyy'}
          </small>
        </div>
      ) : null}
      {value.type === 'monthly' ? (
        <div className="field">
          <label htmlFor="report-month">Month</label>
          <input
            id="report-month"
            type="month"
            value={value.month}
            aria-describedby="report-month-text"
            onChange={(e) => onChange({ ...value, month: e.target.value })}
          />
          <small id="report-month-text" className="muted period-date-text">
            {value.month ? formatDate(value.month) : 'Mmm yyyy'}
          </small>
        </div>
      ) : null}
      {value.type === 'yearly' ? (
        <div className="field">
          <label htmlFor="report-year">Year</label>
          <select id="report-year" value={value.year} onChange={(e) => onChange({ ...value, year: e.target.value })}>
            {(years.includes(value.year) ? years : [value.year, ...years]).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  );
}
