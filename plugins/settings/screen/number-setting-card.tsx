// A Settings card holding one number (the discount limit, the refund window): its field, its check and its own
// Save, which PATCHes just that key. The cards differ only in texts, bounds and the check.
import { useEffect, useState, type FormEvent } from 'react';
import { useUnsaved } from './unsaved.js';
import { useSettingsSave } from '../../../ui/use-settings-save.js';
import type { ShopSettings } from './types.js';

export interface NumberSettingProps {
  settings: ShopSettings;
  onSaved: (s: ShopSettings) => void;
  /** The settings key PATCHed. */
  field: 'max_staff_discount_percent' | 'refund_window_days';
  /** The card's heading (also named by the unsaved-changes warning), its note, the field's label and the button's text. */
  title: string;
  note: string;
  label: string;
  saveLabel: string;
  className: string;
  /** The typed text's problem, or null. */
  problem: (text: string) => string | null;
  input: { min: number; max: number; step: string; inputMode: 'decimal' | 'numeric' };
}

/** One number's card: label + field + 'Save ...'. */
export function NumberSettingCard(props: NumberSettingProps) {
  const { settings, onSaved, field } = props;
  const saved = String(settings[field]);
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const { saving, save } = useSettingsSave(onSaved);
  useEffect(() => setText(saved), [saved]);
  useUnsaved(props.title, (text ?? '').trim() !== saved);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = props.problem(text);
    setError(problem);
    if (problem) return;
    await save({ [field]: Number(text) });
  };

  const id = `settings-${field}`;
  return (
    <article className={props.className}>
      <header>
        <h3>{props.title}</h3>
      </header>
      <p className="muted">{props.note}</p>
      <form noValidate onSubmit={submit}>
        <label htmlFor={id}>
          {props.label}
          <input
            id={id}
            type="number"
            {...props.input}
            value={text}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setText(e.target.value)}
            style={{ maxWidth: '10rem' }}
          />
          {error ? <small className="field-error">{error}</small> : null}
        </label>
        <button type="submit" disabled={saving} aria-busy={saving || undefined} style={{ width: 'auto' }}>
          {saving ? 'Saving...' : props.saveLabel}
        </button>
      </form>
    </article>
  );
}
