// The sale-complete panel: invoice number, total, tendered and CHANGE DUE in large type, 'Print receipt' again and
// 'New sale' (focused, so Enter starts the next sale). It replaces the 3-second toast as the place the change is read.
import { useEffect, useRef } from 'react';
import { money } from '../../../ui/format.js';
import { Modal } from '../../../ui/components/modal.js';
import { Slot } from '../../../ui/slot.js';
import type { SaleCompleteSlotProps } from '../schemas.js';
import type { CheckoutReply } from './types.js';

export interface SaleCompleteProps {
  sale: CheckoutReply | null;
  onPrint: (invoiceId: number) => void;
  onNewSale: () => void;
}

/** Shown after checkout until the cashier starts a new sale. */
export function SaleComplete({ sale, onPrint, onNewSale }: SaleCompleteProps) {
  const newSale = useRef<HTMLButtonElement>(null);
  // After the dialog's own focus (its first button): the parent's effect runs last, so Enter means 'New sale'.
  useEffect(() => {
    if (sale) newSale.current?.focus();
  }, [sale]);
  if (!sale) return null;
  const inv = sale.invoice;
  const tendered = inv.tendered ?? inv.amount_paid;
  const footer = (
    <>
      <button type="button" className="secondary" onClick={() => onPrint(sale.invoiceId)}>
        Print receipt
      </button>
      <button type="button" ref={newSale} onClick={onNewSale} aria-keyshortcuts="Enter">
        New sale
      </button>
    </>
  );
  return (
    <Modal title="Sale complete" open onClose={onNewSale} footer={footer}>
      <dl className="sale-complete" data-testid="sale-complete">
        <dt>Invoice</dt>
        <dd data-testid="sale-number">{sale.number}</dd>
        <dt>Total</dt>
        <dd data-testid="sale-total">{money(inv.grand_total)}</dd>
        {inv.rounding ? (
          <>
            <dt>Rounding</dt>
            <dd data-testid="sale-rounding">{money(inv.rounding)}</dd>
            <dt>Amount due</dt>
            <dd data-testid="sale-amount-due">{money(inv.amount_due)}</dd>
          </>
        ) : null}
        <dt>Tendered</dt>
        <dd data-testid="sale-tendered">{money(tendered)}</dd>
        {inv.outstanding > 0 ? (
          <>
            <dt>On account</dt>
            <dd data-testid="sale-outstanding">{money(inv.outstanding)}</dd>
          </>
        ) : null}
      </dl>
      {/* #29: what other plugins show of the sale (gift-cards: the cards sold and their codes) */}
      <Slot<SaleCompleteSlotProps> name="sale-complete" props={{ sale }} />
      <p className="change-due" role="status">
        <span className="change-due-label">CHANGE DUE</span>
        <span className="change-due-amount" data-testid="sale-change">
          {money(inv.change)}
        </span>
      </p>
    </Modal>
  );
}
