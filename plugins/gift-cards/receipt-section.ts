// Gift cards' receipt sections (manifest receiptSections): the cards a sale sold, with their codes as text and as a
// Code 128 the till scans (what spends them: the customer's receipt is the card), and for a sale a card paid, what
// was left on it after (masked: never the whole code, so no barcode there).
import type { Db } from '../../core/db.js';
import type { ReceiptSection } from '../../core/plugin.js';
import { formatCardCode, maskedCardCode } from './code.js';
import { giftCardsRepo } from './repo.js';

export const SOLD_TITLE = 'Gift cards sold';
export const BALANCE_TITLE = 'Gift card balance left';

export function cardsSoldSection(db: Db, invoiceId: number): ReceiptSection | null {
  const cards = giftCardsRepo(db).soldOn(invoiceId);
  if (cards.length === 0) return null;
  return {
    title: SOLD_TITLE,
    lines: cards.map((c) => ({
      name: `Gift card ${formatCardCode(c.code)}${c.expires_on ? ` (valid to ${c.expires_on})` : ''}`,
      size: null,
      sku: null,
      qty: 1,
      amountCents: c.amount_cents,
    })),
    totalCents: cards.reduce((s, c) => s + c.amount_cents, 0),
    qtyLabel: 'card',
    totalLabel: 'Gift cards total',
    barcodes: cards.map((c) => ({ value: c.code, label: formatCardCode(c.code) })),
  };
}

export function balanceLeftSection(db: Db, invoiceId: number): ReceiptSection | null {
  const paid = giftCardsRepo(db).paidWith(invoiceId);
  if (paid.length === 0) return null;
  return {
    title: BALANCE_TITLE,
    lines: paid.map((p) => ({ name: maskedCardCode(p.code), size: null, sku: null, qty: 1, amountCents: p.balance_cents })),
    totalCents: paid.reduce((s, p) => s + p.balance_cents, 0),
    qtyLabel: 'card',
    totalLabel: 'Balance left',
  };
}
