// The ledger's vocabulary (docs/money.md): kinds of movement and the methods value moves by.

export const LEDGER_KINDS = [
  'SALE_PAYMENT',
  'ON_ACCOUNT',
  'CN_REDEEM',
  'ROUNDING',
  'CUSTOMER_PAYMENT',
  'REFUND',
  'VOID_REFUND',
  'CN_ISSUE',
  'FLOAT',
  'PAY_IN',
  'PAY_OUT',
  // A plugin's tender (#29: a gift card, loyalty points): its value taking part of a sale (+), like CN_REDEEM, and
  // value put back on it when goods it paid come back (-), like CN_ISSUE. Never money, never in a drawer.
  'TENDER_REDEEM',
  'TENDER_REFUND',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export type MoneyMethod = 'CASH' | 'NETS' | 'PAYNOW' | 'BANK_TRANSFER';
/** Sales' methods, or a plugin tender's upper-case code (GIFT_CARD, LOYALTY_POINTS: core/tender-method.ts). */
export type LedgerMethod = MoneyMethod | 'CREDIT' | 'CREDIT_NOTE' | (string & {});
export const MONEY_METHODS: readonly LedgerMethod[] = ['CASH', 'NETS', 'PAYNOW', 'BANK_TRANSFER'];
export const isMoney = (m: string) => (MONEY_METHODS as readonly string[]).includes(m);

/** One movement to record. `amountCents` is signed as the shop sees it (docs/money.md); zero amounts are skipped. */
export interface LedgerEntryInput {
  kind: LedgerKind;
  method: LedgerMethod;
  amountCents: number;
  /** The till it happened at (X-Kedai-Till); its open shift is looked up unless `shiftId` is given. */
  till?: string | null;
  /** The drawer the cash came from when it is not `till`'s open shift (a back-office void paid by the shift that took the money). */
  shiftId?: number | null;
  drawer?: 'BACK_OFFICE' | null;
  invoiceId?: number | null;
  creditNoteId?: number | null;
  atSale?: boolean;
  userId: number | null;
  at: string;
  businessDate: string;
  reference?: string | null;
}

/** A stored row. */
export interface LedgerRow {
  id: number;
  kind: LedgerKind;
  method: LedgerMethod;
  amount_cents: number;
  till: string | null;
  shift_id: number | null;
  drawer: 'BACK_OFFICE' | null;
  invoice_id: number | null;
  credit_note_id: number | null;
  at_sale: 0 | 1;
  user_id: number | null;
  at: string;
  business_date: string;
  reference: string | null;
}

/** Rows summed by what the figures tell apart. */
export interface LedgerGroup {
  kind: LedgerKind;
  method: LedgerMethod;
  at_sale: 0 | 1;
  voided: 0 | 1;
  back_office: 0 | 1;
  n: number;
  cents: number;
}
