// After a return that issued a credit note with something left on it: the note's number, what it is worth, and its
// redemption code (what spends a walk-in's note, #25), with 'Print Credit Note' to hand the customer the slip (the
// code as text and as a barcode; the slip is fetched by that code, so nobody prints another's note).
import { Modal } from '../../../ui/components/modal.js';
import { money } from '../../../ui/format.js';
import { openInNewTab } from '../../../ui/open-tab.js';
import type { CreatedReturn } from './types.js';

export const PRINT_NOTE_FAILED = 'Failed to open the credit note';
type IssuedNote = NonNullable<CreatedReturn['creditNote']>;

/** XXXX-XXXX-XXXXX, as the slip prints it. */
export const groupedCode = (code: string) => code.replace(/^(.{4})(.{4})(.+)$/, '$1-$2-$3');

/** The slip's address (any signed-in user, by the note's code). */
export const slipUrl = (code: string) => `/api/returns/credit-notes/slip/${encodeURIComponent(code)}`;

/** The dialog. */
export function IssuedNoteModal({ note, onClose }: { note: IssuedNote; onClose: () => void }) {
  const code = note.redemption_code;
  return (
    <Modal
      open
      title="Credit Note Issued"
      onClose={onClose}
      footer={(
        <>
          {code ? <button type="button" onClick={() => openInNewTab(slipUrl(code), PRINT_NOTE_FAILED)}>Print Credit Note</button> : null}
          <button type="button" className="secondary" onClick={onClose}>Done</button>
        </>
      )}
    >
      <p><strong data-testid="issued-note-number">{note.number}</strong>{note.customer ? ` for ${note.customer.name}` : ' (walk-in: whoever holds the slip may spend it)'}</p>
      <p>Available: <strong data-testid="issued-note-available">{money(note.available)}</strong></p>
      {code ? <p>Code: <code data-testid="issued-note-code" style={{ fontSize: '1.25rem' }}>{groupedCode(code)}</code></p> : null}
    </Modal>
  );
}
