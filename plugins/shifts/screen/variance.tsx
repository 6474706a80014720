// A variance shown with its meaning: short (red) below zero, over (amber) above, balanced at zero.
import { money } from '../../../ui/format.js';

/** "-$0.50 (short)", "$1.00 (over)" or "$0.00". */
export function Variance({ value }: { value: number | null }) {
  if (value === null) return <span className="muted">N/A</span>;
  const cls = value < 0 ? 'money variance-short' : value > 0 ? 'money variance-over' : 'money';
  return (
    <span className={cls}>
      {money(value)}
      {value < 0 ? ' (short)' : value > 0 ? ' (over)' : ''}
    </span>
  );
}
