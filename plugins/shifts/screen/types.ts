// The shapes the shift screens read, from the server's one declaration (schemas.ts).
export type { CashMovement, Shift, ShiftReport } from '../schemas.js';
import type { Shift, ShiftReport } from '../schemas.js';

export interface ShiftReply {
  shift: Shift;
}
export interface CurrentShiftReply {
  shift: Shift | null;
}
export interface ShiftReportReply {
  report: ShiftReport;
}
export interface ShiftList {
  shifts: Shift[];
  pagination: { page: number; pageSize: number; total: number };
}
