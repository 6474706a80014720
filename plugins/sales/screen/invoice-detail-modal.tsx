// The invoice detail modal: invoice and customer info, items, totals, payments, 'Download PDF', 'Reprint'
// (the 80 mm receipt) and 'Void Invoice' (reason required).
import { useEffect, useState } from 'react';
import { api } from '../../../ui/api.js';
import { dateText, dateTimeText, money } from '../../../ui/format.js';
import { Modal } from '../../../ui/components/modal.js';
import { toast } from '../../../ui/toast.js';
import { useQuery } from '../../../ui/use-query.js';
import { rateToBps, toCents } from '../../../core/money.js';
import { includedGstText } from '../pricing.js';
import { printedItem } from '../adjustments-print.js';
import { downloadInvoicePdf, PDF_FAILED } from './invoice-rules.js';
import { printReceipt } from './print-receipt.js';
import { VoidInvoiceForm } from './void-invoice-form.js';
import type { Invoice } from './types.js';

export interface InvoiceDetailModalProps {
  invoiceId: number | null;
  onClose: () => void;
  /** After a void: the list reloads. */
  onChanged?: () => void;
}

const percent = (rate: number) => `${Math.round(rate * 10_000) / 100}%`;

function Details({ inv }: { inv: Invoice }) {
  const c = inv.customer;
  return (
    <>
      <div className="invoice-detail-grid">
        <section aria-label="Invoice information">
          <h5>Invoice</h5>
          <dl className="totals">
            <dt>Number</dt>
            <dd>{inv.number}</dd>
            <dt>ID</dt>
            <dd>{inv.id}</dd>
            <dt>Date</dt>
            <dd>{dateTimeText(inv.date)}</dd>
            <dt>Status</dt>
            <dd>
              <span className={`status-badge status-${inv.payment_status}`}>{inv.payment_status}</span>
            </dd>
            <dt>Payment method</dt>
            <dd>{inv.payment_method}</dd>
            {inv.due_date ? (
              <>
                <dt>Due date</dt>
                <dd>{dateText(inv.due_date)}</dd>
              </>
            ) : null}
            {inv.created_by ? (
              <>
                <dt>Served by</dt>
                <dd>{inv.created_by}</dd>
              </>
            ) : null}
            {inv.void_reason ? (
              <>
                <dt>Void reason</dt>
                <dd>{inv.void_reason}</dd>
              </>
            ) : null}
            {inv.void_approved_by ? (
              <>
                <dt>Void approved by</dt>
                <dd>{inv.void_approved_by}</dd>
              </>
            ) : null}
          </dl>
        </section>
        <section aria-label="Customer information">
          <h5>Customer</h5>
          <dl className="totals">
            <dt>Name</dt>
            <dd>{c.name}</dd>
            {c.company ? (
              <>
                <dt>Company</dt>
                <dd>{c.company}</dd>
              </>
            ) : null}
            {c.phone ? (
              <>
                <dt>Phone</dt>
                <dd>{c.phone}</dd>
              </>
            ) : null}
            {c.email ? (
              <>
                <dt>Email</dt>
                <dd>{c.email}</dd>
              </>
            ) : null}
            {c.billing_address ? (
              <>
                <dt>Address</dt>
                <dd>{c.billing_address}</dd>
              </>
            ) : null}
            {c.uen ? (
              <>
                <dt>UEN</dt>
                <dd>{c.uen}</dd>
              </>
            ) : null}
            <dt>Tax invoice</dt>
            <dd data-testid="invoice-tax-invoice">{inv.tax_invoice === 'FULL' ? 'Full' : 'Simplified'}</dd>
          </dl>
        </section>
      </div>
      <h5>Items</h5>
      <div className="overflow-auto">
        <table className="striped">
          <thead>
            <tr>
              <th>Description</th>
              <th>SKU</th>
              <th>Size</th>
              <th className="num">Qty</th>
              <th className="num">Unit Price</th>
              <th className="num">Discount</th>
              <th className="num">Total</th>
            </tr>
          </thead>
          <tbody>
            {(inv.items ?? []).map((i) => {
              // #28.2: as every receipt prints it: the line before its adjustments, with only the cashier's discount.
              const printed = printedItem(i);
              return (
                <tr key={i.id}>
                  <td>{i.description}</td>
                  <td>{i.product?.sku ?? 'N/A'}</td>
                  <td>{i.size ?? ''}</td>
                  <td className="num">{i.qty}</td>
                  <td className="num">{money(i.unit_price)}</td>
                  <td className="num">{printed.ownDiscount ? money(printed.ownDiscount) : ''}</td>
                  <td className="num">{money(printed.amount)}</td>
                </tr>
              );
            })}
            {/* The adjustments (a promotion's discount) by label and amount: with the lines they make the Subtotal. */}
            {(inv.adjustments ?? []).map((a) => (
              <tr key={`${a.source}\u0000${a.code}\u0000${a.label}\u0000${a.ref_id ?? ''}`} className="invoice-adjustment" data-testid="invoice-adjustment">
                <td colSpan={6}>{a.label}</td>
                <td className="num">{money(a.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="totals" aria-label="Totals">
        <dt>Subtotal</dt>
        <dd>{money(inv.subtotal)}</dd>
        {/* The sale's own discount: the lines' discounts and the adjustments are already inside the Subtotal above. */}
        {inv.invoice_discount > 0 ? (
          <>
            <dt>Discount</dt>
            <dd data-testid="invoice-discount">-{money(inv.invoice_discount)}</dd>
          </>
        ) : null}
        {inv.prices_include_gst ? null : (
          <>
            <dt>GST ({percent(inv.tax_rate)})</dt>
            <dd>{money(inv.tax_total)}</dd>
          </>
        )}
        <dt>
          <strong>Total</strong>
        </dt>
        <dd>
          <strong>{money(inv.grand_total)}</strong>
        </dd>
        {inv.prices_include_gst ? (
          <>
            <dt />
            <dd data-testid="invoice-gst-included">{includedGstText(toCents(inv.tax_total), rateToBps(inv.tax_rate))}</dd>
          </>
        ) : null}
        {inv.rounding ? (
          <>
            <dt>Rounding</dt>
            <dd data-testid="invoice-rounding">{money(inv.rounding)}</dd>
            <dt>Amount due</dt>
            <dd>{money(inv.amount_due)}</dd>
          </>
        ) : null}
        <dt>Paid</dt>
        <dd>{money(inv.amount_paid)}</dd>
        <dt>Outstanding</dt>
        <dd>{money(inv.outstanding)}</dd>
        {inv.tendered ? (
          <>
            <dt>Cash tendered</dt>
            <dd>{money(inv.tendered)}</dd>
            <dt>Change</dt>
            <dd>{money(inv.change ?? 0)}</dd>
          </>
        ) : null}
      </dl>
      <h5>Payments</h5>
      {(inv.payments ?? []).length === 0 ? (
        <p>
          <small>No payments recorded</small>
        </p>
      ) : (
        <table className="striped">
          <thead>
            <tr>
              <th>Date</th>
              <th>Method</th>
              <th>Reference</th>
              <th className="num">Amount</th>
            </tr>
          </thead>
          <tbody>
            {(inv.payments ?? []).map((p) => (
              <tr key={p.id}>
                <td>{dateTimeText(p.date)}</td>
                <td>{p.method}</td>
                <td>{p.reference || ''}</td>
                <td className="num">{money(p.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** Loads GET /api/invoices/<id> and shows it; closed when invoiceId is null. */
export function InvoiceDetailModal({ invoiceId, onClose, onChanged }: InvoiceDetailModalProps) {
  const [downloading, setDownloading] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [voiding, setVoiding] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when another invoice is shown: its void form starts closed
  useEffect(() => setVoiding(false), [invoiceId]);
  const q = useQuery(['invoice', invoiceId], async () =>
    invoiceId === null ? null : (await api.get<{ invoice: Invoice }>(`/api/invoices/${invoiceId}`)).invoice,
  );
  const inv = q.data && q.data.id === invoiceId ? q.data : null;

  const download = async () => {
    if (!inv) return;
    setDownloading(true);
    try {
      await downloadInvoicePdf(inv);
    } catch {
      toast.error(PDF_FAILED);
    } finally {
      setDownloading(false);
    }
  };

  const reprint = async () => {
    if (!inv) return;
    setPrinting(true);
    await printReceipt(inv.id, { reprint: true });
    setPrinting(false);
  };

  const footer = voiding ? null : (
    <>
      <button type="button" className="secondary" onClick={onClose}>
        Close
      </button>
      {inv && inv.payment_status !== 'VOID' ? (
        <button type="button" className="secondary outline" onClick={() => setVoiding(true)}>
          Void Invoice
        </button>
      ) : null}
      <button type="button" className="secondary" onClick={() => void reprint()} disabled={!inv || printing} aria-busy={printing || undefined}>
        Reprint
      </button>
      <button type="button" onClick={() => void download()} disabled={!inv || downloading} aria-busy={downloading}>
        Download PDF
      </button>
    </>
  );

  return (
    <Modal title={inv ? `Invoice ${inv.number}` : 'Invoice Details'} open={invoiceId !== null} onClose={onClose} footer={footer} wide>
      {q.error && !inv ? <p className="error-text">Error loading invoice: {q.error.message}</p> : null}
      {!inv && !q.error ? <p aria-busy="true">Loading invoice...</p> : null}
      {inv ? <Details inv={inv} /> : null}
      {inv && voiding ? (
        <VoidInvoiceForm
          invoice={inv}
          onCancel={() => setVoiding(false)}
          onVoided={() => {
            setVoiding(false);
            void q.reload();
            onChanged?.();
          }}
        />
      ) : null}
    </Modal>
  );
}
