// The X report (open shift, loaded fresh) or the Z report (closed shift) in a modal, with Print.
import { api } from '../../../ui/api.js';
import { Modal } from '../../../ui/components/modal.js';
import { useQuery } from '../../../ui/use-query.js';
import { ReportView } from './report-view.js';
import { printReport } from './shift-pdf.js';
import type { ShiftReport, ShiftReportReply } from './types.js';

export interface ReportModalProps {
  shiftId: number;
  /** The report when the caller has it (the close's reply); else it is loaded (X while open, Z once closed). */
  report?: ShiftReport;
  kind: 'X' | 'Z';
  onClose: () => void;
}

/** The modal titled 'X Report — Till 1' / 'Z Report — Till 1'. */
export function ReportModal({ shiftId, report, kind, onClose }: ReportModalProps) {
  const q = useQuery(
    ['shift-report', shiftId, kind, Boolean(report)],
    async () => report ?? (await api.get<ShiftReportReply>(`/api/shifts/${shiftId}/${kind === 'Z' ? 'z-report' : 'x-report'}`)).report,
  );
  const r = q.data;
  return (
    <Modal
      open
      wide
      title={`${kind} Report${r ? ` — ${r.shift.till}` : ''}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>
            Done
          </button>
          <button type="button" onClick={() => printReport(shiftId)}>
            Print
          </button>
        </>
      }
    >
      {q.error ? (
        <p role="alert" className="text-danger">
          Error loading report: {q.error.message}
        </p>
      ) : null}
      {!r && !q.error ? <p aria-busy="true">Loading report...</p> : null}
      {r ? <ReportView report={r} /> : null}
    </Modal>
  );
}
