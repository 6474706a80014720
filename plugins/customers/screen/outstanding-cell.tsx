// An outstanding balance: red when above 0, with an 'Overdue' tag when an unpaid invoice is past due.
import { money } from '../../../ui/format.js';
import type { Customer } from './types.js';

/** The balance text plus the Overdue tag. */
export function OutstandingCell({ customer }: { customer: Pick<Customer, 'outstanding_balance' | 'overdue'> }) {
  const owing = customer.outstanding_balance > 0;
  return (
    <>
      <strong className={owing ? 'money text-danger' : 'money'}>{money(customer.outstanding_balance)}</strong>
      {customer.overdue ? (
        <>
          {' '}
          <span className="badge badge-red">Overdue</span>
        </>
      ) : null}
    </>
  );
}
