// A modal around one form: Cancel and the submit button in the footer, the form in the body. The modal
// keeps the form busy while a save is under way.
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../toast.js';
import { Modal } from './modal.js';

export interface FormModalProps {
  title: ReactNode;
  /** The form's id (the footer's submit button points at it). */
  formId: string;
  onClose: () => void;
  /**
   * Runs on submit (button or Enter) unless a save is under way. Return nothing when the form was refused
   * (errors shown, nothing sent); return the save's promise to keep the buttons disabled until it settles.
   */
  onSubmit: () => Promise<unknown> | undefined;
  /** The submit button's text, and its text while saving ('Saving...'). */
  submitLabel: string;
  busyLabel: string;
  /** Disables the submit button (besides while saving). */
  submitDisabled?: boolean;
  wide?: boolean;
  children: ReactNode;
}

/** The modal; the form is `noValidate` (the screens check it themselves). */
export function FormModal({ title, formId, onClose, onSubmit, submitLabel, busyLabel, submitDisabled, wide, children }: FormModalProps) {
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy.current) return;
    const pending = onSubmit();
    if (!pending) return;
    busy.current = true;
    setSaving(true);
    void pending.finally(() => {
      busy.current = false;
      setSaving(false);
    });
  };

  return (
    <Modal
      open
      wide={wide}
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" form={formId} disabled={saving || submitDisabled} aria-busy={saving || undefined}>
            {saving ? busyLabel : submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        {children}
      </form>
    </Modal>
  );
}

export interface EditorModalProps extends Omit<FormModalProps, 'title' | 'formId' | 'submitLabel' | 'busyLabel'> {
  /** What is added or edited ('Customer'): 'Add Customer' / 'Edit Customer', form add-customer-form / edit-customer-form. */
  noun: string;
  editing: boolean;
  /** The submit button's text when editing ('Save Changes'); 'Add <noun>' when adding. */
  saveLabel: string;
}

/** The Add / Edit modal of a record's form; the submit button reads 'Saving...' while it saves. */
export function EditorModal({ noun, editing, saveLabel, ...rest }: EditorModalProps) {
  const verb = editing ? 'Edit' : 'Add';
  return (
    <FormModal
      {...rest}
      title={`${verb} ${noun}`}
      formId={`${verb.toLowerCase()}-${noun.toLowerCase()}-form`}
      submitLabel={editing ? saveLabel : `Add ${noun}`}
      busyLabel="Saving..."
    />
  );
}

/** Shows the field errors found (none clears them); true when there are some: the form is not sent. */
export function hasErrors<E extends object>(found: E, show: (errors: E) => void): boolean {
  show(found);
  return Object.keys(found).length > 0;
}

/** Toasts the problem found before sending, if any; true when there is one: the form is not sent. */
export function hasProblem(problem: string | null | undefined): boolean {
  if (problem) toast.error(problem);
  return Boolean(problem);
}

/** Sends a form: on success toasts `success` and calls `done`; on failure toasts `failure`. */
export async function sendForm(request: () => Promise<unknown>, success: string, failure: string, done: () => void): Promise<void> {
  try {
    await request();
  } catch {
    toast.error(failure);
    return;
  }
  toast.success(success);
  done();
}
