// The cart's 'Gift card' button (sales' slot 'pos-cart-actions'): a dialog with the amount (quick picks $20 / $50 /
// $100 fill it in, or it is typed: $5 to $1,000) and 'Add', which puts `Gift card $50.00` in the cart as a charge row. The card is
// issued (its code made) only when the sale completes.
import { useState } from 'react';
import { Modal } from '../../../ui/components/modal.js';
import { money } from '../../../ui/format.js';
import type { PosCartActionsProps } from '../../sales/schemas.js';
import { amountProblem, cardCharge, QUICK_AMOUNTS } from './card-rules.js';

const css = `
.gift-card-amounts { display: flex; flex-wrap: wrap; gap: .5rem; margin-bottom: .75rem; }
.gift-card-amounts button { min-width: 5.5rem; min-height: 44px; margin: 0; width: auto; }
.gift-card-sell input { min-height: 44px; }
.gift-card-sell-button { min-height: 44px; min-width: 44px; }
`;

export default function SellCardButton({ addCharge }: PosCartActionsProps) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setAmount('');
    setProblem(null);
  };
  const add = (text: string) => {
    const why = amountProblem(text);
    setProblem(why);
    if (why) return;
    addCharge(cardCharge(Number(text)));
    close();
  };

  const footer = (
    <>
      <button type="button" className="secondary" onClick={close}>
        Cancel
      </button>
      <button type="button" onClick={() => add(amount)}>
        Add
      </button>
    </>
  );
  return (
    <>
      <style>{css}</style>
      <button type="button" className="secondary outline gift-card-sell-button" onClick={() => setOpen(true)} title="Sell a gift card">
        Gift card
      </button>
      <Modal title="Sell a gift card" open={open} onClose={close} footer={footer}>
        <form
          className="gift-card-sell"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            add(amount);
          }}
        >
          <label htmlFor="gift-card-amount">
            Amount ($5.00 to $1,000.00)
            <input
              id="gift-card-amount"
              type="number"
              inputMode="decimal"
              min={5}
              max={1000}
              step={0.01}
              placeholder="0.00"
              value={amount}
              aria-invalid={problem ? true : undefined}
              onChange={(e) => setAmount(e.target.value)}
            />
            {problem ? (
              <small className="field-error" role="alert">
                {problem}
              </small>
            ) : null}
          </label>
          <div className="gift-card-amounts">
            {QUICK_AMOUNTS.map((a) => (
              <button
                key={a}
                type="button"
                className={amount === String(a) ? '' : 'secondary'}
                aria-pressed={amount === String(a)}
                onClick={() => {
                  setAmount(String(a));
                  setProblem(null);
                }}
              >
                {money(a)}
              </button>
            ))}
          </div>
        </form>
      </Modal>
    </>
  );
}
