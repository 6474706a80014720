// Hold a sale (#26.5): 'Hold' parks the cart at this till under a name or number (the server keeps it, so a reload
// or another tab keeps it too); 'Held (N)' lists the till's held sales and one tap resumes one. Resuming over a cart
// with lines is refused with a toast: the cashier holds or finishes that sale first, so no sale is ever lost.
import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { api, ApiError } from '../../../ui/api.js';
import { FormModal } from '../../../ui/components/form-modal.js';
import { Modal } from '../../../ui/components/modal.js';
import { dateTimeText, money } from '../../../ui/format.js';
import { toast } from '../../../ui/toast.js';
import { tillName } from '../../../ui/till.js';
import type { CartStore, HeldCartSnapshot } from './cart-store.js';

/** A held sale as /api/held-sales answers it (shifts' HeldSale schema; tests/held-sale-types.test.ts keeps them equal). */
export interface HeldSale {
  id: number;
  label: string;
  cart: HeldCartSnapshot;
  item_count: number;
  total: number;
  created_at: string;
  created_by: string | null;
}
interface HeldSaleReply {
  held_sale: HeldSale;
}
interface HeldSaleListReply {
  held_sales: HeldSale[];
}

/** The label the Hold dialog offers: one past the highest 'Hold N' held (else 'Hold 1'). */
export function nextHoldLabel(labels: string[]): string {
  const n = labels.reduce((max, l) => Math.max(max, Number(/^Hold (\d{1,6})$/.exec(l)?.[1] ?? 0)), 0);
  return `Hold ${n + 1}`;
}

const errorText = (err: unknown) => (err instanceof ApiError ? err.message : 'The till could not reach the server');

/** The Hold and Held (N) buttons of the cart's header, and their dialogs. `total`: the cart's total as shown. */
export function HoldButtons({ store, total }: { store: CartStore; total: number }) {
  useSignals();
  const [held, setHeld] = useState<HeldSale[]>([]);
  const [holding, setHolding] = useState<string | null>(null);
  const [listing, setListing] = useState(false);
  const empty = store.isEmpty.value;
  // Held sales belong to a till: none are asked for until this browser names its till (the shift bar).
  const till = tillName.value;

  const refresh = async () => {
    if (!tillName.peek()) {
      setHeld([]);
      return;
    }
    try {
      setHeld((await api.get<HeldSaleListReply>('/api/held-sales')).held_sales);
    } catch {
      // No till named yet, or offline: the count waits for the next refresh.
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads on purpose when the till (a signal) changes; refresh reads it with peek() and is new each render
  useEffect(() => {
    void refresh();
  }, [till]);

  const hold = async () => {
    const label = (holding ?? '').trim();
    if (!label) {
      toast.error('Give the held sale a name or number');
      return;
    }
    // A held sale keeps its goods and, beside them, other plugins' items (a gift card, #29); an item alone is sold, not held.
    const charges = store.charges.peek();
    if (store.items.peek().length === 0 && charges.length > 0) {
      toast.error(`${charges.map((c) => c.label).join(', ')} alone cannot be held: finish the sale`);
      return;
    }
    try {
      const r = await api.post<HeldSaleReply>('/api/held-sales', { label, cart: store.snapshot(), total: Math.max(0, total) });
      store.clear();
      setHolding(null);
      setHeld((h) => [r.held_sale, ...h]);
      toast.success(`Sale held as ${r.held_sale.label}`);
    } catch (err) {
      toast.error(errorText(err));
    }
  };

  const resume = async (sale: HeldSale) => {
    if (!store.isEmpty.peek()) {
      toast.error('The cart has a sale: hold it or finish it before resuming another');
      return;
    }
    try {
      const r = await api.delete<HeldSaleReply>(`/api/held-sales/${sale.id}`);
      store.restore(r.held_sale.cart);
      setHeld((h) => h.filter((x) => x.id !== sale.id));
      setListing(false);
      toast.success(`Resumed ${r.held_sale.label}`);
    } catch (err) {
      toast.error(errorText(err));
      void refresh();
    }
  };

  return (
    <>
      <button
        type="button"
        className="secondary outline pos-hold-button"
        disabled={empty}
        title="Park this sale under a name or number"
        onClick={() => setHolding(nextHoldLabel(held.map((h) => h.label)))}
      >
        Hold
      </button>
      <button
        type="button"
        className="secondary outline pos-hold-button"
        data-testid="held-button"
        title="Sales held at this till"
        onClick={() => {
          setListing(true);
          void refresh();
        }}
      >
        Held ({held.length})
      </button>
      {holding !== null ? (
        <FormModal
          title="Hold this sale"
          formId="hold-sale-form"
          onClose={() => setHolding(null)}
          onSubmit={() => hold()}
          submitLabel="Hold"
          busyLabel="Holding..."
        >
          <label>
            Name or number
            <input
              type="text"
              name="label"
              maxLength={60}
              autoComplete="off"
              aria-label="Name or number"
              value={holding}
              onChange={(e) => setHolding(e.target.value)}
              onFocus={(e) => e.target.select()}
            />
          </label>
        </FormModal>
      ) : null}
      <Modal title={`Held sales (${held.length})`} open={listing} onClose={() => setListing(false)}>
        {held.length === 0 ? (
          <p className="muted">No sales held at this till.</p>
        ) : (
          <ul className="held-sales">
            {held.map((h) => (
              <li key={h.id}>
                <button type="button" className="secondary outline held-sale-row" aria-label={`Resume ${h.label}`} onClick={() => void resume(h)}>
                  <strong>{h.label}</strong>
                  <span>
                    {h.item_count} item{h.item_count === 1 ? '' : 's'}
                  </span>
                  <span className="num">{money(h.total)}</span>
                  <small>{dateTimeText(h.created_at)}</small>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
}
