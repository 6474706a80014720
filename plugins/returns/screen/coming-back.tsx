// #26.3 the cart's 'Coming back' block (the POS's slot 'pos-cart-top'): an exchange started from the pairs coming
// back (exchange-draft.ts) shows them above the new pairs (name, size in large type, quantity, refund), with a way
// to cancel the exchange.
import { useSignals } from '@preact/signals-react/runtime';
import { money } from '../../../ui/format.js';
import { toDollars } from '../../../core/money.js';
import { comingBack, exchangeDraft, setExchangeDraft } from './exchange-draft.js';

const css = `
/* An exchange's pairs coming back, above the new pairs in the cart (amber: goods going the other way). */
.coming-back { margin: .35rem 0 0; padding: .25rem .45rem; border: 1px solid #f59e0b; border-radius: .4rem; background: #fffbeb; flex: 0 0 auto; }
.coming-back-head { display: flex; align-items: center; gap: .4rem; }
.coming-back-head small { flex: 1; min-width: 0; color: var(--pico-muted-color); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.coming-back-cancel { flex: 0 0 auto; width: auto; min-height: 44px; margin: 0; padding: .1rem .5rem; font-size: .8rem; white-space: nowrap; }
.coming-back ul { list-style: none; padding: 0; margin: .2rem 0 0; }
.coming-back-row { list-style: none; display: grid; grid-template-columns: auto minmax(0, 1fr) auto; align-items: center; gap: .4rem; margin: 0 0 .2rem; }
.coming-back-row > * { grid-area: auto; }
.coming-back-row .cart-size { min-height: 2rem; min-width: 2.8rem; font-size: 1.2rem; background: #b45309; }
.coming-back-name { font-size: .85rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.coming-back-refund { white-space: nowrap; font-size: .9rem; }
`;

/** The block, or nothing when no exchange is waiting for its new pairs. */
export default function ComingBack() {
  useSignals();
  const draft = exchangeDraft.value;
  if (!draft) return null;
  const pairs = comingBack(draft);
  const total = pairs.reduce((s, p) => s + p.refundCents, 0);
  return (
    <section className="coming-back" aria-label="Coming back" data-testid="coming-back">
      <style>{css}</style>
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
