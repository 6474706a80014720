// #17.6 the POS's Exchange: find the invoice (number or scan), pick the items coming back (quantity and reason);
// the cart is the new sale. The modal shows the refund, the new total and the difference to pay or to give
// back (kept on the credit note, or in money), and confirming calls POST /api/exchanges: one transaction.
import { useEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { api, ApiError } from '../../../ui/api.js';
import { money } from '../../../ui/format.js';
import { Modal } from '../../../ui/components/modal.js';
import { toast } from '../../../ui/toast.js';
import { useShopConfig } from '../../../ui/shop-config.js';
import { cart as defaultCart, type CartStore } from './cart-store.js';
import { newIdempotencyKey } from './checkout-rules.js';
import {
  backRefundCents, DIFFERENCE_METHODS, dollars, exchangeBody, exchangeProblem, REFUND_CHOICES, RETURN_REASONS, returnedCents,
  type BackItem, type DifferenceMethod, type ExchangeInvoice, type RefundChoice,
} from './exchange-rules.js';
import type { CheckoutReply } from './types.js';

export interface ExchangeModalProps {
  open: boolean;
  onClose: () => void;
  /** After the exchange: the new sale as checkout replies it (the POS shows it and prints its receipt). */
  onSuccess?: (sale: CheckoutReply) => void;
  store?: CartStore;
}

interface ExchangeReply {
  sale: CheckoutReply;
  creditNote: { number: string; status: string; available: number; redemption_code: string | null };
  difference: { to_pay: number; to_refund: number; refund_method: string; refund: { paid_out: number } | null };
}

/** The Exchange dialog. */
export function ExchangeModal({ open, onClose, onSuccess, store = defaultCart }: ExchangeModalProps) {
  useSignals();
  const [number, setNumber] = useState('');
  const [invoice, setInvoice] = useState<ExchangeInvoice | null>(null);
  const [back, setBack] = useState<BackItem[]>([]);
  const [method, setMethod] = useState<DifferenceMethod>('CASH');
  const [refund, setRefund] = useState<RefundChoice>('CREDIT_NOTE');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per exchange attempt: a retry of the same exchange after no answer cannot take the goods back twice.
  const attempt = useRef<{ key: string; body: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    setNumber(''); setInvoice(null); setBack([]); setMethod('CASH'); setRefund('CREDIT_NOTE'); setReference(''); setProblem(null);
  }, [open]);

  const config = useShopConfig();
  const gstRate = config?.gstRate ?? null;
  const items = store.items.value;
  const newTotalCents = store.totals(gstRate ?? 0, config?.pricesIncludeGst === true).totalCents;
  const lines = invoice?.items ?? [];
  const backCents = returnedCents(lines, back);
  const differenceCents = newTotalCents - backCents;
  const blocker = exchangeProblem({ invoice, back, cart: items, differenceCents, method, refund, reference });

  const find = async () => {
    const typed = number.trim();
    if (!typed) return;
    setProblem(null);
    try {
      const r = await api.get<{ invoices: ExchangeInvoice[] }>('/api/returns/invoices', { search: typed, pageSize: 20 });
      const hit = r.invoices.find((i) => i.number.toUpperCase() === typed.toUpperCase()) ?? (r.invoices.length === 1 ? r.invoices[0] : undefined);
      if (!hit) {
        setProblem(`No invoice ${typed} with items left to return`);
        return;
      }
      setInvoice(hit);
      setBack(hit.items.map(() => ({ qty: 0, reason: '' })));
    } catch {
      setProblem('Could not look up the invoice. Please try again.');
    }
  };

  const setLine = (i: number, patch: Partial<BackItem>) => setBack((all) => all.map((b, j) => (j === i ? { ...b, ...patch } : b)));

  const confirm = async () => {
    if (busy) return;
    if (blocker || !invoice || gstRate === null) {
      toast.error(blocker ?? 'Loading the shop\'s GST rate...');
      return;
    }
    setBusy(true);
    try {
      const body = exchangeBody({ invoice, back, cart: items, taxRate: gstRate, differenceCents, method, refund, reference });
      const bodyText = JSON.stringify(body);
      if (attempt.current?.body !== bodyText) attempt.current = { key: newIdempotencyKey(), body: bodyText };
      const reply = await api.post<ExchangeReply>('/api/exchanges', body, { headers: { 'Idempotency-Key': attempt.current.key } });
      attempt.current = null;
      const d = reply.difference;
      // Money back only as far as the sale took money (#25): whatever else is owed stays on the note, spent by its code.
      const note = reply.creditNote;
      const tail = (d.refund ? ` Refund ${money(d.refund.paid_out)} by ${d.refund_method}.` : '')
        + (note.available > 0 ? ` ${money(note.available)} left on credit note ${note.number}${note.redemption_code ? ` (code ${note.redemption_code})` : ''}.` : '');
      toast.success(`Exchange complete! Invoice #${reply.sale.number}.${tail}`);
      store.clear();
      onClose();
      onSuccess?.(reply.sale);
    } catch (err) {
      toast.error(err instanceof ApiError && err.status < 500 && err.message ? err.message : 'Exchange failed. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const footer = (
    <>
      <button type="button" className="secondary" onClick={onClose} disabled={busy}>Cancel</button>
      <button type="button" onClick={() => void confirm()} disabled={busy || !!blocker} aria-busy={busy}>{busy ? 'Processing...' : 'Confirm Exchange'}</button>
    </>
  );

  return (
    <Modal title="Exchange" open={open} onClose={() => { if (!busy) onClose(); }} footer={footer} wide>
      <div className="exchange-body">
        <label>
          Invoice
          <span className="note-lookup">
            <input
              type="search" autoComplete="off" maxLength={40} placeholder="Scan or type the invoice number" aria-label="Invoice number"
              value={number} onChange={(e) => setNumber(e.target.value)}
              onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void find(); } }}
            />
            <button type="button" className="secondary" onClick={() => void find()} disabled={!number.trim()}>Find</button>
          </span>
        </label>
        {problem ? <p className="error-text" role="alert"><small>{problem}</small></p> : null}

        {invoice ? (
          <>
            <p><strong>{invoice.number}</strong> · {invoice.customer?.name || 'Walk-in Customer'} · Total {money(invoice.grand_total)}</p>
            <table className="exchange-lines">
              <thead><tr><th scope="col">Coming back</th><th scope="col">Qty</th><th scope="col">Reason</th><th scope="col" className="num">Refund</th></tr></thead>
              <tbody>
                {lines.map((line, i) => {
                  const b = back[i] ?? { qty: 0, reason: '' };
                  return (
                    <tr key={line.id}>
                      <td>{line.description}{line.size ? ` · Size ${line.size}` : ''}<br /><small>max {line.returnable_qty}</small></td>
                      <td>
                        <input
                          type="number" min={0} max={line.returnable_qty} step={1} aria-label={`Quantity back of ${line.description}`}
                          disabled={line.returnable_qty <= 0} value={b.qty}
                          onChange={(e) => setLine(i, { qty: Math.max(0, Math.min(line.returnable_qty, Math.floor(Number(e.target.value) || 0))) })}
                        />
                      </td>
                      <td>
                        <select aria-label={`Reason for ${line.description}`} value={b.reason} disabled={line.returnable_qty <= 0} onChange={(e) => setLine(i, { reason: e.target.value })}>
                          <option value="">Select reason</option>
                          {RETURN_REASONS.map((r) => <option key={r} value={r}>{r}</option>)}
                        </select>
                      </td>
                      <td className="num">{money(dollars(backRefundCents(line, b.qty)))}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </>
        ) : null}

        <dl className="totals">
          <dt>Refund (goods back)</dt><dd data-testid="exchange-refund">{money(dollars(backCents))}</dd>
          <dt>New sale ({items.reduce((n, i) => n + i.qty, 0)} items in the cart)</dt><dd data-testid="exchange-new-total">{money(dollars(newTotalCents))}</dd>
          <dt><strong>{differenceCents >= 0 ? 'To pay' : 'To refund'}</strong></dt>
          <dd><strong data-testid="exchange-difference">{money(dollars(Math.abs(differenceCents)))}</strong></dd>
        </dl>

        {differenceCents > 0 ? (
          <label>
            Pay the difference by
            <select aria-label="Pay the difference by" value={method} onChange={(e) => { setMethod(e.target.value as DifferenceMethod); setReference(''); }}>
              {DIFFERENCE_METHODS.map((m) => <option key={m.value} value={m.value}>{m.label}</option>)}
            </select>
          </label>
        ) : null}
        {differenceCents < 0 ? (
          <label>
            Refund the difference as
            <select aria-label="Refund the difference as" value={refund} onChange={(e) => { setRefund(e.target.value as RefundChoice); setReference(''); }}>
              {REFUND_CHOICES.map((m) => <option key={m.value} value={m.value}>{m.label}</option>)}
            </select>
          </label>
        ) : null}
        {(differenceCents > 0 && method !== 'CASH') || (differenceCents < 0 && (refund === 'NETS' || refund === 'PAYNOW')) ? (
          <label>
            Reference
            <input type="text" maxLength={200} aria-label="Reference" value={reference} onChange={(e) => setReference(e.target.value)} placeholder="NETS approval code or PayNow reference" />
          </label>
        ) : null}
        {blocker && invoice ? <p className="error-text"><small>{blocker}</small></p> : null}
      </div>
    </Modal>
  );
}
