// The credit-note tender's rules (credit-note-tender.tsx): which looked-up notes may pay the sale, and the tender
// a note becomes (by its code when the reply has one). The dialog itself: tests/checkout-credit-note.test.tsx.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CreditNote } from '../schemas.js';

const { noteProblem, noteTender } = await import('./credit-note-tender.js');

const CODE = '7KQ2M9XD4HT0B';
const note = (over: Partial<CreditNote> = {}) =>
  ({ number: 'CN-20250101-0001', status: 'ACTIVE', available: 30, customer: null, redemption_code: CODE, ...over }) as CreditNote;

test("noteProblem: a walk-in note by number asks for the code; used, empty or another customer's notes are refused", () => {
  assert.match(
    noteProblem({ id: 2, number: 'CN-20250101-0002', date: '', business_date: '', customer: null, code_required: true }, null)!,
    /CN-20250101-0002 is a walk-in credit note: scan or type the code printed on its slip/,
  );
  assert.match(noteProblem(note({ status: 'USED' }), null)!, /USED/);
  assert.match(noteProblem(note({ available: 0 }), null)!, /has no credit left/);
  assert.match(noteProblem(note({ customer: { id: 3, name: 'Tan' } }), null)!, /belongs to Tan/);
  assert.is(noteProblem(note({ customer: { id: 3, name: 'Tan' } }), { id: 3, name: 'Tan' }), null);
  assert.is(noteProblem(note(), null), null);
});

test('noteTender: pays by the code, or by the number when the reply has no code (the server decides)', () => {
  assert.equal(noteTender(note()), { method: 'CREDIT_NOTE', reference: CODE, label: 'CN-20250101-0001', available: 30 });
  assert.is(noteTender(note({ redemption_code: null })).reference, 'CN-20250101-0001');
});

test.run();
