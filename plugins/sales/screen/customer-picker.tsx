// Who the sale is for: Walk-in Customer (default) or a registered customer found by search (credit when they have a
// credit limit; otherwise they pay at the till, on their own name). #29: members are found by phone (digits typed
// any way), and join here with a name and a phone number.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { money } from '../../../ui/format.js';
import { useDebounced } from '../../../ui/use-debounced.js';
import { useQuery } from '../../../ui/use-query.js';
import { Slot } from '../../../ui/slot.js';
import { WALK_IN_NAME } from './checkout-rules.js';
import { JoinCustomer } from './join-customer.js';
import type { CheckoutCustomerProps } from '../schemas.js';
import type { CustomerSummary } from './types.js';

export interface CustomerPickerProps {
  selected: CustomerSummary | null;
  onSelect: (customer: CustomerSummary | null) => void;
}

/** A Walk-in button plus a customer search (GET /api/customers?search=) listing matches to choose from. */
export function CustomerPicker({ selected, onSelect }: CustomerPickerProps) {
  const [search, setSearch] = useState('');
  const [joining, setJoining] = useState(false);
  const term = useDebounced(search.trim(), 250);
  const results = useQuery(['checkout-customers', term], async () =>
    term ? (await api.get<{ customers: CustomerSummary[] }>('/api/customers', { search: term, pageSize: 20 })).customers : [],
  );

  return (
    <fieldset className="customer-picker">
      <legend>
        <strong>Customer</strong>
      </legend>
      <div className="customer-choice">
        <label>
          <input type="radio" name="checkout-customer" checked={!selected} onChange={() => onSelect(null)} />
          {WALK_IN_NAME}
        </label>
        {selected ? (
          <label>
            <input type="radio" name="checkout-customer" checked readOnly />
            {selected.name}
            {selected.company ? ` (${selected.company})` : ''}
          </label>
        ) : null}
        {/* Other plugins' part of the chosen customer (#29 loyalty: their points). */}
        {selected ? <Slot<CheckoutCustomerProps> name="checkout-customer" props={{ customer: { id: selected.id, name: selected.name } }} /> : null}
      </div>
      {joining ? (
        <JoinCustomer
          onCancel={() => setJoining(false)}
          onJoined={(c) => {
            setJoining(false);
            setSearch('');
            onSelect(c);
          }}
        />
      ) : (
        <div className="customer-search-row">
          <input
            type="search"
            placeholder="Search customers by name, phone or company..."
            aria-label="Search customers"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <button type="button" className="outline secondary customer-join" onClick={() => setJoining(true)}>
            New customer
          </button>
        </div>
      )}
      {term && !joining ? (
        <ul className="customer-results" aria-label="Customer results">
          {results.loading && !results.data ? (
            <li>
              <small>Searching...</small>
            </li>
          ) : null}
          {results.error ? (
            <li>
              <small>Error loading customers: {results.error.message}</small>
            </li>
          ) : null}
          {results.data && results.data.length === 0 ? (
            <li>
              <small>No customers found</small>
            </li>
          ) : null}
          {(results.data ?? []).map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className={`outline${selected?.id === c.id ? '' : ' secondary'}`}
                onClick={() => {
                  onSelect(c);
                  setSearch('');
                }}
              >
                <span>
                  {c.name}
                  {c.company ? ` (${c.company})` : ''}
                  {c.phone ? <span className="customer-phone"> · {c.phone}</span> : null}
                </span>
                <small>{c.credit_limit > 0 ? ` Available credit: ${money(c.credit_limit - c.outstanding_balance)}` : ' No credit: pays at the till'}</small>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
