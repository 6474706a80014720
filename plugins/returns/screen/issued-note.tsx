// After a return that issued a credit note with something left on it, a notice on the Returns screen: the note's number, what it is worth, and its
// redemption code (what spends a walk-in's note, #25), with 'Print Credit Note' to hand the customer the slip (the
// code as text and as a barcode; the slip is fetched by that code, so nobody prints another's note).
import { money } from '../../../ui/format.js';
import { openInNewTab } from '../../../ui/open-tab.js';
import type { CreatedReturn } from './types.js';

export const PRINT_NOTE_FAILED = 'Failed to open the credit note';
type IssuedNoteJson = NonNullable<CreatedReturn['creditNote']>;

/** XXXX-XXXX-XXXXX, as the slip prints it. */
export const groupedCode = (code: string) => code.replace(/^(.{4})(.{4})(.+)$/, '$1-$2-$3');

/** The slip's address (any signed-in user, by the note's code). */
export const slipUrl = (code: string) => `/api/returns/credit-notes/slip/${encodeURIComponent(code)}`;

/** A notice above the returns list (not a dialog: nothing waits on it), until 'Done'. */
export function IssuedNoteNotice({ note, onClose }: { note: IssuedNoteJson; onClose: () => void }) {
  const code = note.redemption_code;
  return (
    <article className="issued-note" role="status" aria-label="Credit Note Issued">
      <header>
        <strong>Credit Note Issued</strong>
      </header>
      <p>
        <strong data-testid="issued-note-number">{note.number}</strong>
        {note.customer ? ` for ${note.customer.name}` : ' (walk-in: whoever holds the slip may spend it)'}
        {' · '}Available: <strong data-testid="issued-note-available">{money(note.available)}</strong>
        {code ? (
          <>
            {' · '}Code: <code data-testid="issued-note-code">{groupedCode(code)}</code>
          </>
        ) : null}
      </p>
      <footer>
        {code ? (
          <button type="button" onClick={() => openInNewTab(slipUrl(code), PRINT_NOTE_FAILED)}>
            Print Credit Note
          </button>
        ) : null}
        <button type="button" className="secondary" onClick={onClose}>
          Done
        </button>
      </footer>
    </article>
  );
}
