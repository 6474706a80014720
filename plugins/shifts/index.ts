// Shifts: till sessions with a float, pay-ins and pay-outs, a close counted by denomination, X / Z reports
// (screen and 80 mm PDF). Its figures come from the ledger: every row taken at the till while the shift is open.
import { definePlugin } from '../../core/plugin.js';
import { migration } from '../../core/migrate.js';
import createShifts from './migrations/001-create-shifts.sql';
import ledgerHistory from './migrations/002-ledger-history.sql';
import heldSales from './migrations/003-held-sales.sql';
import routes from './routes.js';

export default definePlugin({
  name: 'shifts',
  // sales: its history's ledger rows (sales migration 009) exist before shifts' migration 002 gives them their shifts.
  dependsOn: ['ledger', 'sales'],
  migrations: [migration('001-create-shifts', createShifts), migration('002-ledger-history', ledgerHistory), migration('003-held-sales', heldSales)],
  routes,
});
