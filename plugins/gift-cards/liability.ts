// Gift cards as a liability (#29, manifest `liabilities`): what the shop owed on cards at the start and end of a
// span of shop days, and the movements between, so reports show cards sold, redeemed, put back and voided apart
// from sales revenue, reconciling to the cent. Each movement is dated by its shop day: a card's sale and the sales
// it paid by their invoice's business date, a return's top-up by its own time, a voided card by its void's time.
import { localDate } from '../../core/clock.js';
import type { Db } from '../../core/db.js';
import { appContextOf, type LiabilitySource, type LiabilitySummary } from '../../core/plugin.js';

/** The lines' codes, in the order reports list them. */
const LINES = [
  { code: 'SOLD', label: 'Sold' },
  { code: 'REDEEMED', label: 'Redeemed' },
  { code: 'REFUNDED', label: 'Put back by returns' },
  { code: 'VOIDED', label: 'Voided' },
] as const;
type LineCode = (typeof LINES)[number]['code'];

const LINE_OF: Record<'ISSUE' | 'REDEEM' | 'REFUND', LineCode> = { ISSUE: 'SOLD', REDEEM: 'REDEEMED', REFUND: 'REFUNDED' };

interface Dated {
  cardId: number;
  line: LineCode;
  date: string;
  cents: number;
}

/**
 * Every movement of every card as (shop day, signed cents), the voids included as one VOIDED movement taking the
 * card's value off (a card is voided only unspent, so its whole balance). A shop keeps hundreds of cards, not
 * millions: reading them all keeps the dating rules in one place.
 */
function datedMovements(db: Db, timeZone: string): { moves: Dated[]; cards: { id: number; expires_on: string | null; voidDate: string | null }[] } {
  const rows = db
    .prepare(
      `SELECT m.card_id, m.kind, m.amount_cents, m.at, i.business_date FROM gift_cards_movement m
       JOIN sales_invoice i ON i.id = m.invoice_id ORDER BY m.id`,
    )
    .all() as { card_id: number; kind: 'ISSUE' | 'REDEEM' | 'REFUND'; amount_cents: number; at: string; business_date: string }[];
  const cards = (
    db.prepare('SELECT c.id, c.expires_on, i.voided_at FROM gift_cards_card c JOIN sales_invoice i ON i.id = c.invoice_id').all() as {
      id: number;
      expires_on: string | null;
      voided_at: string | null;
    }[]
  ).map((c) => ({ id: c.id, expires_on: c.expires_on, voidDate: c.voided_at ? localDate(new Date(c.voided_at), timeZone) : null }));
  const moves: Dated[] = rows.map((m) => ({
    cardId: m.card_id,
    line: LINE_OF[m.kind],
    // A top-up belongs to the day of the return that made it, not the day of the sale it refers to.
    date: m.kind === 'REFUND' ? localDate(new Date(m.at), timeZone) : m.business_date,
    cents: m.amount_cents,
  }));
  const balance = new Map<number, number>();
  for (const m of moves) balance.set(m.cardId, (balance.get(m.cardId) ?? 0) + m.cents);
  for (const c of cards) {
    if (c.voidDate) moves.push({ cardId: c.id, line: 'VOIDED', date: c.voidDate, cents: -(balance.get(c.id) ?? 0) });
  }
  return { moves, cards };
}

export function giftCardLiability(db: Db, fromDate: string, toDate: string): LiabilitySummary {
  const { moves, cards } = datedMovements(db, appContextOf(db).timeZone);
  const sums = new Map<LineCode, number>(LINES.map((l) => [l.code, 0]));
  let openingCents = 0;
  // Held at the end of `toDate` per card, for the expired part.
  const heldAtEnd = new Map<number, number>();
  for (const m of moves) {
    if (m.date < fromDate) openingCents += m.cents;
    else if (m.date <= toDate) sums.set(m.line, sums.get(m.line)! + m.cents);
    if (m.date <= toDate) heldAtEnd.set(m.cardId, (heldAtEnd.get(m.cardId) ?? 0) + m.cents);
  }
  const lines = LINES.map((l) => ({ code: l.code, label: l.label, cents: sums.get(l.code)! }));
  const closingCents = openingCents + lines.reduce((s, l) => s + l.cents, 0);
  // A card is expired after its last day (status.ts); its value is still owed, so it stays in closing.
  const expiredCents = cards.filter((c) => c.expires_on !== null && c.expires_on < toDate).reduce((s, c) => s + (heldAtEnd.get(c.id) ?? 0), 0);
  return { openingCents, lines, closingCents, expiredCents };
}

export const giftCardLiabilitySource: LiabilitySource = { key: 'gift_cards', label: 'Gift cards', summary: giftCardLiability };
