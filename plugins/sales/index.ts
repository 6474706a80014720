// Sales: checkout (the only writer of invoices), invoices and their payments, customer payments,
// voids, tax invoice / receipt / statement PDFs, and the customer balance views over invoices.
import { definePlugin } from '../../core/plugin.js';
import { migration } from '../../core/migrate.js';
import createSales from './migrations/001-create-sales.sql';
import balanceViews from './migrations/002-customer-balance-views.sql';
import createRefunds from './migrations/003-create-refunds.sql';
import discountApproval from './migrations/004-discount-approval.sql';
import paymentTill from './migrations/005-payment-till.sql';
import cashRounding from './migrations/006-cash-rounding.sql';
import pricesIncludeGst from './migrations/007-prices-include-gst.sql';
import taxInvoice from './migrations/008-tax-invoice.sql';
import ledgerHistory from './migrations/009-ledger-history.sql';
import tillVoids from './migrations/010-till-voids.sql';
import invoiceAdjustments from './migrations/011-invoice-adjustments.sql';
import routes from './routes.js';
import { seedDemoSales } from './seed-demo.js';
import { creditNotePaymentVoidCheck } from './void-checks.js';

export default definePlugin({
  name: 'sales',
  dependsOn: ['inventory', 'customers', 'paynow', 'ledger'],
  // Invoices and what was paid and refunded on them: credit notes, returns and reports read them; reports'
  // triggers keep its totals from them (triggers only read the row that changed and write reports' own tables).
  publicTables: ['sales_invoice', 'sales_invoice_line', 'sales_invoice_adjustment', 'sales_payment', 'sales_refund'],
  migrations: [
    migration('001-create-sales', createSales),
    migration('002-customer-balance-views', balanceViews),
    migration('003-create-refunds', createRefunds),
    migration('004-discount-approval', discountApproval),
    migration('005-payment-till', paymentTill),
    migration('006-cash-rounding', cashRounding),
    migration('007-prices-include-gst', pricesIncludeGst),
    migration('008-tax-invoice', taxInvoice),
    migration('009-ledger-history', ledgerHistory),
    migration('010-till-voids', tillVoids),
    migration('011-invoice-adjustments', invoiceAdjustments),
  ],
  routes,
  seedDemo: seedDemoSales,
  voidChecks: [creditNotePaymentVoidCheck],
});
