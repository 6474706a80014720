// The points a sale earned and the customer's balance after it (#29), in the sale-complete dialog (sales' slot
// 'sale-complete'), from the checkout reply's `loyalty`; nothing for a walk-in's sale.
import type { SaleCompleteSlotProps } from '../../sales/schemas.js';
import type { SaleLoyalty } from './types.js';

/** The reply's `loyalty` (loyalty's own key: sales' reply type leaves it open), or null. */
export function saleLoyalty(sale: SaleCompleteSlotProps['sale']): SaleLoyalty | null {
  const l = (sale as { loyalty?: unknown }).loyalty;
  return l && typeof l === 'object' && typeof (l as SaleLoyalty).balance === 'number' ? (l as SaleLoyalty) : null;
}

export default function SalePoints({ sale }: SaleCompleteSlotProps) {
  const l = saleLoyalty(sale);
  if (!l) return null;
  const n = (x: number) => x.toLocaleString('en-SG');
  return (
    <dl className="sale-complete sale-points" aria-label="Points" data-testid="sale-points">
      <dt>Points earned</dt>
      <dd data-testid="sale-points-earned">{n(l.earned)}</dd>
      {l.redeemed > 0 ? (
        <>
          <dt>Points used</dt>
          <dd data-testid="sale-points-redeemed">{n(l.redeemed)}</dd>
        </>
      ) : null}
      <dt>Points balance</dt>
      <dd data-testid="sale-points-balance">{n(l.balance)}</dd>
    </dl>
  );
}
