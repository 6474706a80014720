// Names (or renames) this browser's till: asked on the POS when it has no name, changeable any time.
import { useState, type FormEvent } from 'react';
import { isTillName, TILL_NAME_RULE } from '../../../core/till.js';
import { setTillName } from '../../../ui/till.js';
import { toast } from '../../../ui/toast.js';

export interface TillNameFormProps {
  current: string | null;
  /** Shown when renaming (the form then has a Cancel button). */
  onDone?: () => void;
}

/** 'Till name' input and 'Save Till Name'; the name goes to localStorage and on every API call. */
export function TillNameForm({ current, onDone }: TillNameFormProps) {
  const [text, setText] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = text.trim().replace(/\s+/g, ' ');
    if (!isTillName(name)) {
      setError(TILL_NAME_RULE);
      toast.error(`Till not named: ${TILL_NAME_RULE}`);
      return;
    }
    setTillName(name);
    setError(null);
    toast.success(`This till is now named ${name}`);
    onDone?.();
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Name this till">
      {current ? null : <span>Name this till (once per device):</span>}
      <label>
        Till name
        <input
          type="text"
          maxLength={40}
          placeholder="e.g. Till 1"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
      </label>
      <button type="submit">Save Till Name</button>
      {onDone ? (
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      ) : null}
      {error ? (
        <small role="alert" className="text-danger">
          {error}
        </small>
      ) : null}
    </form>
  );
}
