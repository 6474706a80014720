// The cards a sale issued (#29), in the sale-complete dialog (sales' slot 'sale-complete'): each card's code (in
// groups, as on the receipt) and amount, from the checkout reply's `gift_cards`, so the cashier can read the code
// out or write it down when no receipt prints.
import { money } from '../../../ui/format.js';
import type { SaleCompleteSlotProps } from '../../sales/schemas.js';
import { groupedCode } from './card-rules.js';

interface SoldCard {
  code: string;
  amount: number;
  balance: number;
}

/** The reply's `gift_cards`, when the sale sold any (the key is gift-cards' own: sales' reply type leaves it open). */
function soldCards(sale: SaleCompleteSlotProps['sale']): SoldCard[] {
  const cards = (sale as { gift_cards?: unknown }).gift_cards;
  return Array.isArray(cards) ? (cards as SoldCard[]) : [];
}

export default function CardsSold({ sale }: SaleCompleteSlotProps) {
  const cards = soldCards(sale);
  if (cards.length === 0) return null;
  return (
    <section className="gift-cards-sold" aria-label="Gift cards sold">
      <h4 style={{ margin: '.5rem 0 .25rem' }}>Gift cards sold</h4>
      <dl className="totals">
        {cards.map((c) => (
          <GiftCardLine key={c.code} card={c} />
        ))}
      </dl>
    </section>
  );
}

function GiftCardLine({ card }: { card: SoldCard }) {
  return (
    <>
      <dt>
        <code data-testid="gift-card-code" data-code={card.code} style={{ fontSize: '1.1rem' }}>
          {groupedCode(card.code)}
        </code>
      </dt>
      <dd data-testid="gift-card-amount">{money(card.amount)}</dd>
    </>
  );
}
