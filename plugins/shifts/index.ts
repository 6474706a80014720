// Shifts: till sessions with a float, pay-ins and pay-outs, a close counted by denomination, X / Z reports
// (screen and 80 mm PDF). The cash sales and refunds come from sales, by the till each was taken at.
import { definePlugin } from '../../core/plugin.js';
import { migration } from '../../core/migrate.js';
import createShifts from './migrations/001-create-shifts.sql';
import routes from './routes.js';

export default definePlugin({
  name: 'shifts',
  dependsOn: ['sales'],
  migrations: [migration('001-create-shifts', createShifts)],
  routes,
});
