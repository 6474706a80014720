// #17.5 a credit note at the till: scan or type the code on its slip (or a customer's note's number), the
// note's available credit shows, and it pays min(available, total); the rest is paid by the method chosen below
// it (cash, NETS, PayNow or credit). A walk-in's note spends only by its code (#25): by its number the server
// says which note it is and nothing more, and the till asks for the code. The server checks it all again in
// the sale's transaction (ACTIVE, enough left, whose note it is, code or number).
import { useState } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { money } from '../../../ui/format.js';
import { toCents, toDollars } from '../../../core/money.js';
import type { CheckoutBody, CustomerSummary } from './types.js';

/** What the till needs of GET /api/returns/credit-notes/by-number/:number (credit-notes' CreditNote, a subset). */
export interface TenderedNote {
  number: string;
  status: string;
  /** Dollars left on the note. */
  available: number;
  customer: { id: number; name: string } | null;
  /** What the sale sends as the payment's reference: a walk-in's note spends only by it (#25). */
  redemption_code?: string | null;
}

/** The same lookup for a walk-in's note given by its number alone (to a USER): which note, not its worth. */
export interface NoteNeedingCode {
  number: string;
  code_required: true;
}

export const NOTE_NOT_FOUND = 'Credit note not found';

/** Shown when a walk-in's note was given by its number: only the code on its slip spends it. */
export function codeNeeded(number: string): string {
  return `Credit note ${number} is a walk-in credit note: scan or type the code printed on its slip`;
}

/** The lookup's reply was only which note it is (code_required): the code must be given. */
function needsCode(note: TenderedNote | NoteNeedingCode): note is NoteNeedingCode {
  return 'code_required' in note && note.code_required === true;
}

/** Why a looked-up note cannot pay this sale, or null. */
export function noteProblem(note: TenderedNote | NoteNeedingCode, customer: CustomerSummary | null): string | null {
  if (needsCode(note)) return codeNeeded(note.number);
  if (note.status !== 'ACTIVE') return `Credit note ${note.number} is ${note.status} and cannot be used`;
  if (toCents(note.available) <= 0) return `Credit note ${note.number} has no credit left`;
  if (note.customer && note.customer.id !== customer?.id) return `Credit note ${note.number} belongs to ${note.customer.name}: choose that customer to use it`;
  return null;
}

/** The note's part of the sale, in cents: all it has left, up to the total. */
export function noteAppliedCents(note: TenderedNote | null, totalCents: number): number {
  return note ? Math.max(0, Math.min(toCents(note.available), totalCents)) : 0;
}

/**
 * The checkout body with the note's payment first. `body` was built for the rest (the total less the note), so
 * its payment (or credit) covers only that; a rest of 0 drops the other payment.
 */
export function withCreditNote(body: CheckoutBody, note: TenderedNote | null, appliedCents: number): CheckoutBody {
  if (!note || appliedCents <= 0) return body;
  const rest = (body.payments ?? []).filter((p) => p.amount > 0);
  const out: CheckoutBody = { ...body, payments: [{ method: 'CREDIT_NOTE', reference: note.redemption_code || note.number, amount: toDollars(appliedCents) }, ...rest] };
  if (rest.length === 0) delete out.tendered;
  return out;
}

export interface CreditNoteTenderProps {
  note: TenderedNote | null;
  onNote: (note: TenderedNote | null) => void;
  appliedCents: number;
  customer: CustomerSummary | null;
}

/** The 'Credit note' payment line of the checkout modal. */
export function CreditNoteTender({ note, onNote, appliedCents, customer }: CreditNoteTenderProps) {
  const [number, setNumber] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const lookUp = async () => {
    const typed = number.trim();
    if (!typed || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const r = await api.get<{ credit_note: TenderedNote | NoteNeedingCode }>(`/api/returns/credit-notes/by-number/${encodeURIComponent(typed)}`);
      const found = r.credit_note;
      const why = noteProblem(found, customer);
      if (why || needsCode(found)) setProblem(why);
      else {
        onNote(found);
        setNumber('');
      }
    } catch (err) {
      // 429: too many failed look-ups from this till (the server's message says when to try again).
      setProblem(err instanceof ApiError && err.status === 404 ? NOTE_NOT_FOUND
        : err instanceof ApiError && err.status === 429 && err.message ? err.message
        : 'Could not look up the credit note. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  if (note) {
    return (
      <section className="credit-note-tender" aria-label="Credit note">
        <p>
          <strong>Credit note</strong> {note.number} · Available <span data-testid="note-available">{money(note.available)}</span> ·
          Applied <strong data-testid="note-applied">{money(toDollars(appliedCents))}</strong>
          {' '}<button type="button" className="secondary outline small" onClick={() => onNote(null)}>Remove</button>
        </p>
      </section>
    );
  }
  return (
    <section className="credit-note-tender" aria-label="Credit note">
      <label>
        Credit note (code or number)
        <span className="note-lookup">
          <input
            type="search" autoComplete="off" maxLength={40} placeholder="Scan or type the code or number" aria-label="Credit note code or number"
            value={number} onChange={(e) => setNumber(e.target.value)}
            onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void lookUp(); } }}
          />
          <button type="button" className="secondary" onClick={() => void lookUp()} disabled={busy || !number.trim()} aria-busy={busy}>Use note</button>
        </span>
      </label>
      {problem ? <p className="error-text" role="alert"><small>{problem}</small></p> : null}
    </section>
  );
}
