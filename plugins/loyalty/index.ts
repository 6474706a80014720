// Loyalty points (#29): earned on a customer's sales (saleRecorded), spent as the LOYALTY_POINTS tender, reversed
// and given back by returns and voids, expired by the setting; one ledger, built only on the pipeline's extension
// points and generic customer/display/receipt hooks. Rules: README.md.
import { definePlugin } from '../../core/plugin.js';
import { migrationsOf } from '../../core/migrate.js';
import { customerLoyalty, pointsBadge } from './customer.js';
import { earnPoints } from './earn.js';
import { loyaltyLiabilitySource } from './liability.js';
// Every .sql file of migrations/, by file name (core/dev/sql-folder.mjs): a new migration needs no code here.
import migrationFiles from './migrations/index.sql-folder';
import { pointsSection } from './receipt-section.js';
import { reverseOnReturn, undoOnVoid } from './reverse.js';
import routes from './routes.js';
import { seedDemoPoints } from './seed-demo.js';
import { expiryMonths, minRedeemPoints, pointsPerDollar, pointValue } from './settings.js';
import { LOYALTY_POINTS, redeemPoints, refundPoints } from './tender.js';

export default definePlugin({
  name: 'loyalty',
  // sales: the invoices points are earned on and paid for, their payments; customers: whose points they are.
  dependsOn: ['sales', 'customers'],
  migrations: migrationsOf(migrationFiles),
  routes,
  seedDemo: seedDemoPoints,
  settings: [pointsPerDollar, pointValue, minRedeemPoints, expiryMonths],
  tenders: { [LOYALTY_POINTS]: redeemPoints },
  tenderRefunds: { [LOYALTY_POINTS]: refundPoints },
  saleRecorded: [earnPoints],
  returnRecorded: [reverseOnReturn],
  saleVoided: [undoOnVoid],
  receiptSections: [pointsSection],
  customerFields: { loyalty: customerLoyalty },
  customerBadges: [pointsBadge],
  liabilities: [loyaltyLiabilitySource],
});
