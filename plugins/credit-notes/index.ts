// Credit notes: notes issued against invoices (by returns, or by hand), applying them to unpaid invoices
// as CREDIT_NOTE payments, and the GST credit note PDF. Tables: docs/api.md, "Returns and credit notes".
import { definePlugin } from '../../core/plugin.js';
import { migrationsOf } from '../../core/migrate.js';
// Every .sql file of migrations/, by file name (core/dev/sql-folder.mjs): a new migration needs no code here.
import migrationFiles from './migrations/index.sql-folder';
import routes from './routes.js';
import { creditNoteVoidCheck } from './void-check.js';
import { redeemCreditNote } from './actions/redeem-credit-note.js';

export default definePlugin({
  name: 'credit-notes',
  // customers and inventory: a note belongs to a customer and its lines name products (foreign keys).
  dependsOn: ['sales', 'ledger', 'customers', 'inventory'],
  // A return's credit note (returns joins it for the note's number).
  publicTables: ['credit_notes_note'],
  migrations: migrationsOf(migrationFiles),
  routes,
  voidChecks: [creditNoteVoidCheck],
  // Checkout settles a CREDIT_NOTE payment through this (sales cannot import credit-notes).
  tenders: { CREDIT_NOTE: redeemCreditNote },
});
