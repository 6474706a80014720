// The return reason of one line, as the Returns screen, the POS Return dialog and the Exchange dialog ask it: the
// shop's one list of reasons (return-reasons.ts), "Select reason" until one is picked.
import { RETURN_REASONS } from '../return-reasons.js';

export function ReasonSelect(props: { label: string; value: string; disabled: boolean; onChange: (reason: string) => void }) {
  return (
    <select aria-label={props.label} value={props.value} disabled={props.disabled} onChange={(e) => props.onChange(e.target.value)}>
      <option value="">Select reason</option>
      {RETURN_REASONS.map((r) => (
        <option key={r} value={r}>
          {r}
        </option>
      ))}
    </select>
  );
}
