// Gift cards' own setting (#29): how long a card sold from now on may be spent. Core merges it into
// GET/PATCH /api/settings; the declaration merging below types it for every reader of getSettings.
import { Type, type Static } from 'typebox';
import { defineSetting } from '../../core/settings.js';

const ExpiryMonths = Type.Integer({ minimum: 0, maximum: 120 });

declare module '../../core/settings.js' {
  interface ShopSettings {
    /** Months a new gift card may be spent for, from the shop day it is sold; 0 = no expiry (the default). */
    gift_card_expiry_months: Static<typeof ExpiryMonths>;
  }
}

export const giftCardExpiryMonths = defineSetting({
  key: 'gift_card_expiry_months',
  schema: ExpiryMonths,
  default: 0,
  check: (m) => (Number.isInteger(m) && m >= 0 && m <= 120 ? null : 'Gift card expiry must be a whole number of months from 0 (no expiry) to 120'),
});
