// A dollar amount shown as "$12.34" with tabular digits.
import { money } from '../format.js';

/** Renders dollars as "$12.34". */
export function Money({ value, className }: { value: number | string | null | undefined; className?: string }) {
  return <span className={className ? `money ${className}` : 'money'}>{money(value)}</span>;
}
