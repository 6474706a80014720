// #26.3 the cart's 'Coming back' block: an exchange started from the pairs coming back (exchange-draft.ts) shows
// them above the new pairs (name, size in large type, quantity, refund), with a way to cancel the exchange.
import { useSignals } from '@preact/signals-react/runtime';
import { money } from '../../../ui/format.js';
import { toDollars } from '../../../core/money.js';
import { comingBack, exchangeDraft, setExchangeDraft } from './exchange-draft.js';

/** The block, or nothing when no exchange is waiting for its new pairs. */
export function ComingBack() {
  useSignals();
  const draft = exchangeDraft.value;
  if (!draft) return null;
  const pairs = comingBack(draft);
  const total = pairs.reduce((s, p) => s + p.refundCents, 0);
  return (
    <section className="coming-back" aria-label="Coming back" data-testid="coming-back">
      <header className="coming-back-head">
        <strong>Coming back</strong>
        <small>
          {draft.invoice.number} · refund <strong data-testid="coming-back-refund">{money(toDollars(total))}</strong>
        </small>
        <button type="button" className="secondary outline coming-back-cancel" onClick={() => setExchangeDraft(null)}>
          Cancel exchange
        </button>
      </header>
      <ul>
        {pairs.map((p) => (
          <li key={p.line.id} className="coming-back-row">
            <span className="cart-size" aria-hidden="true">
              {p.line.size || '—'}
            </span>
            <span className="visually-hidden">{p.line.size ? `Size ${p.line.size}` : 'One size'}</span>
            <span className="coming-back-name">
              {p.qty} x {p.line.description}
            </span>
            <strong className="coming-back-refund">-{money(toDollars(p.refundCents))}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
