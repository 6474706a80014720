// Sales: checkout (the only writer of invoices), invoices and their payments, customer payments,
// voids, tax invoice / receipt / statement PDFs, and the customer balance views over invoices.
import { definePlugin } from '../../core/plugin.js';
import { migration } from '../../core/migrate.js';
import createSales from './migrations/001-create-sales.sql';
import balanceViews from './migrations/002-customer-balance-views.sql';
import createRefunds from './migrations/003-create-refunds.sql';
import discountApproval from './migrations/004-discount-approval.sql';
import paymentTill from './migrations/005-payment-till.sql';
import taxInvoice from './migrations/009-tax-invoice.sql';
import routes from './routes.js';
import { seedDemoSales } from './seed-demo.js';
import { creditNotePaymentVoidCheck } from './void-checks.js';

export default definePlugin({
  name: 'sales',
  dependsOn: ['inventory', 'customers'],
  migrations: [
    migration('001-create-sales', createSales),
    migration('002-customer-balance-views', balanceViews),
    migration('003-create-refunds', createRefunds),
    migration('004-discount-approval', discountApproval),
    migration('005-payment-till', paymentTill),
    // TEMPORARY on the taxinv branch: 006-008 belong to #17's other branches (cash rounding, GST-inclusive prices,
    // refund till); the runner refuses gaps, so they stand empty here. The merge replaces these three lines.
    migration('006-reserved', ''),
    migration('007-reserved', ''),
    migration('008-reserved', ''),
    migration('009-tax-invoice', taxInvoice),
  ],
  routes,
  seedDemo: seedDemoSales,
  voidChecks: [creditNotePaymentVoidCheck],
});
