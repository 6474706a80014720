// How the sale is paid: the method radios (Credit for customers with a credit limit; Cash, NETS, PayNow always),
// the cash box with quick cash, the NETS approval code and the PayNow QR.
import { money } from '../../../ui/format.js';
import { toDollars } from '../../../core/money.js';
import type { PaymentChoiceProps } from '../schemas.js';
import { addCash, EXACT_KEY, QUICK_CASH } from './checkout-rules.js';
import { PayNowQr } from './paynow-qr.js';

export type { PaymentChoiceProps };

/** The payment part of the checkout modal (not shown for a credit sale's details, which the modal shows itself). */
export function PaymentChoice(p: PaymentChoiceProps) {
  const cashDue = p.cashDueCents ?? p.totalCents;
  return (
    <>
      <fieldset className="method-choices">
        <legend>
          <strong>Payment method</strong>
        </legend>
        {p.methods.map((m) => (
          <label key={m.value} className="method-choice">
            <input type="radio" name="checkout-method" value={m.value} checked={p.method === m.value} onChange={() => p.onMethod(m.value)} />
            {m.value}
          </label>
        ))}
      </fieldset>
      {p.method === 'PAYNOW' && p.payNowGenerated ? (
        <PayNowQr amountCents={p.totalCents} generated={p.payNowGenerated} reference={p.reference} onReference={p.onReference} />
      ) : null}
      {p.method === 'NETS' ? (
        <label>
          Approval code
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={40}
            value={p.reference}
            placeholder="From the NETS terminal slip"
            onChange={(e) => p.onReference(e.target.value)}
          />
        </label>
      ) : null}
      {p.method === 'CASH' ? (
        <div className="cash-box">
          <div className="cash-row">
            <label>
              Cash tendered
              <input
                ref={p.tenderedRef}
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                value={p.tendered}
                placeholder={toDollars(cashDue).toFixed(2)}
                onChange={(e) => p.onTendered(e.target.value)}
              />
            </label>
            {/* biome-ignore lint/a11y/useSemanticElements: Pico CSS lays out role="group"; a fieldset would bring Pico's fieldset margin and width instead */}
            <div className="quick-cash" role="group" aria-label="Quick cash amounts">
              {QUICK_CASH.map((q) => (
                <button
                  key={q.label}
                  type="button"
                  className="secondary outline"
                  aria-keyshortcuts={q.key}
                  title={`Add ${q.label} (key ${q.key})`}
                  onClick={() => p.onTendered(addCash(p.tendered, q.cents))}
                >
                  {q.label}
                  {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a kbd is not focusable (false positive); aria-keyshortcuts already gives the key */}
                  <kbd aria-hidden="true">{q.key}</kbd>
                </button>
              ))}
              <button
                type="button"
                className="secondary outline"
                aria-keyshortcuts={EXACT_KEY.toUpperCase()}
                title="Exact amount (key E)"
                onClick={() => p.onTendered(toDollars(cashDue).toFixed(2))}
              >
                Exact
                {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a kbd is not focusable (false positive); aria-keyshortcuts already gives the key */}
                <kbd aria-hidden="true">E</kbd>
              </button>
            </div>
          </div>
          <p className="checkout-change">
            Change: <strong data-testid="checkout-change">{money(p.change === null ? 0 : toDollars(Math.max(0, p.change)))}</strong>
            {p.change !== null && p.change < 0 ? <small className="error-text"> (short by {money(toDollars(-p.change))})</small> : null}
          </p>
        </div>
      ) : null}
    </>
  );
}
