// The Process Return modal: pick an invoice, set a returned quantity (capped at what is left) and a reason
// per line, optional notes; the refund is shown live with the server's own arithmetic.
import { useMemo, useState } from 'react';
import { api } from '../../../ui/api.js';
import { dateText, money } from '../../../ui/format.js';
import { useDebounced } from '../../../ui/use-debounced.js';
import { useQuery } from '../../../ui/use-query.js';
import { FormModal, hasProblem } from '../../../ui/components/form-modal.js';
import { toast } from '../../../ui/toast.js';
import { ReasonSelect } from './reason-select.js';
import {
  REFUND_METHOD_OPTIONS,
  RETURN_FAILED,
  capQty,
  lineRefund,
  paidText,
  refundFields,
  returnBody,
  returnError,
  returnSuccess,
  type DraftItem,
  type RefundChoice,
  type RefundMethodChoice,
} from './return-rules.js';
import type { CreatedReturn, ReturnableInvoice, ReturnableInvoiceList } from './types.js';

export interface ProcessReturnModalProps {
  /** The returnable invoices the screen already loaded (newest first). */
  invoices: ReturnableInvoice[];
  onClose: () => void;
  /** Called with the server's reply after it processed the return (the caller reloads its lists, shows the note). */
  onDone: (reply: CreatedReturn) => void;
}

const SEARCH_DELAY_MS = 250;

/** Label of an invoice in the picker: number, customer, total and date. */
const invoiceLabel = (inv: ReturnableInvoice) =>
  `${inv.number} - ${inv.customer?.name || 'Walk-in Customer'} - ${money(inv.grand_total)} (${dateText(inv.date)})`;

