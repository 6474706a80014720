// SQL for the credit-note tables, prepared once per connection.
import type { Db } from '../../core/db.js';
import { byKey, pageRows, perDb, searchIn, whereOf } from '../../core/repo-support.js';
import { newRedemptionCode } from '../../core/bearer-code.js';

export type CreditNoteStatus = 'ACTIVE' | 'USED' | 'EXPIRED' | 'VOID';
export type CreditNoteSource = 'RETURN' | 'MANUAL';

/** A credit_notes_note row with its invoice's facts and the creator's username joined. */
export interface CreditNoteRow extends NewNote {
  id: number;
  applied_cents: number;
  /** What spends the note (core/bearer-code.ts); every note has one (migration 003 gave the older ones theirs). */
  redemption_code: string | null;
  created_by_username: string | null;
  invoice_number: string;
  invoice_created_at: string;
  invoice_business_date: string;
  invoice_grand_total_cents: number;
  invoice_customer_name: string;
}

export interface CreditNoteLineRow extends NewNoteLine {
  id: number;
  sku: string | null;
  size: string | null;
}

export interface ApplicationRow {
  id: number;
  note_id: number;
  invoice_id: number;
  payment_id: number;
  amount_cents: number;
  notes: string | null;
  applied_at: string;
  created_by: number | null;
  invoice_number: string;
  created_by_username: string | null;
}

export interface NewNote {
  number: string;
  business_date: string;
  seq: number;
  invoice_id: number;
  customer_id: number | null;
  source: CreditNoteSource;
  reason: string;
  notes: string | null;
  subtotal_cents: number;
  tax_cents: number;
  amount_cents: number;
  status: CreditNoteStatus;
  created_by: number | null;
  created_at: string;
}

export interface NewNoteLine {
  note_id: number;
  invoice_line_id: number | null;
  product_id: number | null;
  description: string;
  qty: number;
  amount_cents: number;
  tax_cents: number;
}

export interface NoteFilter {
  status?: CreditNoteStatus;
  search?: string;
}

/** The tiles of the Credit Notes screen, over the notes a filter matches. */
export interface NoteSummary {
  total: number;
  active: number;
  /** Sum of amount - applied over ACTIVE notes. */
  available_cents: number;
  applied_cents: number;
}

/** An invoice the Apply modal can pick: not PAID, not VOID. */
export interface OpenInvoiceRow {
  id: number;
  number: string;
  created_at: string;
  business_date: string;
  customer_id: number | null;
  customer_name: string;
  grand_total_cents: number;
  paid_cents: number;
  payment_status: string;
}

const NOTE_SELECT = `SELECT n.*, u.username AS created_by_username, i.number AS invoice_number, i.created_at AS invoice_created_at,
    i.business_date AS invoice_business_date, i.grand_total_cents AS invoice_grand_total_cents, i.customer_name AS invoice_customer_name
  FROM credit_notes_note n
  JOIN sales_invoice i ON i.id = n.invoice_id
  LEFT JOIN core_user u ON u.id = n.created_by`;

function prepare(db: Db) {
  return {
    byId: db.prepare(`${NOTE_SELECT} WHERE n.id = ?`),
    byNumber: db.prepare(`${NOTE_SELECT} WHERE n.number = ?`),
    byCode: db.prepare(`${NOTE_SELECT} WHERE n.redemption_code = ?`),
    codeTaken: db.prepare('SELECT 1 FROM credit_notes_note WHERE redemption_code = ?'),
    nextSeq: db.prepare('SELECT ifnull(max(seq), 0) + 1 FROM credit_notes_note WHERE business_date = ?').pluck(),
    insertNote: db.prepare(`INSERT INTO credit_notes_note (number, business_date, seq, invoice_id, customer_id, source, reason, notes,
        subtotal_cents, tax_cents, amount_cents, status, created_by, created_at, redemption_code)
      VALUES (@number, @business_date, @seq, @invoice_id, @customer_id, @source, @reason, @notes, @subtotal_cents, @tax_cents,
        @amount_cents, @status, @created_by, @created_at, @redemption_code)`),
    insertLine: db.prepare(`INSERT INTO credit_notes_line (note_id, invoice_line_id, product_id, description, qty, amount_cents, tax_cents)
      VALUES (@note_id, @invoice_line_id, @product_id, @description, @qty, @amount_cents, @tax_cents)`),
    lines: db.prepare(`SELECT c.*, l.sku AS sku, l.size AS size FROM credit_notes_line c
      LEFT JOIN sales_invoice_line l ON l.id = c.invoice_line_id WHERE c.note_id = ? ORDER BY c.id`),
    applications: db.prepare(`SELECT a.*, i.number AS invoice_number, u.username AS created_by_username FROM credit_notes_application a
      JOIN sales_invoice i ON i.id = a.invoice_id LEFT JOIN core_user u ON u.id = a.created_by
      WHERE a.note_id = ? ORDER BY a.applied_at, a.id`),
    // The guard against over-applying: only an ACTIVE note with enough left changes; USED when nothing is left.
    apply: db.prepare(`UPDATE credit_notes_note SET
        applied_cents = applied_cents + @amount,
        status = CASE WHEN applied_cents + @amount >= amount_cents THEN 'USED' ELSE status END
      WHERE id = @id AND status = 'ACTIVE' AND applied_cents + @amount <= amount_cents`),
    // An exchange's note whose balance was paid back in money: spent, and the note says so.
    payOut: db.prepare(`UPDATE credit_notes_note SET
        applied_cents = applied_cents + @amount,
        status = CASE WHEN applied_cents + @amount >= amount_cents THEN 'USED' ELSE status END,
        notes = ifnull(notes || char(10), '') || @line
      WHERE id = @id AND status = 'ACTIVE' AND applied_cents + @amount <= amount_cents`),
    insertApplication: db.prepare(`INSERT INTO credit_notes_application (note_id, invoice_id, payment_id, amount_cents, notes, applied_at, created_by)
      VALUES (@note_id, @invoice_id, @payment_id, @amount_cents, @notes, @applied_at, @created_by)`),
    credited: db.prepare(`SELECT ifnull(sum(amount_cents), 0) FROM credit_notes_note WHERE invoice_id = ? AND status <> 'VOID'`).pluck(),
    hasNotes: db.prepare(`SELECT 1 FROM credit_notes_note WHERE invoice_id = ? AND status <> 'VOID' LIMIT 1`),
    invoiceById: db.prepare(`SELECT id, number, created_at, business_date, customer_id, customer_name, grand_total_cents, paid_cents, payment_status
      FROM sales_invoice WHERE id = ?`),
  };
}

