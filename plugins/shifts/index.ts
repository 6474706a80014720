// Shifts: till sessions with a float, pay-ins and pay-outs, a close counted by denomination, X / Z reports
// (screen and 80 mm PDF). Its figures come from the ledger: every row taken at the till while the shift is open.
import { definePlugin } from '../../core/plugin.js';
import { migration } from '../../core/migrate.js';
import createShifts from './migrations/001-create-shifts.sql';
import routes from './routes.js';

export default definePlugin({
  name: 'shifts',
  dependsOn: ['ledger'],
  migrations: [migration('001-create-shifts', createShifts)],
  routes,
});
