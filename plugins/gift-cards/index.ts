// Gift cards (#29): sold at the till as a checkout charge (`{gift_card: {amount}}`, no GST), spent as the GIFT_CARD
// tender, topped up by returns of goods they paid; built only on the checkout pipeline's extension points.
import { definePlugin } from '../../core/plugin.js';
import { migrationsOf } from '../../core/migrate.js';
import { giftCardCharge } from './charge.js';
import { giftCardLiabilitySource } from './liability.js';
// Every .sql file of migrations/, by file name (core/dev/sql-folder.mjs): a new migration needs no code here.
import migrationFiles from './migrations/index.sql-folder';
import { balanceLeftSection, cardsSoldSection } from './receipt-section.js';
import routes from './routes.js';
import { giftCardExpiryMonths } from './settings.js';
import { redeemGiftCard, refundGiftCard } from './tender.js';
import { spentCardVoidCheck } from './void-check.js';

export default definePlugin({
  name: 'gift-cards',
  // sales: the charge row a card is sold on, the invoice (its shop day, voided or not), the payments it made.
  dependsOn: ['sales'],
  migrations: migrationsOf(migrationFiles),
  routes,
  settings: [giftCardExpiryMonths],
  charges: { gift_card: giftCardCharge },
  tenders: { GIFT_CARD: redeemGiftCard },
  tenderRefunds: { GIFT_CARD: refundGiftCard },
  receiptSections: [cardsSoldSection, balanceLeftSection],
  voidChecks: [spentCardVoidCheck],
  liabilities: [giftCardLiabilitySource],
});
