// The Credit Note Details modal: the note, its original invoice, where it was applied, and its notes.
import { api } from '../../../ui/api.js';
import { dateText, money } from '../../../ui/format.js';
import { useQuery } from '../../../ui/use-query.js';
import { Modal } from '../../../ui/components/modal.js';
import { WALK_IN, statusBadgeClass } from './credit-note-rules.js';
import type { CreditNote } from './types.js';

/** Loads GET /api/returns/credit-notes/<id> and shows it. */
export function DetailsModal({ noteId, onClose }: { noteId: number; onClose: () => void }) {
  const q = useQuery(['credit-note', noteId], () => api.get<{ credit_note: CreditNote }>(`/api/returns/credit-notes/${noteId}`));
  const note = q.data?.credit_note;
  return (
    <Modal
      open
      wide
      title="Credit Note Details"
      onClose={onClose}
      footer={
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      {q.loading && !note ? <p aria-busy="true">Loading credit note details...</p> : null}
      {q.error && !note ? (
        <p className="text-danger" role="alert">
          {q.error.message}
        </p>
      ) : null}
      {note ? (
        <div className="credit-note-details">
          <dl className="facts">
            <dt>Credit Note Number</dt>
            <dd>
              <strong>{note.number}</strong>
            </dd>
            <dt>Date</dt>
            <dd>{dateText(note.date)}</dd>
            <dt>Status</dt>
            <dd>
              <span className={statusBadgeClass(note.status)}>{note.status}</span>
            </dd>
            <dt>Reason</dt>
            <dd>{note.reason || 'N/A'}</dd>
            <dt>Total Amount</dt>
            <dd>{money(note.amount)}</dd>
            <dt>Applied Amount</dt>
            <dd>{money(note.applied_amount)}</dd>
            <dt>Available</dt>
            <dd>
              <strong>{money(note.available)}</strong>
            </dd>
          </dl>
          <h4>Original Invoice</h4>
          <dl className="facts">
            <dt>Invoice Number</dt>
            <dd>{note.invoice?.number || 'N/A'}</dd>
            <dt>Customer</dt>
            <dd>{note.invoice?.customer?.name || WALK_IN}</dd>
            <dt>Date</dt>
            <dd>{dateText(note.invoice?.date)}</dd>
            <dt>Total</dt>
            <dd>{money(note.invoice?.grand_total)}</dd>
          </dl>
          <h4>Applications</h4>
          {note.applications.length === 0 ? (
            <p className="muted">No applications yet</p>
          ) : (
            <div className="overflow-auto">
              <table className="striped applications-table">
                <thead>
                  <tr>
                    <th scope="col">Invoice</th>
                    <th scope="col">Date</th>
                    <th scope="col" className="num">
                      Amount Applied
                    </th>
                    <th scope="col">Notes</th>
                  </tr>
                </thead>
                <tbody>
                  {note.applications.map((a) => (
                    <tr key={a.id}>
                      <td>{a.invoice?.number || 'N/A'}</td>
                      <td>{dateText(a.applied_at)}</td>
                      <td className="num">{money(a.amount)}</td>
                      <td>{a.notes || '-'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h4>Notes</h4>
          <p>{note.notes || 'No notes'}</p>
        </div>
      ) : null}
    </Modal>
  );
}
