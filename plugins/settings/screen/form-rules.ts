// What the browser checks before asking the server, shared by the settings screen and the first-run setup
// (#26.8). The server checks the same rules and more (plugins/settings/validate.ts: the most common passwords).
import type { FieldErrors } from './field-errors.js';

export const MIN_PASSWORD = 8; // the server also refuses the most common passwords

/** Checks a new account (username, password typed twice) before it is sent. */
export function validateNewUser(v: { username: string; password: string; confirm: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!/^[A-Za-z0-9._-]{2,40}$/.test(v.username.trim())) errors.username = 'Username must be 2-40 letters, digits, dots, dashes or underscores';
  if (v.password.length < MIN_PASSWORD) errors.password = `Password must be at least ${MIN_PASSWORD} characters`;
  else if (v.password !== v.confirm) errors.confirm = 'The passwords do not match';
  return errors;
}

/** Empty, or the 9-10 letters and digits of a UEN (the server's rule, plugins/settings/validate.ts). */
export function paynowUenProblem(text: string): string | null {
  const v = text.trim();
  return v === '' || /^[A-Za-z0-9]{9,10}$/.test(v) ? null : 'PayNow UEN must be the 9 or 10 letters and digits of a UEN';
}
