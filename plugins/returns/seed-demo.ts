// Demo returns: a handful of customers bringing shoes back over the past weeks, made THROUGH the return and
// apply actions (stock back, credit notes issued, some applied), so the Returns and Credit Notes screens
// show a real history. Deterministic: it picks the same invoices on every new demo database.
import type { SeedContext } from '../../core/plugin.js';
import { applyCreditNote } from '../credit-notes/api.js';
import { createReturn } from './actions/create-return.js';
import { RETURN_REASONS } from './return-reasons.js';

const RETURNS = 6;
const DAY_MS = 24 * 60 * 60 * 1000;

interface PickedLine {
  invoice_id: number;
  line_id: number;
  product_id: number;
  qty: number;
  created_at: string;
}

/** Returns one unit from a few past invoices and applies two of the credit notes to open credit invoices. */
export function seedDemoReturns({ db, config }: SeedContext) {
  const admin = (db.prepare("SELECT id FROM core_user WHERE role = 'ADMIN' ORDER BY id LIMIT 1").get() as { id: number } | undefined)?.id ?? null;
  // Every 97th line of non-void invoices older than 3 days: spread over the weeks, never the same invoice twice.
  const lines = db
    .prepare(`SELECT l.invoice_id, l.id AS line_id, l.product_id, l.qty, i.created_at
      FROM sales_invoice_line l JOIN sales_invoice i ON i.id = l.invoice_id
      WHERE i.payment_status <> 'VOID' AND i.created_at < ? AND l.id % 97 = 0
      ORDER BY l.id LIMIT ?`)
    .all(new Date(Date.now() - 3 * DAY_MS).toISOString(), RETURNS) as PickedLine[];
  const notes: number[] = [];
  lines.forEach((line, i) => {
    const at = new Date(Math.min(Date.parse(line.created_at) + (1 + (i % 3)) * DAY_MS, Date.now() - DAY_MS));
    const result = createReturn(
      db,
      {
        invoice_id: line.invoice_id,
        items: [{ invoice_line_id: line.line_id, product_id: line.product_id, returned_qty: 1, return_reason: RETURN_REASONS[i % RETURN_REASONS.length] }],
        notes: i % 2 === 0 ? 'Customer brought the receipt; box in good condition.' : null,
      },
      { userId: admin, timeZone: config.timeZone, at },
    );
    if (result.creditNoteId !== null) notes.push(result.creditNoteId);
  });
  // Two notes put towards open credit invoices: one in part (stays ACTIVE), one in full where it fits (USED).
  const open = db
    .prepare(`SELECT id, grand_total_cents - paid_cents AS outstanding FROM sales_invoice
      WHERE payment_status IN ('UNPAID', 'PARTIAL') ORDER BY created_at LIMIT 2`)
    .all() as { id: number; outstanding: number }[];
  const amountOf = db.prepare("SELECT CASE WHEN status = 'ACTIVE' THEN amount_cents - applied_cents ELSE 0 END FROM credit_notes_note WHERE id = ?").pluck();
  open.forEach((invoice, i) => {
    const noteId = notes[i];
    if (noteId === undefined) return;
    const available = amountOf.get(noteId) as number;
    const cents = Math.min(invoice.outstanding, i === 0 ? Math.floor(available / 2) : available);
    if (cents <= 0) return;
    applyCreditNote(
      db,
      noteId,
      { invoice_id: invoice.id, amount: cents / 100, notes: 'Applied at the counter (demo)' },
      { userId: admin, timeZone: config.timeZone },
    );
  });
}
