// A customer's points beside their name in the checkout dialog (#29; sales' slot 'checkout-customer'): the points
// and what they are worth, so the cashier can offer to pay with them.
import { money } from '../../../ui/format.js';
import type { CheckoutCustomerProps } from '../../sales/schemas.js';
import { pointsText } from './points-rules.js';
import { useCustomerPoints } from './use-loyalty.js';

export default function CustomerPoints({ customer }: CheckoutCustomerProps) {
  const { data } = useCustomerPoints(customer.id);
  if (!data) return null;
  return (
    <span className="loyalty-badge" data-testid="customer-points" style={badge}>
      {pointsText(data.points)} ({money(data.value)})
    </span>
  );
}

const badge = {
  display: 'inline-flex',
  alignItems: 'center',
  padding: '.15rem .6rem',
  borderRadius: '1rem',
  background: '#eef6ff',
  color: '#0b4f8a',
  fontWeight: 600,
  fontSize: '.9rem',
  fontVariantNumeric: 'tabular-nums',
} as const;
