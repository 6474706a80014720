// Shifts: till sessions with a float, pay-ins and pay-outs, a close counted by denomination, X / Z reports
// (screen and 80 mm PDF). Its figures come from the ledger: every row taken at the till while the shift is open.
import { definePlugin } from '../../core/plugin.js';
import { migrationsOf } from '../../core/migrate.js';
// Every .sql file of migrations/, by file name (core/dev/sql-folder.mjs): a new migration needs no code here.
import migrationFiles from './migrations/index.sql-folder';
import routes from './routes.js';

export default definePlugin({
  name: 'shifts',
  // sales: its history's ledger rows (sales migration 009) exist before shifts' migration 002 gives them their shifts.
  dependsOn: ['ledger', 'sales'],
  migrations: migrationsOf(migrationFiles),
  routes,
});
