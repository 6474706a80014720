// Credit notes' void check (declared in the manifest): an invoice that has a (non-VOID) credit note
// cannot be voided, since the note would then credit money for a sale that no longer counts.
import { voidBlockedWhen } from '../sales/api.js';

export const creditNoteVoidCheck = voidBlockedWhen(`SELECT 1 FROM credit_notes_note WHERE invoice_id = ? AND status <> 'VOID' LIMIT 1`);
