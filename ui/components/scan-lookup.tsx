// A field the scanner types into, with its button: Enter (the scanner's last key) or a tap runs the look-up.
// One control for the till's look-ups (an invoice to return or exchange, a credit note to spend).
export interface ScanLookupProps {
  label: string;
  ariaLabel: string;
  placeholder: string;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  button: string;
  busy?: boolean;
}

export function ScanLookup({ label, ariaLabel, placeholder, maxLength, value, onChange, onSubmit, button, busy }: ScanLookupProps) {
  return (
    <label>
      {label}
      <span className="note-lookup">
        <input
          type="search"
          autoComplete="off"
          maxLength={maxLength}
          placeholder={placeholder}
          aria-label={ariaLabel}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onSubmit();
            }
          }}
        />
        <button type="button" className="secondary" onClick={onSubmit} disabled={busy || !value.trim()} aria-busy={busy === undefined ? undefined : busy}>
          {button}
        </button>
      </span>
    </label>
  );
}
