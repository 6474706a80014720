// The checkout's 'Full tax invoice' part (#17.7): a checkbox opening 'Buyer name', 'Address' and 'UEN (optional)';
// ticked and locked on when the total is above $1,000.00 and nobody with an address is named. Sent as `buyer`.
import { money } from '../../../ui/format.js';
import { toDollars } from '../../../core/money.js';
import { SIMPLIFIED_LIMIT_CENTS, type BuyerInput } from '../tax-invoice.js';

export interface BuyerFieldsProps {
  /** The fields are open (asked for, or required). */
  open: boolean;
  /** Required by the total: the checkbox cannot be unticked. */
  required: boolean;
  onOpen: (open: boolean) => void;
  value: BuyerInput;
  onChange: (value: BuyerInput) => void;
}

/** The toggle and, when open, the buyer's fields (Enter in a one-line field completes the sale, as elsewhere). */
export function BuyerFields({ open, required, onOpen, value, onChange }: BuyerFieldsProps) {
  const set = (key: keyof BuyerInput) => (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value });
  return (
    <fieldset className="buyer-fields">
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={open || required}
          aria-checked={open || required}
          disabled={required}
          onChange={(e) => onOpen(e.target.checked)}
        />
        Full tax invoice
      </label>
      {required ? (
        <p>
          <small>Above {money(toDollars(SIMPLIFIED_LIMIT_CENTS))} the receipt is a full tax invoice: enter the buyer's name and address.</small>
        </p>
      ) : null}
      {open || required ? (
        <div className="buyer-grid">
          <label>
            Buyer name
            <input type="text" maxLength={200} value={value.name} onChange={set('name')} required autoComplete="off" />
          </label>
          <label>
            UEN (optional)
            <input type="text" maxLength={10} value={value.uen ?? ''} onChange={set('uen')} placeholder="201912345K" autoComplete="off" />
          </label>
          <label className="buyer-address">
            Address
            <textarea rows={2} maxLength={500} value={value.address} onChange={set('address')} required />
          </label>
        </div>
      ) : null}
    </fieldset>
  );
}
