// Returns: goods brought back against an invoice, back into stock, refunded as a credit note (GST included).
import { definePlugin } from '../../core/plugin.js';
import { migration } from '../../core/migrate.js';
import createReturns from './migrations/001-create-returns.sql';
import refundMethod from './migrations/002-refund-method.sql';
import reportsView from './migrations/003-reports-view.sql';
import exchangeInvoice from './migrations/004-exchange-invoice.sql';
import approvalAndSlip from './migrations/005-approval-and-slip.sql';
import routes from './routes.js';
import { seedDemoReturns } from './seed-demo.js';
import { returnsVoidCheck } from './void-check.js';
import { exchangedSection } from './receipt-section.js';

export default definePlugin({
  name: 'returns',
  dependsOn: ['credit-notes', 'sales', 'inventory', 'ledger'],
  migrations: [
    migration('001-create-returns', createReturns),
    migration('002-refund-method', refundMethod),
    migration('003-reports-view', reportsView),
    migration('004-exchange-invoice', exchangeInvoice),
    migration('005-approval-and-slip', approvalAndSlip),
  ],
  routes,
  seedDemo: seedDemoReturns,
  voidChecks: [returnsVoidCheck],
  receiptSections: [exchangedSection],
});
