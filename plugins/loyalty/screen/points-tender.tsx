// Paying with points at the till (#29; sales' slot 'checkout-tender'): the customer's points and their value, and
// 'Use points', which applies the most whole points that pay no more than what is still due (from the minimum the
// shop sets). Sent as `{method: 'LOYALTY_POINTS', amount}`; the server checks the points again in the sale.
import { toCents, toDollars } from '../../../core/money.js';
import { money } from '../../../ui/format.js';
import type { CheckoutTender, CheckoutTenderProps } from '../../sales/schemas.js';
import { pointCents, pointsText, pointsToUse } from './points-rules.js';
import { useCustomerPoints, useLoyaltySettings } from './use-loyalty.js';

export const LOYALTY_POINTS = 'LOYALTY_POINTS';

/** A points tender as the sale takes it: no reference; what it pays. */
export function pointsTender(amountCents: number, points: number): CheckoutTender {
  return { method: LOYALTY_POINTS, reference: '', label: `Points (${points.toLocaleString('en-SG')})`, available: toDollars(amountCents) };
}

/** The 'Points' line of the checkout dialog: nothing for a walk-in (nothing is asked of the server then). */
export default function PointsTenderSlot(props: CheckoutTenderProps) {
  return props.customer ? <PointsTender {...props} customer={props.customer} /> : null;
}

/** The chosen customer's points and 'Use points' (nothing in an app without loyalty). */
function PointsTender({ customer, tenders, remaining, onApply, onRemove }: CheckoutTenderProps & { customer: { id: number } }) {
  const applied = tenders.find((t) => t.method === LOYALTY_POINTS) ?? null;
  const points = useCustomerPoints(customer.id);
  const settings = useLoyaltySettings();
  const loyalty = points.data;
  const rules = settings.data;
  if (!loyalty || !rules) return null;

  const each = pointCents(rules.loyalty_point_value);
  if (applied) {
    const used = each > 0 ? Math.round(toCents(applied.amount) / each) : 0;
    return (
      <section className="points-tender" aria-label="Points">
        <p style={row}>
          <strong>Points</strong>
          <span>
            Applied <strong data-testid="points-applied">{money(applied.amount)}</strong> ({pointsText(used)} of {pointsText(loyalty.points)})
          </span>
          <button type="button" className="secondary outline" style={button} onClick={() => onRemove(applied)}>
            Remove points
          </button>
        </p>
      </section>
    );
  }

  // What is still due (this tender is not applied yet): the most points may pay.
  const remainingCents = toCents(remaining);
  const plan = pointsToUse({ balance: loyalty.points, pointValue: rules.loyalty_point_value, minRedeem: rules.loyalty_min_redeem_points, remainingCents });
  return (
    <section className="points-tender" aria-label="Points">
      <p style={row}>
        <strong>Points</strong>
        <span data-testid="points-available">
          {pointsText(loyalty.points)} ({money(loyalty.value)})
        </span>
        <button
          type="button"
          className="outline"
          style={button}
          disabled={plan.problem !== null}
          onClick={() => onApply(pointsTender(plan.amountCents, plan.points))}
        >
          Use points
        </button>
      </p>
      {plan.problem && loyalty.points > 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          <small data-testid="points-problem">{plan.problem}</small>
        </p>
      ) : null}
    </section>
  );
}

const row = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '.4rem .9rem', margin: '.25rem 0 .5rem' } as const;
const button = { width: 'auto', minHeight: 44, minWidth: 44, margin: 0 } as const;
