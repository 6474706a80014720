// Turning an API refusal into a message under the field it names.
import { ApiError } from '../../../ui/api.js';

export type FieldErrors = Record<string, string>;

/** The field the server named in a 400, with its message; else null. */
export function fieldError(err: unknown): { field: string; message: string } | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const field = (err.details as { field?: unknown } | undefined)?.field;
  return typeof field === 'string' && field ? { field, message: err.message } : null;
}

/** The text to toast for a failed call: the server's message, else a fallback. */
export function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback;
}
