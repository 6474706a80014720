// The ledger (#25): one immutable row per movement of value, and the one module that turns rows into money
// figures (docs/money.md). Below every plugin that moves money: they write through api.ts in their own transactions.
import { definePlugin } from '../../core/plugin.js';
import { migration } from '../../core/migrate.js';
import createLedger from './migrations/001-create-ledger.sql';
import drawerOpenings from './migrations/002-drawer-openings.sql';

export default definePlugin({
  name: 'ledger',
  migrations: [migration('001-create-ledger', createLedger), migration('002-drawer-openings', drawerOpenings)],
});
