// A dollar amount field: 0.00 upwards in cents, at most `max`.

export interface AmountInputProps {
  id: string;
  /** The most it may hold; the caller caps typed values (the browser only hints). */
  max: number;
  value: string;
  onChange: (text: string) => void;
}

/** <input type="number" name="amount"> with a 0.00 placeholder and cent steps. */
export function AmountInput({ id, max, value, onChange }: AmountInputProps) {
  return (
    <input id={id} name="amount" type="number" min={0} max={max} step={0.01} placeholder="0.00" value={value} onChange={(e) => onChange(e.target.value)} />
  );
}
