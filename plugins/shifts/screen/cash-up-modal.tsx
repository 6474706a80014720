// Closing a shift: one input per S$ note and coin, the counted total, expected cash and variance live as
// the cashier types; Close Shift sends the count and the server keeps counted, expected and variance.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { FormModal } from '../../../ui/components/form-modal.js';
import { money } from '../../../ui/format.js';
import { toast } from '../../../ui/toast.js';
import { useQuery } from '../../../ui/use-query.js';
import { toDollars } from '../../../core/money.js';
import { DENOMINATIONS } from '../denominations.js';
import { countedBody, countTotal, emptyCount, type CountInputs } from './cash-up-rules.js';
import type { Shift, ShiftReport, ShiftReportReply } from './types.js';
import { Variance } from './variance.js';

export interface CashUpModalProps {
  shift: Shift;
  onClose: () => void;
  /** Called with the Z report once the shift is closed. */
  onClosed: (report: ShiftReport) => void;
  /** An ADMIN closing another till's forgotten shift from the Shifts screen (sent without this browser's till). */
  backOffice?: boolean;
}

/** The cash-up form titled 'Close Shift — Till 1'. */
export function CashUpModal({ shift, onClose, onClosed, backOffice }: CashUpModalProps) {
  const [inputs, setInputs] = useState<CountInputs>(emptyCount);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The expected cash as it stands now (sales keep coming in until the count is sent).
  const x = useQuery(['shift-x', shift.id], () => api.get<ShiftReportReply>(`/api/shifts/${shift.id}/x-report`));
  const expectedCents = x.data ? Math.round(x.data.report.cash.expected * 100) : null;
  const total = countTotal(inputs);
  const varianceCents = expectedCents === null ? null : total.cents - expectedCents;

  const submit = () => {
    if (total.invalid.length) {
      setError(`Enter whole numbers of notes and coins (check ${total.invalid.join(', ')})`);
      return;
    }
    setError(null);
    return (async () => {
      try {
        const r = await api.post<ShiftReportReply>(
          `/api/shifts/${shift.id}/close`,
          { counted: countedBody(inputs), ...(notes.trim() ? { notes: notes.trim() } : {}) },
          { backOffice },
        );
        toast.success(`Shift closed on ${shift.till}. Variance ${money(r.report.count?.variance ?? 0)}`);
        onClosed(r.report);
      } catch (err) {
        toast.error(`Failed to close shift: ${err instanceof Error ? err.message : String(err)}`);
      }
    })();
  };

  return (
    <FormModal
      title={`Close Shift — ${shift.till}`}
      formId="cash-up-form"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Close Shift"
      busyLabel="Closing..."
      wide
    >
      <p className="muted" style={{ marginTop: 0 }}>
        Count the drawer: how many of each note and coin.
      </p>
      <div className="cash-up-grid">
        {DENOMINATIONS.map((d) => (
          <label key={d.key}>
            {d.label}
            <input
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              placeholder="0"
              value={inputs[d.key]}
              aria-invalid={total.invalid.includes(d.label) || undefined}
              onChange={(e) => setInputs((c) => ({ ...c, [d.key]: e.target.value }))}
            />
          </label>
        ))}
      </div>
      <dl className="cash-up-totals" aria-live="polite">
        <dt>Counted total</dt>
        <dd data-testid="counted-total">{money(toDollars(total.cents))}</dd>
        <dt>Expected cash</dt>
        <dd data-testid="expected-cash">{expectedCents === null ? (x.error ? 'N/A' : '...') : money(toDollars(expectedCents))}</dd>
        <dt>Variance</dt>
        <dd data-testid="variance">
          <Variance value={varianceCents === null ? null : toDollars(varianceCents)} />
        </dd>
      </dl>
      <label>
        Notes (optional)
        <textarea
          rows={2}
          maxLength={500}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          placeholder="Why the drawer is over or short, if you know"
        />
      </label>
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
    </FormModal>
  );
}
