// What a payment method may be (#29): sales' own methods, and a plugin's tender named by an upper-case code. The
// same rule as sales_payment's and the ledger's CHECKs (sales 012, ledger 003), so a new tender needs no migration.

/** A plugin tender's method (GIFT_CARD, LOYALTY_POINTS): an upper-case code of 2 to 40 letters, digits and `_`. */
export const TENDER_METHOD_PATTERN = '^[A-Z][A-Z0-9_]{1,39}$';

/** Methods sales itself takes (money; CREDIT: left on account; MIXED: an invoice's): no plugin may declare them. */
export const CORE_METHODS: readonly string[] = ['CASH', 'NETS', 'PAYNOW', 'BANK_TRANSFER', 'CREDIT', 'MIXED'];

/** The methods that are money (the drawer's, the bank's); every other method a payment has is a stored value. */
export const MONEY_METHODS: readonly string[] = ['CASH', 'NETS', 'PAYNOW', 'BANK_TRANSFER'];
