// The ledger (#25): one immutable row per movement of value, and the one module that turns rows into money
// figures (docs/money.md). Below every plugin that moves money: they write through api.ts in their own transactions.
import { definePlugin } from '../../core/plugin.js';
import { migrationsOf } from '../../core/migrate.js';
// Every .sql file of migrations/, by file name (core/dev/sql-folder.mjs): a new migration needs no code here.
import migrationFiles from './migrations/index.sql-folder';

export default definePlugin({
  name: 'ledger',
  // Named today only by the migrations that moved the history in when the ledger began (#25: sales 009,
  // credit-notes 004, shifts 002), which wrote these tables once. Everything else goes through api.ts.
  publicTables: ['ledger_entry', 'ledger_void', 'ledger_drawer'],
  migrations: migrationsOf(migrationFiles),
});
