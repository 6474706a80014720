// The checkout pipeline (#28.1), in the order a sale runs it (../actions/checkout.ts runs them in one transaction;
// the invoice's row is written before the stock moves, which name it). Each stage is a function of its own file; plugins
// extend a stage through their manifest (core/plugin.ts), read from the app context (hooksOf), never handed down
// by callers:
//   1 price        price.ts         the catalogue's prices, the cart's own discounts
//   1b charges     charges.ts       manifest `charges`: a plugin's untaxed items (#29, a gift card), checked and
//                                   priced; added after the goods' totals (no adjuster, discount or GST sees them)
//   2 adjust       adjust.ts        manifest `adjusters` (promotions): shares on lines, before GST
//   - totals       totals.ts        GST once on the discounted amount (stages 1-2 + totals = a quote)
//   3 approve      approve.ts       the staff discount limit (adjustments and carried prices left out)
//   4 tender       tender.ts        payments planned against the total (../tender.ts), the credit limit
//   5 stock        stock.ts         stock moved, refused below 0
//   6 persist      invoice-head.ts, persist-lines.ts, persist-payments.ts: the invoice, its lines and adjustment
//                  rows, its charges' rows and the kinds' `record` hooks (charges.ts), its payments (manifest
//                  `tenders` spend theirs) and ledger rows; then recorded.ts: manifest `saleRecorded` sees the sale
//                  as written (may write its rows, refuse with a 4xx, add a key to the reply; `recall` on a replay)
//   7 after commit after-commit.ts  manifest `afterCommit`, after the COMMIT
// The quote (POST /api/checkout/quote, the customer display, an exchange's quote) runs 1, 2 and totals: the
// same functions the sale runs, so the till shows exactly what will be charged.
export { adjustLines, adjustmentsOf, type AdjustedLine, type AdjustmentShare } from './adjust.js';
export { runAfterCommit } from './after-commit.js';
export {
  chargeItems,
  chargeRows,
  checkCharges,
  recallCharges,
  writeCharges,
  type ChargeExtras,
  type ChargeItem,
  type PricedCharge,
} from './charges.js';
export { approveDiscount, needsApproval, staffDiscount } from './approve.js';
export { invoiceHead, WALK_IN_NAME } from './invoice-head.js';
export { writeLines } from './persist-lines.js';
export { writePayments } from './persist-payments.js';
export { planPayments, type TenderTerms } from './tender.js';
export { MAX_LINE_QTY, mergeLines, priceLines, refuseTooManyUnits, tooLarge, type CartLine, type PricedLine } from './price.js';
export { recallSaleRecorded, recordedSale, runSaleRecorded, type SaleExtras } from './recorded.js';
export { takeStock } from './stock.js';
export { priceCart, type CartDiscounts, type CartRules, type PricedCart } from './totals.js';
