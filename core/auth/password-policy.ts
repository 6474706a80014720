// What a new password must be: 8+ characters, not the username, and not one of the ~49,000 most common
// passwords (zxcvbn-ts's ranked list of leaked passwords), compared without regard to case.
// The list (420 KB of JavaScript) is loaded when a password is first checked, not at start (#27.5).

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

let common: Promise<Set<string>> | undefined;
const commonPasswords = () =>
  (common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()))));

/** Why this password may not be set, or undefined when it may. */
export async function passwordProblem(password: string, username?: string): Promise<string | undefined> {
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  const lower = password.toLowerCase();
  if (username && lower === username.toLowerCase()) return 'Password must not be the username';
  if ((await commonPasswords()).has(lower)) return 'This password is one of the most common passwords. Choose another';
  return undefined;
}