/** The modal; submits POST /api/returns. */
export function ProcessReturnModal({ invoices, onClose, onDone }: ProcessReturnModalProps) {
  const [searchText, setSearchText] = useState('');
  const [invoice, setInvoice] = useState<ReturnableInvoice | null>(null);
  const [drafts, setDrafts] = useState<DraftItem[]>([]);
  const [notes, setNotes] = useState('');
  const [refund, setRefund] = useState<RefundChoice>({ method: 'CREDIT_NOTE', reference: '' });

  const term = useDebounced(searchText, SEARCH_DELAY_MS).trim();

  // Older invoices than the loaded page are found by searching the server.
  const found = useQuery(['returnable-invoices', term], () =>
    term ? api.get<ReturnableInvoiceList>('/api/returns/invoices', { search: term, pageSize: 100 }) : Promise.resolve(null),
  );
  const options = term ? (found.data?.invoices ?? []) : invoices;
  const lines = useMemo(() => invoice?.items ?? [], [invoice]);

  const choose = (value: string) => {
    const inv = options.find((i) => String(i.id) === value) ?? null;
    setInvoice(inv);
    // A newly chosen invoice starts with nothing returned.
    setDrafts((inv?.items ?? []).map(() => ({ qty: 0, reason: '' })));
  };

  const setDraft = (i: number, patch: Partial<DraftItem>) => setDrafts((all) => all.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  const total = lines.reduce((s, line, i) => s + Math.round(lineRefund(line, drafts[i]?.qty ?? 0) * 100), 0) / 100;

  const submit = async () => {
    if (hasProblem(returnError(invoice?.id ?? null, drafts, refund))) return;
    let reply: CreatedReturn;
    try {
      reply = await api.post<CreatedReturn>('/api/returns', { ...returnBody(invoice!.id, lines, drafts, notes), ...refundFields(refund) });
    } catch {
      toast.error(RETURN_FAILED);
      return;
    }
    toast.success(returnSuccess(refund.method, reply));
    onDone(reply);
  };

  return (
    <FormModal
      wide
      title="Process Return"
      formId="process-return-form"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Process Return"
      busyLabel="Processing..."
    >
      <input
        type="search"
        className="invoice-search"
        aria-label="Search invoices"
        placeholder="Search invoices by number or customer..."
        value={searchText}
        onChange={(e) => setSearchText(e.target.value)}
      />
      <label htmlFor="return-invoice">
        Select Invoice
        <select id="return-invoice" value={invoice?.id ?? ''} onChange={(e) => choose(e.target.value)}>
          <option value="">Choose an invoice...</option>
          {invoice && !options.some((o) => o.id === invoice.id) ? <option value={invoice.id}>{invoiceLabel(invoice)}</option> : null}
          {options.map((inv) => (
            <option key={inv.id} value={inv.id}>
              {invoiceLabel(inv)}
            </option>
          ))}
        </select>
      </label>

      {invoice ? (
        <>
          <p>
            <strong>{invoice.number}</strong> · {invoice.customer?.name || 'Walk-in Customer'} · {dateText(invoice.date)} · Total {money(invoice.grand_total)}
          </p>
          <div className="overflow-auto">
            <table className="return-lines">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col" className="num">
                    Sold
                  </th>
                  <th scope="col" className="num">
                    Unit Price
                  </th>
                  <th scope="col" className="num">
                    Line Total
                  </th>
                  <th scope="col">Return Qty</th>
                  <th scope="col">Reason</th>
                  <th scope="col" className="num">
                    Refund
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line, i) => {
                  const d = drafts[i] ?? { qty: 0, reason: '' };
                  return (
                    <tr key={line.id} data-line-id={line.id}>
                      <td>
                        <strong>{line.description}</strong>
                        <br />
                        <small>
                          SKU: {line.sku || 'N/A'}
                          {line.size ? ` · Size ${line.size}` : ''}
                        </small>
                        <br />
                        <small data-testid="return-line-paid">{paidText(line)}</small>
                        {line.returned_qty > 0 ? (
                          <>
                            <br />
                            <small>Already returned: {line.returned_qty}</small>
                          </>
                        ) : null}
                      </td>
                      <td className="num">{line.qty}</td>
                      <td className="num">{money(line.unit_price)}</td>
                      <td className="num">{money(line.line_total)}</td>
                      <td>
                        <input
                          type="number"
                          min={0}
                          max={line.returnable_qty}
                          step={1}
                          aria-label={`Return quantity for ${line.description}`}
                          disabled={line.returnable_qty <= 0}
                          value={d.qty}
                          onChange={(e) => setDraft(i, { qty: capQty(e.target.value, line.returnable_qty) })}
                        />
                        <br />
                        <small>max {line.returnable_qty}</small>
                      </td>
                      <td>
                        <ReasonSelect
                          label={`Return reason for ${line.description}`}
                          value={d.reason}
                          disabled={line.returnable_qty <= 0}
                          onChange={(reason) => setDraft(i, { reason })}
                        />
                      </td>
                      <td className="num">{money(lineRefund(line, d.qty))}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="return-total">
            <span>Total Refund (incl. GST):</span>
            <strong data-testid="return-total">{money(total)}</strong>
          </div>
        </>
      ) : null}

      <div className="refund-as">
        <label htmlFor="return-refund-method">
          Refund as
          <select id="return-refund-method" value={refund.method} onChange={(e) => setRefund({ method: e.target.value as RefundMethodChoice, reference: '' })}>
            {REFUND_METHOD_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        {refund.method !== 'CREDIT_NOTE' ? (
          <label htmlFor="return-refund-reference">
            {refund.method === 'CASH' ? 'Reference (optional)' : 'Reference'}
            <input
              id="return-refund-reference"
              type="text"
              maxLength={200}
              placeholder={refund.method === 'NETS' ? 'NETS approval code' : refund.method === 'PAYNOW' ? 'PayNow transaction reference' : ''}
              value={refund.reference}
              onChange={(e) => setRefund({ ...refund, reference: e.target.value })}
            />
          </label>
        ) : null}
      </div>

      <label htmlFor="return-notes">
        Notes (optional)
        <textarea id="return-notes" rows={2} maxLength={2000} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </label>
    </FormModal>
  );
}
