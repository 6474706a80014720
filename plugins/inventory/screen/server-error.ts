// What a failed style write tells the form: the server's message (when it sent one) and the field it names.
import { ApiError } from '../../../ui/api.js';

/** The server's own message and field ('sizes[3].barcode'), or nothing for a dropped connection or a bare 5xx. */
export function serverProblem(err: unknown): { message: string | null; field?: string } {
  if (!(err instanceof ApiError) || err.code === undefined || !err.message) return { message: null };
  const field = (err.details as { field?: unknown } | undefined)?.field;
  return { message: err.message, field: typeof field === 'string' ? field : undefined };
}
