// Paying by gift card (#29) in the checkout dialog (sales' slot 'checkout-tender'): scan or type the card's code,
// GET /api/gift-cards/:code shows its balance, status and expiry, and the card pays min(balance, what is still
// due); the rest is paid by the method chosen below. Several cards may pay one sale. The server checks it all
// again in the sale's transaction (status, expiry, enough left).
import { useState } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { ScanLookup } from '../../../ui/components/scan-lookup.js';
import { dateText, money } from '../../../ui/format.js';
import { toCents } from '../../../core/money.js';
import type { AppliedTender, CheckoutTenderProps } from '../../sales/schemas.js';
import type { GiftCardReply } from '../schemas.js';
import { cardProblem, cardTender } from './card-rules.js';

const css = `
.gift-card-tender p { margin: .25rem 0; }
.gift-card-tender button.small { min-height: 44px; min-width: 44px; }
`;

/** What the lookup's failure says: the server's message (not found, 429 too many tries), else a retry hint. */
function lookupError(err: unknown): string {
  if (err instanceof ApiError && [400, 404, 409, 429].includes(err.status) && err.message) return err.message;
  return 'Could not look up the gift card. Please try again.';
}

/** A card applied to this sale: what it holds and what it pays, and Remove. */
function AppliedCard({ card, expires, onRemove }: { card: AppliedTender; expires: string | null | undefined; onRemove: () => void }) {
  return (
    <p data-testid="gift-card-applied-row">
      <strong>Gift card</strong> {card.label} · Balance <span data-testid="gift-card-balance">{money(card.available)}</span>
      {expires ? ` · Expires ${dateText(expires)}` : ''} · Applied <strong data-testid="gift-card-applied">{money(card.amount)}</strong>{' '}
      <button type="button" className="secondary outline small" onClick={onRemove} aria-label={`Remove ${card.label}`}>
        Remove
      </button>
    </p>
  );
}

export default function CardTender({ tenders, remaining, onApply, onRemove }: CheckoutTenderProps) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Each applied card's expiry as looked up (the tender itself carries only what checkout needs).
  const [expiries, setExpiries] = useState<Record<string, string | null>>({});
  const mine = tenders.filter((t) => t.method === 'GIFT_CARD');

  const lookUp = async () => {
    const typed = code.trim();
    if (!typed || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const card = await api.get<GiftCardReply>(`/api/gift-cards/${encodeURIComponent(typed)}`);
      const why = cardProblem(card);
      if (why) setProblem(why);
      else if (mine.some((t) => t.reference === card.code)) setProblem('This gift card is already paying this sale');
      else if (toCents(remaining) <= 0) setProblem('Nothing is left to pay');
      else {
        setExpiries((e) => ({ ...e, [card.code]: card.expires_on }));
        onApply(cardTender(card));
        setCode('');
      }
    } catch (err) {
      setProblem(lookupError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="gift-card-tender" aria-label="Gift card">
      <style>{css}</style>
      {mine.map((t) => (
        <AppliedCard key={t.reference} card={t} expires={expiries[t.reference]} onRemove={() => onRemove(t)} />
      ))}
      {toCents(remaining) > 0 ? (
        <ScanLookup
          label="Gift card (code)"
          ariaLabel="Gift card code"
          placeholder="Scan or type the gift card code"
          maxLength={64}
          value={code}
          onChange={setCode}
          onSubmit={() => void lookUp()}
          button="Use card"
          busy={busy}
        />
      ) : null}
      {problem ? (
        <p className="error-text" role="alert">
          <small data-testid="gift-card-problem">{problem}</small>
        </p>
      ) : null}
    </section>
  );
}
