// A labelled dropdown filter whose empty option reads "All <label>".

export type FilterOption = string | { value: string; label: string };

export interface SelectFilterProps {
  label: string;
  value: string;
  options: FilterOption[];
  onChange: (value: string) => void;
  /** Text of the empty option; defaults to "All <label>". */
  allLabel?: string;
}

/** A <select> filter; '' means no filter. */
export function SelectFilter({ label, value, options, onChange, allLabel }: SelectFilterProps) {
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} className="select-filter">
      <option value="">{allLabel ?? `All ${label}`}</option>
      {options.map((o) => {
        const opt = typeof o === 'string' ? { value: o, label: o } : o;
        return (
          <option key={opt.value} value={opt.value}>
            {opt.label}
          </option>
        );
      })}
    </select>
  );
}
