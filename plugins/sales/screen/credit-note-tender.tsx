// #17.5 a credit note at the till: scan or type its number, the note's available credit shows, and it pays
// min(available, total); the rest is paid by the method chosen below it (cash, NETS, PayNow or credit).
// The server checks it all again in the sale's transaction (ACTIVE, enough left, whose note it is).
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
}

export const NOTE_NOT_FOUND = 'Credit note not found';

/** Why a looked-up note cannot pay this sale, or null. */
export function noteProblem(note: TenderedNote, customer: CustomerSummary | null): string | null {
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
  const out: CheckoutBody = { ...body, payments: [{ method: 'CREDIT_NOTE', reference: note.number, amount: toDollars(appliedCents) }, ...rest] };
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
      const r = await api.get<{ credit_note: TenderedNote }>(`/api/returns/credit-notes/by-number/${encodeURIComponent(typed)}`);
      const why = noteProblem(r.credit_note, customer);
      if (why) setProblem(why);
      else {
        onNote(r.credit_note);
        setNumber('');
      }
    } catch (err) {
      setProblem(err instanceof ApiError && err.status === 404 ? NOTE_NOT_FOUND : 'Could not look up the credit note. Please try again.');
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
        Credit note
        <span className="note-lookup">
          <input
            type="search" autoComplete="off" maxLength={40} placeholder="Scan or type CN-yyyymmdd-n" aria-label="Credit note number"
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