/** The credit-notes repository for a connection (statements prepared on first use, then shared). */
export const creditNotesRepo = perDb((db: Db) => {
  const s = prepare(db);
  const listStatements = byKey((where: string) => ({
    page: db.prepare(`${NOTE_SELECT} ${where} ORDER BY n.created_at DESC, n.id DESC LIMIT @limit OFFSET @offset`),
    count: db.prepare(`SELECT count(*) AS total,
        ifnull(sum(n.status = 'ACTIVE'), 0) AS active,
        ifnull(sum(CASE WHEN n.status = 'ACTIVE' THEN n.amount_cents - n.applied_cents ELSE 0 END), 0) AS available_cents,
        ifnull(sum(n.applied_cents), 0) AS applied_cents
      FROM credit_notes_note n JOIN sales_invoice i ON i.id = n.invoice_id ${where}`),
  }));
  const openStatements = byKey((where: string) => ({
    page: db.prepare(`SELECT id, number, created_at, business_date, customer_id, customer_name, grand_total_cents, paid_cents, payment_status
      FROM sales_invoice ${where} ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`),
    count: db.prepare(`SELECT count(*) FROM sales_invoice ${where}`).pluck(),
  }));

  const whereFor = (f: NoteFilter) =>
    whereOf([
      f.status && ['n.status = @status', { status: f.status }],
      searchIn(f.search, ['n.number', 'i.number', 'i.customer_name', 'n.reason', 'n.redemption_code']),
    ]);

  return {
    get: (id: number) => s.byId.get(id) as CreditNoteRow | undefined,
    /** The note numbered `number` (CN-yyyymmdd-seq, as printed and scanned), or undefined. */
    byNumber: (number: string) => s.byNumber.get(number) as CreditNoteRow | undefined,
    /** The note whose redemption code is `code` (stored form: redemptionCodeOf), or undefined. */
    byCode: (code: string) => s.byCode.get(code) as CreditNoteRow | undefined,
    /** Next number in the day's sequence; only meaningful inside the write transaction. */
    nextSeq: (businessDate: string) => s.nextSeq.get(businessDate) as number,
    /** Writes a note with a fresh redemption code of its own (every note is born with one, #25). */
    insertNote(v: NewNote): number {
      let code = newRedemptionCode();
      while (s.codeTaken.get(code)) code = newRedemptionCode();
      return Number(s.insertNote.run({ ...v, redemption_code: code }).lastInsertRowid);
    },
    insertLine: (v: NewNoteLine) => Number(s.insertLine.run(v).lastInsertRowid),
    lines: (noteId: number) => s.lines.all(noteId) as CreditNoteLineRow[],
    applications: (noteId: number) => s.applications.all(noteId) as ApplicationRow[],
    /** Raises applied_cents by amount if the note is ACTIVE and has that much left; false otherwise. */
    apply: (id: number, amount: number) => s.apply.run({ id, amount }).changes === 1,
    /** Marks `amount` of an ACTIVE note as paid back in money (USED when nothing is left); false when it cannot. */
    payOut: (id: number, amount: number, line: string) => s.payOut.run({ id, amount, line }).changes === 1,
    insertApplication: (v: Omit<ApplicationRow, 'id' | 'invoice_number' | 'created_by_username'>) => Number(s.insertApplication.run(v).lastInsertRowid),
    /** Total of the invoice's credit notes that are not VOID. */
    creditedOnInvoice: (invoiceId: number) => s.credited.get(invoiceId) as number,
    hasNotesForInvoice: (invoiceId: number) => s.hasNotes.get(invoiceId) !== undefined,
    invoice: (id: number) => s.invoiceById.get(id) as OpenInvoiceRow | undefined,
    /** One page of notes matching the filter (newest first), the total matching and the screen's tiles. */
    list(f: NoteFilter, limit: number, offset: number): { rows: CreditNoteRow[]; total: number; summary: NoteSummary } {
      const w = whereFor(f);
      const st = listStatements(w.sql);
      const summary = st.count.get(w.params) as NoteSummary;
      return { rows: pageRows<CreditNoteRow>(st.page, w.params, summary.total, limit, offset), total: summary.total, summary };
    },
    /** Invoices a note can be applied to (not PAID, not VOID), newest first. */
    openInvoices(search: string | undefined, limit: number, offset: number, customerId?: number): { rows: OpenInvoiceRow[]; total: number } {
      const { sql, params } = whereOf([
        ["payment_status IN ('UNPAID', 'PARTIAL')", {}],
        customerId !== undefined && ['customer_id = @customerId', { customerId }],
        searchIn(search, ['number', 'customer_name']),
      ]);
      const st = openStatements(sql);
      const total = st.count.get(params) as number;
      return { rows: pageRows<OpenInvoiceRow>(st.page, params, total, limit, offset), total };
    },
  };
});
