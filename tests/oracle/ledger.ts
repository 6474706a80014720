// The oracle's ledger: the rows docs/money.md says every movement of value writes, as the model predicts them.
// Signed cents seen from the shop: + received (or cash put in), - given back (or cash taken out).

export type Till = 'Till 1' | 'Till 2';
export const TILLS: readonly Till[] = ['Till 1', 'Till 2'];

export type MoneyMethod = 'CASH' | 'NETS' | 'PAYNOW' | 'BANK_TRANSFER';
export type RowMethod = MoneyMethod | 'CREDIT' | 'CREDIT_NOTE';
export type RowKind =
  | 'SALE_PAYMENT'
  | 'ON_ACCOUNT'
  | 'CN_REDEEM'
  | 'ROUNDING'
  | 'CUSTOMER_PAYMENT'
  | 'REFUND'
  | 'VOID_REFUND'
  | 'CN_ISSUE'
  | 'PAY_IN'
  | 'PAY_OUT';

export interface Row {
  kind: RowKind;
  method: RowMethod;
  cents: number;
  till: Till | null;
  /** The till's OPEN shift the row belongs to, else null. */
  shiftId: number | null;
  /** null: a till's drawer (or no drawer); BACK_OFFICE: cash paid from the back office. */
  drawer: null | 'BACK_OFFICE';
  invoiceId: number | null;
  noteId: number | null;
  /** The rows that settle a sale at checkout. */
  atSale: boolean;
  /** Shop-local business date of the row. */
  date: string;
  /** Which operation wrote it (its index in the run), for messages. */
  op: number;
}

export const MONEY_METHODS: readonly MoneyMethod[] = ['CASH', 'NETS', 'PAYNOW', 'BANK_TRANSFER'];
export const isMoney = (m: RowMethod): m is MoneyMethod => (MONEY_METHODS as readonly string[]).includes(m);

/** Money paid back: REFUND and VOID_REFUND in money, and a cash refund's rounding. */
export const isMoneyBack = (r: Row) => ((r.kind === 'REFUND' || r.kind === 'VOID_REFUND') && isMoney(r.method)) || (r.kind === 'ROUNDING' && !r.atSale);

/** Money received on an invoice: sale payments, the sale's rounding, and customer payments. */
export const isMoneyIn = (r: Row) => (r.kind === 'SALE_PAYMENT' && isMoney(r.method)) || (r.kind === 'ROUNDING' && r.atSale) || r.kind === 'CUSTOMER_PAYMENT';

/** The "by method" of a sale row: CASH = payment + rounding, NETS, PAYNOW, CREDIT = on account (credit notes are not a method). */
export function saleMethodOf(r: Row): string | null {
  if (!r.atSale) return null;
  if (r.kind === 'SALE_PAYMENT' || r.kind === 'ROUNDING') return r.method;
  if (r.kind === 'ON_ACCOUNT') return 'CREDIT';
  return null;
}

/** Adds `cents` under `key`. */
export function bump(map: Map<string, number>, key: string, cents: number): void {
  map.set(key, (map.get(key) ?? 0) + cents);
}
