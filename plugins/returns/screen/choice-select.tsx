// A labelled select over a fixed list of choices (how a refund goes back: the POS Return dialog's methods, the
// Exchange dialog's ways to pay back the difference). Picking one calls `onChange` with its value.
export function ChoiceSelect<V extends string>(props: {
  label: string;
  value: V;
  choices: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <label>
      {props.label}
      <select aria-label={props.label} value={props.value} onChange={(e) => props.onChange(e.target.value as V)}>
        {props.choices.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </select>
    </label>
  );
}
