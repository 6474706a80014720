// #17.5 a credit note at the till, in the checkout dialog's 'checkout-tender' slot (sales' CheckoutTenderProps):
// scan or type the code on its slip (or a customer's note's number), the note's available credit shows, and it
// pays min(available, total); the rest is paid by the method chosen below it (cash, NETS, PayNow or credit). A
// walk-in's note spends only by its code (#25): by its number the server says which note it is and nothing more,
// and the till asks for the code. The server checks it all again in the sale's transaction (ACTIVE, enough left,
// whose note it is, code or number).
import { useState } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { ScanLookup } from '../../../ui/components/scan-lookup.js';
import { money } from '../../../ui/format.js';
import { toCents } from '../../../core/money.js';
import type { CheckoutTender, CheckoutTenderProps } from '../../sales/schemas.js';
import type { BearerNoteRef, CreditNote } from '../schemas.js';

/** GET /api/returns/credit-notes/by-number/:number: the whole note, or (a walk-in's, by number) which note only. */
type LookedUp = CreditNote | BearerNoteRef;

const css = `
.credit-note-tender p { margin: .25rem 0; }
`;

export const NOTE_NOT_FOUND = 'Credit note not found';

/** Shown when a walk-in's note was given by its number: only the code on its slip spends it. */
export function codeNeeded(number: string): string {
  return `Credit note ${number} is a walk-in credit note: scan or type the code printed on its slip`;
}

/** The lookup's reply was only which note it is (code_required): the code must be given. */
function needsCode(note: LookedUp): note is BearerNoteRef {
  return 'code_required' in note && note.code_required === true;
}

/** Why a looked-up note cannot pay this sale, or null. */
export function noteProblem(note: LookedUp, customer: CheckoutTenderProps['customer']): string | null {
  if (needsCode(note)) return codeNeeded(note.number);
  if (note.status !== 'ACTIVE') return `Credit note ${note.number} is ${note.status} and cannot be used`;
  if (toCents(note.available) <= 0) return `Credit note ${note.number} has no credit left`;
  if (note.customer && note.customer.id !== customer?.id) return `Credit note ${note.number} belongs to ${note.customer.name}: choose that customer to use it`;
  return null;
}

/** The note as the sale's tender: it pays by its code when the reply has one (a walk-in's note spends only by it), else its number. */
export function noteTender(note: CreditNote): CheckoutTender {
  return { method: 'CREDIT_NOTE', reference: note.redemption_code || note.number, label: note.number, available: note.available };
}

/** The 'Credit note' payment line of the checkout dialog. */
export default function CreditNoteTender({ tenders, onApply, onRemove, customer }: CheckoutTenderProps) {
  // One credit note per sale: this slot's tender among the sale's (other plugins' tenders are theirs to show).
  const tender = tenders.find((t) => t.method === 'CREDIT_NOTE') ?? null;
  const [number, setNumber] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const lookUp = async () => {
    const typed = number.trim();
    if (!typed || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const r = await api.get<{ credit_note: LookedUp }>(`/api/returns/credit-notes/by-number/${encodeURIComponent(typed)}`);
      const found = r.credit_note;
      const why = noteProblem(found, customer);
      if (why || needsCode(found)) setProblem(why);
      else {
        onApply(noteTender(found));
        setNumber('');
      }
    } catch (err) {
      // 429: too many failed look-ups from this till (the server's message says when to try again).
      setProblem(
        err instanceof ApiError && err.status === 404
          ? NOTE_NOT_FOUND
          : err instanceof ApiError && err.status === 429 && err.message
            ? err.message
            : 'Could not look up the credit note. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  if (tender) {
    return (
      <section className="credit-note-tender" aria-label="Credit note">
        <style>{css}</style>
        <p>
          <strong>Credit note</strong> {tender.label} · Available <span data-testid="note-available">{money(tender.available)}</span> · Applied{' '}
          <strong data-testid="note-applied">{money(tender.amount)}</strong>{' '}
          <button type="button" className="secondary outline small" onClick={() => onRemove(tender)}>
            Remove
          </button>
        </p>
      </section>
    );
  }
  return (
    <section className="credit-note-tender" aria-label="Credit note">
      <style>{css}</style>
      <ScanLookup
        label="Credit note (code or number)"
        ariaLabel="Credit note code or number"
        placeholder="Scan or type the code or number"
        maxLength={40}
        value={number}
        onChange={setNumber}
        onSubmit={() => void lookUp()}
        button="Use note"
        busy={busy}
      />
      {problem ? (
        <p className="error-text" role="alert">
          <small>{problem}</small>
        </p>
      ) : null}
    </section>
  );
}
