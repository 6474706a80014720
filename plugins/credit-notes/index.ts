// Credit notes: notes issued against invoices (by returns, or by hand), applying them to unpaid invoices
// as CREDIT_NOTE payments, and the GST credit note PDF. Tables: docs/api.md, "Returns and credit notes".
import { definePlugin } from '../../core/plugin.js';
import { migration } from '../../core/migrate.js';
import createCreditNotes from './migrations/001-create-credit-notes.sql';
import reportsView from './migrations/002-reports-view.sql';
import redemptionCode from './migrations/003-redemption-code.sql';
import ledgerHistory from './migrations/004-ledger-history.sql';
import lineInvoiceIndex from './migrations/005-line-invoice-index.sql';
import routes from './routes.js';
import { creditNoteVoidCheck } from './void-check.js';
import { redeemCreditNote } from './actions/redeem-credit-note.js';

export default definePlugin({
  name: 'credit-notes',
  // customers and inventory: a note belongs to a customer and its lines name products (foreign keys).
  dependsOn: ['sales', 'ledger', 'customers', 'inventory'],
  // A return's credit note (returns joins it for the note's number).
  publicTables: ['credit_notes_note'],
  migrations: [
    migration('001-create-credit-notes', createCreditNotes),
    migration('002-reports-view', reportsView),
    migration('003-redemption-code', redemptionCode),
    migration('004-ledger-history', ledgerHistory),
    migration('005-line-invoice-index', lineInvoiceIndex),
  ],
  routes,
  voidChecks: [creditNoteVoidCheck],
  // Checkout settles a CREDIT_NOTE payment through this (sales cannot import credit-notes).
  tenders: { CREDIT_NOTE: redeemCreditNote },
});
