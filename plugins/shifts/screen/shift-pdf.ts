// Prints a shift's X or Z report: its 80 mm PDF in a new tab (the session cookie authenticates it).
import { toast } from '../../../ui/toast.js';

/** The report PDF's address (X while the shift is open, Z once closed). */
export const reportPdfUrl = (shiftId: number) => `/api/shifts/${shiftId}/report.pdf`;

/** Opens the report PDF; toasts when the browser blocks the popup. */
export function printReport(shiftId: number): void {
  try {
    const tab = window.open(reportPdfUrl(shiftId), '_blank');
    if (!tab) toast.error('Popup blocked. Please allow popups for this site.');
  } catch {
    toast.error('Failed to generate PDF');
  }
}
